/**
 * Editing a flagged line introduces nothing when the line's findings stay as they were: real tsc
 * and type-aware ESLint on a file of legacy code, several findings per line. Checked cold in
 * full, cold from the baseline and served by a warm engine, which must agree; and what the edit
 * really changed (a finding's message, one more of a rule on the line, one that turned up on
 * another line) is still introduced. `culprit fix` and the ledger see the same attribution.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import type { Finding } from '../../src/core/diagnostic.js';
import { loadLedger } from '../../src/state/ledger-store.js';
import { checkTask, type CheckResult } from '../../src/tasks/check-task.js';
import { fixTask } from '../../src/tasks/fix-task.js';
import { startTask } from '../../src/tasks/start-task.js';
import { makeWarmEngine } from '../../src/warm/warm-engine.js';
import { bundlerTsconfig, makeRepo, typeAwareEslintConfig, type TestRepo } from '../helpers/repo.js';

const legacy = `// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload is not typed yet
export function total(payload: any, label: string): number {
  let count = payload.count;
  const n: number = label;
  return count + n + compute(payload.count, payload.size);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload is not typed yet
export function again(payload: any): number {
  let count = payload.count;
  return count;
}

function compute(a: number, b: number): number {
  return a + b;
}
`;

const files = {
  'package.json': '{ "name": "legacy", "private": true, "type": "module" }',
  'tsconfig.json': bundlerTsconfig,
  'eslint.config.js': typeAwareEslintConfig,
  'src/count.ts': legacy,
};

const sites = (findings: readonly Finding[]) => findings.map((finding) => `${finding.line} ${finding.code}`);

/** The findings of line 3, as every tool reports them: three rules. */
const lineThree = [
  '3 @typescript-eslint/no-unsafe-assignment',
  '3 prefer-const',
  '3 @typescript-eslint/no-unsafe-member-access',
];

