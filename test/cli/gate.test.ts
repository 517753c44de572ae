/**
 * The checked-in baseline and the merge gate through the CLI, on real repositories checked by
 * real tsc: byte-stable writes, the swap case, pruning that only shrinks, renames, and exit 2
 * whenever there is no answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { captureRepoState } from '../baseline/repo-state.js';

/** Most tests run culprit four or more times, each with a real tsc run; a shared machine can be slow. */
const slow = 300_000;

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const tsconfig = JSON.stringify({
  compilerOptions: { strict: true, lib: ['es2022'], noEmit: true, types: [] },
  include: ['src'],
});
const base = { 'package.json': '{ "name": "gate", "private": true, "type": "module" }', 'tsconfig.json': tsconfig };

/** Two standing errors of one rule in one file, one in another file. */
const debt = {
  'src/a.ts': "export const one: number = 'one';\nexport const two: number = 'two';\n",
  'src/b.ts': 'export const three: string = 3;\n',
};

interface GateJson {
  verdict: string;
  counts: { new: number; unchanged: number; absent: number; reanchored: number };
  findings: {
    state: string;
    path: string | null;
    code: string;
    line?: number;
    fingerprint: string;
    renamedFrom?: string;
  }[];
  renames: { from: string; to: string }[];
  notes: string[];
}

function gateJson(r: TestRepo): { exitCode: number; report: GateJson; stderr: string } {
  const result = runCli(r.root, ['gate', '--json']);
  if (!result.stdout.startsWith('{'))
    throw new Error(`culprit gate printed no JSON (exit ${result.exitCode}): ${result.stderr}`);
  return { exitCode: result.exitCode, report: JSON.parse(result.stdout) as GateJson, stderr: result.stderr };
}

function readBaseline(r: TestRepo): string {
  return readFileSync(join(r.root, 'culprit-baseline.json'), 'utf8');
}

function written(files: Record<string, string>): TestRepo {
  repo = makeRepo({ files: { ...base, ...files } });
  const write = runCli(repo.root, ['baseline', '--write']);
  expect(write.exitCode, write.stderr).toBe(0);
  return repo;
}

test(
  'baseline --write is byte-identical when nothing changed, and the gate passes without touching anything',
  () => {
    const r = written(debt);
    const text = readBaseline(r);
    const file = JSON.parse(text) as {
      checks: {
        tsc: {
          version: string;
          files: Record<string, { count: number; code: string; message: string; source: string }[]>;
        };
      };
    };
    expect(file.checks.tsc.version).toBe('6.0.3');
    expect(file.checks.tsc.files['src/a.ts']).toEqual([
      expect.objectContaining({
        count: 1,
        code: 'TS2322',
        message: "Type 'string' is not assignable to type 'number'.",
        source: "export const one: number = 'one';",
      }),
      expect.objectContaining({ count: 1, code: 'TS2322', source: "export const two: number = 'two';" }),
    ]);
    r.commit('adopt the gate');

    // Moving code around changes no identity: the same bytes.
    r.write('src/a.ts', `// moved\n\n${r.read('src/a.ts')}`);
    const again = runCli(r.root, ['baseline', '--write']);
    expect(again.stdout).toBe('culprit: culprit-baseline.json is up to date: 3 findings (tsc: 3).\n');
    expect(readBaseline(r)).toBe(text);

    const before = captureRepoState(r.root);
    const result = runCli(r.root, ['gate']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('culprit gate: passed: 3 findings, all allowed by culprit-baseline.json (tsc: 3).\n');
    expect(captureRepoState(r.root)).toEqual(before);
  },
  slow,
);

test(
  'fixing one finding and introducing another of the same rule in the same file fails the gate',
  () => {
    const r = written(debt);
    r.write(
      'src/a.ts',
      "export const one: number = 1;\nexport const two: number = 'two';\nexport const four: number = 'four';\n",
    );
    const { exitCode, report } = gateJson(r);
    expect(exitCode).toBe(1);
    expect(report.verdict).toBe('new-findings');
    expect(report.counts).toEqual({ new: 1, unchanged: 2, absent: 1, reanchored: 0 });
    expect(
      report.findings.filter((f) => f.state !== 'unchanged').map((f) => [f.state, f.path, f.code, f.line]),
    ).toEqual([
      ['new', 'src/a.ts', 'TS2322', 3],
      ['absent', 'src/a.ts', 'TS2322', undefined],
    ]);
    const text = runCli(r.root, ['gate']);
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toContain("src/a.ts:3:14 error TS2322 Type 'string' is not assignable to type 'number'.");
    expect(text.stdout).toContain('culprit baseline --prune');
  },
  slow,
);

test(
  'a fixed finding must be pruned; prune only shrinks the file',
  () => {
    const r = written(debt);
    const original = readBaseline(r);
    r.write('src/b.ts', 'export const three: string = "3";\n');
    const stale = runCli(r.root, ['gate']);
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout.split('\n')[0]).toBe(
      'culprit gate: FAILED: culprit-baseline.json lists 1 finding that no longer exists: run `culprit baseline --prune` and commit culprit-baseline.json, so they cannot come back unnoticed.',
    );

    // A new finding appears too: prune removes the fixed one and does not accept the new one.
    r.write('src/c.ts', "export const five: number = 'five';\n");
    const prune = runCli(r.root, ['baseline', '--prune']);
    expect(prune.exitCode, prune.stderr).toBe(0);
    expect(prune.stdout).toBe(
      'culprit: pruned culprit-baseline.json: removed 1 finding that no longer exists; 2 findings (tsc: 2) remain.\n',
    );
    const pruned = JSON.parse(readBaseline(r)) as { checks: { tsc: { files: Record<string, unknown[]> } } };
    const before = JSON.parse(original) as typeof pruned;
    expect(pruned.checks.tsc.files).toEqual({ 'src/a.ts': before.checks.tsc.files['src/a.ts'] });
    expect(runCli(r.root, ['baseline', '--prune']).stdout).toBe(
      'culprit: nothing to prune in culprit-baseline.json: 2 findings (tsc: 2).\n',
    );

    const { exitCode, report } = gateJson(r);
    expect(exitCode).toBe(1);
    expect(report.findings.filter((f) => f.state === 'new').map((f) => f.path)).toEqual(['src/c.ts']);
  },
  slow,
);

