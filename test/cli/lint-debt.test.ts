/**
 * The lint story: ~300 standing findings that an edit moves down the file are never the
 * edit's doing, while a genuinely new finding is reported alone.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { insertedHeader, lintDebtFiles } from '../fixtures/lint-debt.js';

let repo: TestRepo;
beforeAll(() => {
  repo = makeRepo({ eslint: '10', files: lintDebtFiles });
});
afterAll(() => repo.cleanup());

test('start reports the standing debt', () => {
  const start = runCli(repo.root, ['start', '--json']);
  expect(start.exitCode).toBe(0);
  const summary = JSON.parse(start.stdout) as {
    clean: boolean;
    findings: number;
    checks: { name: string; findings: number }[];
  };
  expect(summary.clean).toBe(false);
  expect(summary.findings).toBe(305);
  expect(summary.checks.map((check) => [check.name, check.findings])).toEqual([
    ['tsc', 0],
    ['eslint', 305],
  ]);
});

test('lines inserted above 305 standing findings introduce and resolve nothing', () => {
  repo.write('src/legacy.ts', insertedHeader + repo.read('src/legacy.ts'));
  const { exitCode, report } = checkJson(repo.root);
  expect(report.counts).toEqual({ introduced: 0, resolved: 0, standing: 305, reworded: 0, reanchored: 0, silenced: 0 });
  expect(report.verdict).toBe('clean');
  expect(report.shown).toEqual([]);
  expect(exitCode).toBe(0);
});

test('a new finding next to the moved debt is the only thing shown', () => {
  repo.write(
    'src/invoice.ts',
    'export function currencyOf(code: string): string {\n  let upper = code.toUpperCase();\n  return upper;\n}\n',
  );
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.counts).toEqual({ introduced: 1, resolved: 0, standing: 305, reworded: 0, reanchored: 0, silenced: 0 });
  expect(report.shown).toEqual([
    expect.objectContaining({
      tool: 'eslint',
      code: 'prefer-const',
      path: 'src/invoice.ts',
      line: 2,
      column: 7,
      severity: 'error',
      phase: 'lint',
    }),
  ]);
});
