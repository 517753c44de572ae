/**
 * `"fixBeforeBlock": true`: Claude Code's edit hook, the built CLI and real tsc. The hook finishes
 * the rename of a member (TypeScript's rename provider on the code before the edit) before it
 * reports, says what it fixed, and blocks only on what is left (a literal that only structurally
 * meets the type, which no rename reaches); a tree the fixes made clean is still reported, since
 * the model's files changed.
 */
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';
import { claudeCodeDocuments } from './documents.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const files = {
  'package.json': '{ "name": "hooks", "private": true, "type": "module" }',
  'tsconfig.json': bundlerTsconfig,
  'culprit.config.json': '{ "fixBeforeBlock": true }\n',
  'src/types.ts': 'export interface Rate { amount: number }\n',
  'src/rates.ts': "import type { Rate } from './types';\nexport const rate = (r: Rate): number => r.amount * 2;\n",
  'src/app.ts':
    "import type { Rate } from './types';\nimport { rate } from './rates';\nexport const show = (r: Rate): string => `${r.amount}: ${rate(r)}`;\n",
};

function editHook(root: string): { systemMessage: string; context: string } {
  const result = runCli(root, ['hook', 'claude-code'], {
    input: JSON.stringify(claudeCodeDocuments.edits['Edit']!(root, 'src/types.ts')),
  });
  expect(result.stderr).toBe('');
  expect(result.exitCode).toBe(0);
  const answer = JSON.parse(result.stdout) as {
    systemMessage: string;
    hookSpecificOutput: { hookEventName: string; additionalContext: string };
  };
  expect(answer.hookSpecificOutput.hookEventName).toBe('PostToolUse');
  return { systemMessage: answer.systemMessage, context: answer.hookSpecificOutput.additionalContext };
}

test('the sites are fixed before the hook reports: the model is told what was fixed, and that the tree is clean', () => {
  repo = makeRepo({ files });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/types.ts', 'export interface Rate { value: number }\n');
  const { systemMessage, context } = editHook(repo.root);
  const said =
    "culprit fix: finished the rename of `Rate.amount` to `value` at 2 sites in 2 files, as TypeScript's rename does on the code before your edit:";
  expect(context).toBe(
    [said, '  src/app.ts:3:47  TS2339 (rename)', '  src/rates.ts:2:44  TS2339 (rename)', ''].join('\n'),
  );
  expect(systemMessage).toBe(said);
  expect(repo.read('src/rates.ts')).toContain('r.value * 2');
  expect(repo.read('src/app.ts')).toContain('`${r.value}: ${rate(r)}`');
});

test('what the fixes leave blocks, after the lines that say what was fixed', () => {
  repo = makeRepo({
    files: {
      ...files,
      'src/sync.ts':
        "import type { Rate } from './types';\nexport const amountOf = ({ amount }: Rate): number => amount;\nconst raw = { amount: 1 };\nexport const one: Rate = raw;\n",
    },
  });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/types.ts', 'export interface Rate { value: number }\n');
  const { context } = editHook(repo.root);
  expect(context).toMatch(
    /^culprit fix: finished the rename of `Rate\.amount` to `value` at 3 sites in 3 files, as TypeScript's rename does on the code before your edit:\n {2}src\/app\.ts:3:47 {2}TS2339 \(rename\)\n {2}src\/rates\.ts:2:44 {2}TS2339 \(rename\)\n {2}src\/sync\.ts:2:28 {2}TS2339 \(rename\)\n\nculprit: your edit introduced 1 finding;/,
  );
  // The destructured parameter is renamed as an editor renames it; the literal only meets `Rate` structurally.
  expect(repo.read('src/sync.ts')).toContain('({ value: amount }: Rate)');
  expect(context).toContain('src/sync.ts:4:');
  expect(repo.read('src/sync.ts')).toContain('const raw = { amount: 1 };');
});

test('without fixBeforeBlock the hook fixes nothing: it reports the sites for the model to fix', () => {
  const { 'culprit.config.json': _config, ...unconfigured } = files;
  repo = makeRepo({ files: unconfigured });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/types.ts', 'export interface Rate { value: number }\n');
  const { context } = editHook(repo.root);
  expect(context).toMatch(/^culprit: your edit introduced 2 findings;/);
  expect(repo.read('src/rates.ts')).toBe(files['src/rates.ts']);
});
