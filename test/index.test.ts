/**
 * The library API, used the way a harness would use it: no CLI, same results.
 */
import { afterEach, expect, test } from 'vitest';
import { attribute, checkTask, debtCheckTask, debtStartTask, exitCodeOf, renderText, startTask } from '../src/index.js';
import { makeRepo, type TestRepo } from './helpers/repo.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

test('startTask and checkTask give the report the CLI prints', async () => {
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "lib", "type": "module" }',
      'tsconfig.json': JSON.stringify({
        compilerOptions: { lib: ['es2022'], strict: true, noEmit: true, types: [] },
        include: ['src'],
      }),
      'src/a.ts': "export const standing: number = 'old debt';\n",
    },
  });
  const started = await startTask({ cwd: repo.root });
  expect([started.findings, started.errors, started.complete]).toEqual([1, 1, true]);

  repo.write('src/b.ts', 'export const fresh: string = 42;\n');
  const { report, sources, context } = await checkTask({ cwd: repo.root });
  expect(report.verdict).toBe('introduced');
  expect(exitCodeOf(report.verdict)).toBe(1);
  expect(report.counts).toEqual({ introduced: 1, resolved: 0, standing: 1, reworded: 0, reanchored: 0, silenced: 0 });
  expect(report.shown.map((f) => [f.path, f.line, f.column, f.code])).toEqual([['src/b.ts', 1, 14, 'TS2322']]);
  const text = renderText(report, { outputLimit: context.settings.outputLimit, sourceLines: sources.lines });
  expect(text).toContain("src/b.ts:1:14 error TS2322 Type 'number' is not assignable to type 'string'.");
});

test('debtStartTask takes standing findings as the task and debtCheckTask sees them fixed', async () => {
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "lib", "type": "module" }',
      'tsconfig.json': JSON.stringify({
        compilerOptions: { lib: ['es2022'], strict: true, noEmit: true, types: [] },
        include: ['src'],
      }),
      'src/a.ts': "export const standing: number = 'old debt';\n",
      'src/b.ts': 'export const other: string = 1;\n',
    },
  });
  const started = await debtStartTask({ cwd: repo.root, paths: ['src/a.ts'] });
  expect(started.report.targets).toEqual({ total: 1, resolved: 0, remaining: 1 });
  expect(started.report.shown.map((f) => [f.path, f.code])).toEqual([['src/a.ts', 'TS2322']]);
  expect(exitCodeOf(started.report.verdict)).toBe(1);

  repo.write('src/a.ts', 'export const standing: number = 1;\n');
  const { report } = await debtCheckTask({ cwd: repo.root });
  expect(report.verdict).toBe('clean');
  expect(report.targets).toEqual({ total: 1, resolved: 1, remaining: 0 });
  // src/b.ts's finding is standing debt outside the campaign: neither shown nor counted as introduced.
  expect(report.counts).toEqual({ introduced: 0, resolved: 1, standing: 1, reworded: 0, reanchored: 0, silenced: 0 });
});

test('attribute works on plain data without any tool', () => {
  const finding = {
    tool: 'lint',
    code: 'no-x',
    severity: 'error' as const,
    phase: 'lint' as const,
    path: 'a.ts',
    line: 3,
    column: 1,
    message: 'x at 3',
    anchor: 'x();',
  };
  const moved = { ...finding, line: 9, message: 'x at 9' };
  const result = attribute([finding], [moved, { ...moved, line: 12, anchor: 'y();' }]);
  expect(result.standing).toHaveLength(1);
  expect(result.introduced.map((f) => f.line)).toEqual([12]);
  expect(result.resolved).toEqual([]);
});

test('the public entry stays small: at most 40 values, the rest in src/internal.ts', async () => {
  const api = await import('../src/index.js');
  expect(Object.keys(api).length).toBeLessThanOrEqual(40);
  expect(Object.keys(api)).toEqual(
    expect.arrayContaining([
      'startTask',
      'checkTask',
      'debtStartTask',
      'debtCheckTask',
      'fixTask',
      'gateTask',
      'renderText',
      'makeMcpServer',
      'decideHook',
    ]),
  );
});