describe('an edit to flagged lines', () => {
  let repo: TestRepo;
  const engine = makeWarmEngine();
  let standing = 0;
  beforeEach(async () => {
    repo ??= makeRepo({ eslint: '10', files });
    repo.write('src/count.ts', legacy);
    // A fresh task per scenario: the same findings twice in one task would read as stuck.
    const started = await startTask({ cwd: repo.root });
    standing = started.findings;
  });
  afterAll(() => {
    engine.close();
    repo.cleanup();
  });

  const edit = (replace: (text: string) => string) => repo.write('src/count.ts', replace(legacy));

  test('keeps every finding of the edited lines standing, counted as re-anchored: cold, from the baseline and served alike', async () => {
    expect(standing).toBe(13);
    edit((text) =>
      text
        .replace('let count = payload.count;\n  const', 'let count = payload.count ?? 0;\n  const')
        .replace('const n: number = label;', 'const n: number = label; // checked by the caller'),
    );
    const served = await checkTask({ cwd: repo.root, runChecks: engine.runChecks });
    const fromBaseline = await checkTask({ cwd: repo.root });
    const full = await checkTask({ cwd: repo.root, incremental: false });
    for (const result of [served, fromBaseline, full]) {
      expect(result.report.verdict).toBe('clean');
      expect(result.report.counts).toEqual({
        introduced: 0,
        resolved: 0,
        standing: 15,
        reworded: 0,
        reanchored: 4,
        silenced: 0,
      });
      expect(sites(result.details.attribution.reanchored ?? [])).toEqual([...lineThree, '4 TS2322']);
      expect(result.report.resolved.lineDeleted).toBe(0);
    }
    expect(served.details.attribution.standing.map((finding) => finding.fingerprint)).toEqual(
      full.details.attribution.standing.map((finding) => finding.fingerprint),
    );

    // The ledger counts the attempt's findings as standing, per check.
    const [task] = loadLedger(join(repo.root, '.git', 'culprit', 'ledger')).filter((entry) =>
      entry.entries.some((attempt) => attempt.verdict === 'clean' && attempt.checks.length > 0),
    );
    const attempt = task!.entries.at(-1)!;
    expect(attempt.checks.map((check) => [check.name, check.standing, check.introduced])).toEqual([
      ['tsc', 1, 0],
      // The findings and the two standing eslint-disable-next-line directives.
      ['eslint', 14, 0],
    ]);
  });

  test('of two identical lines, finds the edited one again on its own line, and resolves a fix on the other there', async () => {
    // Lines 3 and 10 are the same text with the same three findings: occurrences #1 and #2 of each.
    edit((text) => text.replace('let count = payload.count;\n  const', 'let count = payload.count ?? 0;\n  const'));
    const edited = await checkTask({ cwd: repo.root });
    expect(edited.report.counts).toMatchObject({ introduced: 0, resolved: 0, reanchored: 3, silenced: 0 });
    expect(sites(edited.details.attribution.reanchored ?? [])).toEqual(lineThree);

    edit((text) =>
      text
        .replace('let count = payload.count;\n  const', 'let count = payload.count ?? 0;\n  const')
        .replace('let count = payload.count;\n  return count;', 'const count = payload.count;\n  return count;'),
    );
    const fixed = await checkTask({ cwd: repo.root });
    expect(fixed.report.verdict).toBe('clean');
    expect(fixed.report.counts).toMatchObject({ introduced: 0, resolved: 1, reanchored: 5, silenced: 0 });
    expect(
      fixed.details.attribution.resolved.map((finding) => [finding.line, finding.code, finding.lineDeleted]),
    ).toEqual([[10, 'prefer-const', false]]);
  });

  test('follows a line split in two', async () => {
    edit((text) =>
      text.replace('compute(payload.count, payload.size)', 'compute(\n    payload.count,\n    payload.size,\n  )'),
    );
    const split = await checkTask({ cwd: repo.root });
    expect(split.report.verdict).toBe('clean');
    expect(split.report.counts).toMatchObject({ introduced: 0, resolved: 0, reanchored: 5, silenced: 0 });
    expect(sites(split.details.attribution.reanchored ?? []).sort()).toEqual(
      [
        '5 @typescript-eslint/no-unsafe-return',
        '6 @typescript-eslint/no-unsafe-argument',
        '6 @typescript-eslint/no-unsafe-member-access',
        '7 @typescript-eslint/no-unsafe-argument',
        '7 @typescript-eslint/no-unsafe-member-access',
      ].sort(),
    );
  });

  test("asks git for the edited file's line map once, while the checks run", async () => {
    const other = 'src/other.ts';
    repo.write(other, 'export const other = 1;\n');
    // The map of a file the edit modified that had findings is asked beside the runs; a new file has none to ask.
    edit((text) => text.replace('let count = payload.count;\n  const', 'let count = payload.count ?? 0;\n  const'));
    const trace = join(repo.root, '..', `git-trace-${process.pid}.txt`);
    const debugWas = process.env['CULPRIT_DEBUG'];
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.env['GIT_TRACE'] = trace;
    process.env['CULPRIT_DEBUG'] = '1';
    process.stderr.write = (chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    };
    try {
      const edited = await checkTask({ cwd: repo.root });
      expect(edited.report.counts).toMatchObject({ introduced: 0, reanchored: 3 });
    } finally {
      process.stderr.write = write;
      delete process.env['GIT_TRACE'];
      if (debugWas === undefined) delete process.env['CULPRIT_DEBUG'];
      else process.env['CULPRIT_DEBUG'] = debugWas;
      repo.remove(other);
    }
    const diffs = [...readFileSync(trace, 'utf8').matchAll(/trace: built-in: git .*diff-tree .*-U0.*/g)].map(
      (match) => match[0],
    );
    rmSync(trace, { force: true });
    expect(diffs).toHaveLength(1);
    expect(diffs[0]).toMatch(/ -- src\/count\.ts$/);
    expect(lines.filter((line) => line.includes('re-anchoring:'))).toEqual([
      expect.stringContaining('re-anchoring: 1 of 1 files mapped (1 read ahead)'),
    ]);
  });

  test('introduces a finding whose message changed, while the rest of its line stands', async () => {
    edit((text) => text.replace('let count = payload.count;\n  const', 'let count = payload.total;\n  const'));
    const changed = await checkTask({ cwd: repo.root });
    expect(changed.report.verdict).toBe('introduced');
    expect(changed.report.counts).toMatchObject({ introduced: 1, resolved: 1, reanchored: 2, silenced: 0 });
    expect(changed.report.shown.map((finding) => `${finding.line} ${finding.code} ${finding.message}`)).toEqual([
      '3 @typescript-eslint/no-unsafe-member-access Unsafe member access .total on an `any` value.',
    ]);
  });

  test('keeps the fix-and-break swap visible: one more of a rule on the line, or one on a line the edit did not make of it', async () => {
    edit((text) =>
      text.replace('let count = payload.count;\n  const', 'let count = payload.count + payload.count;\n  const'),
    );
    const doubled = await checkTask({ cwd: repo.root });
    expect(doubled.report.counts).toMatchObject({ introduced: 1, resolved: 0, reanchored: 3, silenced: 0 });
    expect(sites(doubled.details.attribution.introduced)).toEqual(['3 @typescript-eslint/no-unsafe-member-access']);

    // Line 3's member access fixed, the same access added on line 11: that one is new.
    edit((text) =>
      text
        .replace('let count = payload.count;\n  const', 'let count = 0;\n  const')
        .replace('  return count;\n', '  return count + payload.count;\n'),
    );
    const moved = await checkTask({ cwd: repo.root });
    expect(sites(moved.details.attribution.introduced)).toEqual(['11 @typescript-eslint/no-unsafe-member-access']);
    expect(sites(moved.details.attribution.resolved)).toEqual([
      '3 @typescript-eslint/no-unsafe-assignment',
      '3 @typescript-eslint/no-unsafe-member-access',
      '5 @typescript-eslint/no-unsafe-return',
    ]);
    expect(sites(moved.details.attribution.reanchored ?? [])).toEqual([
      '3 prefer-const',
      '11 @typescript-eslint/no-unsafe-return',
    ]);
  });
});