test(
  'a renamed file passes the gate, and prune records its new path',
  () => {
    const r = written({ ...debt, 'src/use.ts': "import { one } from './a';\nexport const n: number = one;\n" });
    r.commit('adopt the gate');
    r.move('src/a.ts', 'src/lib/renamed.ts');
    r.write('src/use.ts', "import { one } from './lib/renamed';\nexport const n: number = one;\n");
    const { exitCode, report } = gateJson(r);
    expect(exitCode).toBe(0);
    expect(report.verdict).toBe('pass');
    expect(report.renames).toEqual([{ from: 'src/a.ts', to: 'src/lib/renamed.ts' }]);
    expect(report.findings.filter((f) => f.renamedFrom !== undefined).map((f) => f.path)).toEqual([
      'src/lib/renamed.ts',
      'src/lib/renamed.ts',
    ]);

    expect(runCli(r.root, ['baseline', '--prune']).exitCode).toBe(0);
    const file = JSON.parse(readBaseline(r)) as { checks: { tsc: { files: Record<string, unknown[]> } } };
    expect(Object.keys(file.checks.tsc.files)).toEqual(['src/b.ts', 'src/lib/renamed.ts']);
    expect(gateJson(r).report).toMatchObject({ verdict: 'pass', renames: [], notes: [] });
  },
  slow,
);

test('no baseline file, a malformed one, or a check that cannot run: exit 2 with one line', () => {
  repo = makeRepo({ files: { ...base, ...debt } });
  const missing = runCli(repo.root, ['gate']);
  expect(missing.exitCode).toBe(2);
  expect(missing.stderr).toBe(
    `culprit: no culprit-baseline.json in ${repo.root}: run \`culprit baseline --write\` and commit it\n`,
  );

  repo.write('culprit-baseline.json', '{ "version": 2, "checks": {} }\n');
  const malformed = runCli(repo.root, ['gate']);
  expect(malformed.exitCode).toBe(2);
  expect(malformed.stderr).toMatch(/^culprit: culprit-baseline\.json: version: .+\n$/);

  expect(runCli(repo.root, ['baseline']).exitCode).toBe(2);

  const empty = '{ "version": 1, "checks": {} }\n';
  repo.write('culprit-baseline.json', empty);
  repo.write('culprit.config.json', JSON.stringify({ checks: { tsc: { timeoutMs: 1 } } }));
  const failed = runCli(repo.root, ['gate']);
  expect(failed.exitCode).toBe(2);
  expect(failed.stdout).toMatch(/^culprit gate: NOT a result: tsc timed-out/);
  const notWritten = runCli(repo.root, ['baseline', '--write']);
  expect(notWritten.exitCode).toBe(2);
  expect(notWritten.stderr).toMatch(/^culprit: culprit-baseline\.json was not written: tsc timed-out/);
  expect(readBaseline(repo)).toBe(empty);
});
