/**
 * `culprit hook <agent>` as each agent runs it: the built CLI, the agent's own hook documents on
 * stdin, a real repository checked by real tsc. One loop per agent: clean edit, an edit that
 * breaks two files, a stop that is blocked, progress that keeps it blocked (also when it reveals
 * the next file), a stuck attempt and two attempts without progress that let the model stop, and a
 * clean end. Codex, whose user sees only the model, holds the stuck stop once first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';
import { agentDocuments, type AgentDocuments } from './documents.js';

const tsconfig = bundlerTsconfig;

// Renaming Rate.amount breaks rates.ts, sync.ts and app.ts: every site of one changed declaration.
const files = {
  'package.json': '{ "name": "hooks", "private": true, "type": "module" }',
  'tsconfig.json': tsconfig,
  'src/types.ts': 'export interface Rate { amount: number }\n',
  'src/rates.ts': "import type { Rate } from './types';\nexport const rate = (r: Rate): number => r.amount * 2;\n",
  'src/sync.ts':
    "import type { Rate } from './types';\nexport const same = (a: Rate, b: Rate): boolean => a.amount === b.amount;\n",
  'src/app.ts':
    "import type { Rate } from './types';\nimport { rate } from './rates';\nexport const show = (r: Rate): string => `${r.amount}: ${rate(r)}`;\n",
};

function parse(result: CliResult): Record<string, unknown> {
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

function expectSilent(result: CliResult): void {
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe('');
}

describe.each(agentDocuments)('culprit hook $agent', (documents: AgentDocuments) => {
  let repo: TestRepo;
  const hook = (document: unknown) =>
    runCli(repo.root, ['hook', documents.agent], {
      input: typeof document === 'string' ? document : JSON.stringify(document),
    });
  const [firstEdit, ...otherEdits] = Object.entries(documents.edits);
  /** The payload of an answer that makes the model act, after checking the answer's shape. */
  const payloadOf = (answer: Record<string, unknown>, kind: 'edit' | 'stop') => {
    expect(Object.keys(answer)).toEqual(documents.blocked[kind].keys);
    return documents.blocked[kind].payload(answer);
  };

  beforeAll(() => {
    repo = makeRepo({ files });
  });
  afterAll(() => repo.cleanup());

  it('ignores tools that write nothing and events it does not answer, without checking', () => {
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
    expectSilent(hook(documents.other(repo.root)));
    expectSilent(hook(documents.unrelated(repo.root)));
  });

  it(`says nothing after ${firstEdit![0]} on a clean tree`, () => {
    expectSilent(hook(firstEdit![1](repo.root, 'src/types.ts')));
  });

  it('blocks a stop while the edit introduced findings', () => {
    repo.write('src/types.ts', 'export interface Rate { value: number }\n');
    const result = hook(documents.stop(repo.root, false));
    const payload = payloadOf(parse(result), 'stop');
    expect(payload).toMatch(
      /^culprit: your edit introduced 4 findings; showing 4 in 3 files, every site of the declaration your edit changed in src\/types\.ts\./,
    );
    expect(result.stdout.length).toBeLessThan(10_000);
  });

  it('blocks again on a continued stop while the sites fall', () => {
    repo.write(
      'src/sync.ts',
      "import type { Rate } from './types';\nexport const same = (a: Rate, b: Rate): boolean => a.value === b.value;\n",
    );
    const payload = payloadOf(parse(hook(documents.stop(repo.root, true))), 'stop');
    expect(payload).toMatch(
      /^culprit: your edit introduced 2 findings; showing 2 in 2 files, every site of the declaration your edit changed in src\/types\.ts\./,
    );
  });

  it('lets the model stop when it is stuck (Codex: once the model was asked to tell the user)', () => {
    if (documents.agent === 'codex') {
      // `codex exec` shows the user nothing a hook says: the stop is held once for the model to say it.
      const held = parse(hook(documents.stop(repo.root, true)));
      expect(Object.keys(held)).toEqual(['decision', 'reason']);
      expect(held['reason']).toMatch(
        /^culprit is stuck, and the user does not see culprit's messages here, only your reply\..*\n\nculprit: stuck: the same 2 findings came back unchanged/s,
      );
      // The model replied without editing and without saying so: the next stop goes all the same.
    }
    const answer = parse(hook(documents.stop(repo.root, true)));
    expect(answer).not.toHaveProperty('decision');
    expect(answer['systemMessage']).toMatch(/^culprit: stuck: the same 2 findings came back unchanged/);
  });

  it('blocks again when a continued stop fixed some of the sites shown: that is progress', () => {
    repo.write(
      'src/rates.ts',
      "import type { Rate } from './types';\nexport const rate = (r: Rate): number => r.value * 2;\n",
    );
    const payload = payloadOf(parse(hook(documents.stop(repo.root, true))), 'stop');
    expect(payload).toMatch(
      /^culprit: your edit introduced 1 finding; showing 1 in 1 file, every site of the declaration your edit changed in src\/types\.ts\./,
    );
    expect(payload).toContain('src/types.ts:1 One cause: your edit renamed `Rate.amount` to `value`.');
    expect(payload).toContain('src/app.ts:3:47 error TS2339');
  });

  it('lets the model stop once two continued stops in a row fixed nothing they were shown', () => {
    const sync =
      "import type { Rate } from './types';\nexport const same = (a: Rate, b: Rate): boolean => a.value === b.value;\n";
    repo.write('src/sync.ts', `${sync}export const first: number = 'x';\n`);
    const once = parse(hook(documents.stop(repo.root, true)));
    expect(payloadOf(once, 'stop')).toMatch(/^culprit: your edit introduced/);
    repo.write('src/sync.ts', `${sync}export const first: number = 'x';\nexport const second: number = 'y';\n`);
    const answer = parse(hook(documents.stop(repo.root, true)));
    expect(answer).not.toHaveProperty('decision');
    expect(answer['systemMessage']).toMatch(
      /^culprit: not blocking the stop again: nothing that was shown was fixed in the last 2 attempts/,
    );
    expect(answer['systemMessage']).toContain('src/app.ts:3:47 error TS2339');
    repo.write('src/sync.ts', sync);
  });

  it('blocks after an edit that introduced findings, and says nothing once clean', () => {
    repo.write(
      'src/app.ts',
      "import type { Rate } from './types';\nimport { rate } from './rates';\nexport const show = (r: Rate): string => `${r.value}: ${rate(r)}`;\n",
    );
    for (const [, document] of otherEdits) expectSilent(hook(document(repo.root, 'src/app.ts')));
    repo.write('src/sync.ts', 'export const broken: number = "x";\n');
    const payload = payloadOf(parse(hook(firstEdit![1](repo.root, 'src/sync.ts'))), 'edit');
    expect(payload).toMatch(/^culprit: your edit introduced 1 finding; showing 1 in 1 root file \(src\/sync\.ts\)/);
  });

  it('blocks a stop right after that edit hook: the same tree is the same attempt, not a stuck one', () => {
    const payload = payloadOf(parse(hook(documents.stop(repo.root, false))), 'stop');
    expect(payload).toMatch(/^culprit: your edit introduced 1 finding; showing 1 in 1 root file \(src\/sync\.ts\)/);
  });

  it('tells the user, not the model, when culprit cannot check', () => {
    repo.write('culprit.config.json', '{ "maxFiles": 0 }');
    const answer = parse(hook(firstEdit![1](repo.root, 'culprit.config.json')));
    expect(answer).toEqual({ systemMessage: expect.stringMatching(/^culprit: culprit\.config\.json: .*maxFiles/) });
    repo.remove('culprit.config.json');
  });

  it('rejects input it cannot read with one line on stderr and exit 1, never 2', () => {
    for (const input of [
      'not json',
      '[1]',
      JSON.stringify({ cwd: repo.root }),
      JSON.stringify({ ...documents.stop(repo.root, false), stop_hook_active: 'yes' }),
    ]) {
      const result = hook(input);
      expect(result.exitCode, input).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        new RegExp(`^culprit hook ${documents.agent}: the ${documents.agent} hook input is [^\\n]+\\n$`),
      );
    }
  });
});