test('culprit fix fixes what the edit introduced on a line whose other findings stay standing', async () => {
  const repo = makeRepo({
    eslint: '10',
    files: {
      ...files,
      'src/count.ts': legacy.replace('let count = payload.count;\n  const', 'const count = payload.count;\n  const'),
    },
  });
  try {
    await startTask({ cwd: repo.root });
    // The agent's edit turns the const into a let: prefer-const is its own, the two unsafe findings are not.
    repo.write(
      'src/count.ts',
      legacy.replace('let count = payload.count;\n  const', 'let count = payload.count ?? 0;\n  const'),
    );
    const checked: CheckResult = await checkTask({ cwd: repo.root, oncePerTree: false });
    expect(sites(checked.details.attribution.introduced)).toEqual(['3 prefer-const']);
    const { plan, result } = await fixTask({ cwd: repo.root });
    expect(plan.fixes.map((fix) => `${fix.range.line} ${fix.code}`)).toEqual(['3 prefer-const']);
    expect(repo.read('src/count.ts')).toContain('  const count = payload.count ?? 0;\n');
    expect(result.report.verdict).toBe('clean');
    expect(result.report.counts).toMatchObject({ introduced: 0, resolved: 0, reanchored: 2, silenced: 0 });
    expect(sites(result.details.attribution.reanchored ?? [])).toEqual([
      '3 @typescript-eslint/no-unsafe-assignment',
      '3 @typescript-eslint/no-unsafe-member-access',
    ]);
  } finally {
    repo.cleanup();
  }
});
