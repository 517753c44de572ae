/**
 * The warm worker's faults end as a cold run's do. A check that hangs is reported timed-out: the
 * worker's process group is killed, the check the worker had answered keeps its answer, the one
 * it had not started yet runs cold, and the next run starts a new worker that answers as a cold
 * run would. A tool that is missing or a config that does not load fails with a cold run's
 * message, and once fixed, a fresh worker answers. An install under the worker restarts it cold.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../src/checks/check.js';
import { runChecks } from '../../src/checks/runner/run-check.js';
import { makeRepo } from '../helpers/repo.js';
import { isProcessAlive, waitFor } from '../checks/helpers.js';
import { makeComparable, useDebugLines, useRepos, useWarmEngine } from './helpers.js';

/** A local rule that never returns on a file containing HANG. */
const hangingConfig = `const hang = {
  meta: { type: 'problem', schema: [] },
  create: (context) => ({
    Program() {
      if (context.sourceCode.text.includes('HANG')) for (;;) {}
    },
  }),
};
export default [{ files: ['**/*.js'], plugins: { local: { rules: { hang } } }, rules: { 'local/hang': 'error', 'no-unused-vars': 'error' } }];
`;

const repos = useRepos();
const getEngine = useWarmEngine();
const debug = useDebugLines();

function makeChecks(eslintTimeoutMs: number): ResolvedCheck[] {
  return [
    { name: 'tsc', kind: 'tsc', timeoutMs: 120_000, options: { project: 'tsconfig.json' } },
    {
      name: 'eslint',
      kind: 'eslint',
      timeoutMs: eslintTimeoutMs,
      options: { cwd: '.', patterns: ['a.js'], ignores: [] },
    },
    { name: 'lint-b', kind: 'eslint', timeoutMs: 120_000, options: { cwd: '.', patterns: ['b.js'], ignores: [] } },
  ];
}

describe('a timeout in the warm worker', () => {
  it('is reported timed-out, and the next run works', async () => {
    const repo = repos.add(
      makeRepo({
        typescript: '6.0',
        eslint: '10',
        files: {
          'package.json': '{ "type": "module" }\n',
          'eslint.config.js': hangingConfig,
          'tsconfig.json': JSON.stringify({
            compilerOptions: { strict: true, lib: ['es2022'], types: [], noEmit: true },
            include: ['src'],
          }),
          'src/index.ts': 'export const count: number = "1";\n',
          'a.js': 'const unusedA = 1;\n',
          'b.js': 'const unusedB = 2;\n',
        },
      }),
    );
    const engine = getEngine();
    const relaxed = makeChecks(120_000);
    const [warm, cold] = await Promise.all([engine.runChecks(relaxed, repo.root), runChecks(relaxed, repo.root)]);
    expect(warm.map(makeComparable)).toEqual(cold.map(makeComparable));
    expect(warm.map((run) => [run.name, run.status, run.diagnostics.length])).toEqual([
      ['tsc', 'ok', 1],
      ['eslint', 'ok', 1],
      ['lint-b', 'ok', 1],
    ]);
    const [pid] = engine.workerPids;
    expect(pid).toBeDefined();
    debug.take();

    repo.write('a.js', 'const unusedA = 1; // HANG\n');
    const hung = await engine.runChecks(makeChecks(2_000), repo.root);
    expect(hung[1]).toEqual({
      name: 'eslint',
      status: 'timed-out',
      durationMs: hung[1]!.durationMs,
      version: null,
      diagnostics: [],
      error: 'eslint did not finish within 2000 ms and was stopped',
    });
    expect(hung[1]!.durationMs).toBeGreaterThanOrEqual(2_000);
    // tsc was answered before the hang; lint-b, which the worker never started, ran cold.
    expect(makeComparable(hung[0]!)).toEqual(makeComparable(cold[0]!));
    expect(makeComparable(hung[2]!)).toEqual(makeComparable(cold[2]!));
    expect(debug.take()).toContain('warm: running lint-b cold');
    expect(engine.workerPids).toEqual([]);
    expect(await waitFor(() => !isProcessAlive(pid!), 5_000)).toBe(true);

    // The tree the first cold run checked, again.
    repo.write('a.js', 'const unusedA = 1;\n');
    const again = await engine.runChecks(relaxed, repo.root);
    expect(again.map(makeComparable)).toEqual(cold.map(makeComparable));
    expect(engine.workerPids).toHaveLength(1);
    expect(engine.workerPids[0]).not.toBe(pid);
  });
});

describe('a warm check that cannot run', () => {
  it('fails as a cold run fails, and a fresh worker answers once it is fixed', async () => {
    const repo = repos.add(
      makeRepo({
        typescript: false,
        eslint: '10',
        files: {
          'package.json': '{ "type": "module" }\n',
          'eslint.config.js': 'export default [ { rules: {} }\n',
          'tsconfig.json': '{ "include": ["src"] }\n',
          'a.js': 'const unusedA = 1;\n',
        },
      }),
    );
    const engine = getEngine();
    const checks: ResolvedCheck[] = [
      { name: 'tsc', kind: 'tsc', timeoutMs: 120_000, options: { project: 'tsconfig.json' } },
      { name: 'eslint', kind: 'eslint', timeoutMs: 120_000, options: { cwd: '.', patterns: ['.'], ignores: [] } },
    ];
    const compare = async () => {
      const [warm, cold] = await Promise.all([engine.runChecks(checks, repo.root), runChecks(checks, repo.root)]);
      expect(warm.map(makeComparable)).toEqual(cold.map(makeComparable));
      return warm;
    };
    const broken = await compare();
    expect(broken.map(({ name, status, error }) => ({ name, status, error }))).toEqual([
      {
        name: 'tsc',
        status: 'missing',
        error: `typescript is not installed in ${repo.root}: no typescript found from ${repo.root} upwards`,
      },
      {
        name: 'eslint',
        status: 'failed',
        error: 'eslint.config.js could not be loaded: SyntaxError: Unexpected end of input',
      },
    ]);
    // A session that failed may hold half-loaded modules: the worker is retired.
    expect(engine.workerPids).toEqual([]);

    repo.write('eslint.config.js', "export default [{ rules: { 'no-unused-vars': 'error' } }];\n");
    const fixed = await compare();
    expect(fixed.map(({ name, status }) => [name, status])).toEqual([
      ['tsc', 'missing'],
      ['eslint', 'ok'],
    ]);
    expect(fixed[1]!.diagnostics.map(({ path, code }) => `${path} ${code}`)).toEqual(['a.js no-unused-vars']);
  });
});

describe('an install under a warm worker', () => {
  it('makes it stale: a new worker answers, cold', async () => {
    const repo = repos.add(
      makeRepo({
        typescript: '6.0',
        files: {
          'tsconfig.json': JSON.stringify({
            compilerOptions: { strict: true, lib: ['es2022'], types: [], noEmit: true },
            include: ['src'],
          }),
          'src/index.ts': 'export const count: number = "1";\n',
        },
      }),
    );
    const engine = getEngine();
    const checks: ResolvedCheck[] = [
      { name: 'tsc', kind: 'tsc', timeoutMs: 120_000, options: { project: 'tsconfig.json' } },
    ];
    const first = await engine.runChecks(checks, repo.root);
    const [pid] = engine.workerPids;
    debug.take();
    // What npm writes on every install.
    writeFileSync(join(repo.root, 'node_modules', '.package-lock.json'), '{ "lockfileVersion": 3 }\n');
    const [again, cold] = await Promise.all([engine.runChecks(checks, repo.root), runChecks(checks, repo.root)]);
    expect(again.map(makeComparable)).toEqual(cold.map(makeComparable));
    expect(again.map(makeComparable)).toEqual(first.map(makeComparable));
    expect(debug.take()).toContain(
      `warm: the worker is stale (${join(repo.root, 'node_modules', '.package-lock.json')} changed); starting a new one, cold`,
    );
    expect(engine.workerPids).toHaveLength(1);
    expect(engine.workerPids[0]).not.toBe(pid);
  });
});

/** A local rule that throws when it lints a file a second time in one process: only a warm worker does. */
const onceOnlyConfig = `const seen = new Set();
const once = {
  meta: { type: 'problem', schema: [] },
  create: (context) => ({
    Program() {
      if (seen.has(context.filename)) throw new RangeError('Maximum call stack size exceeded');
      seen.add(context.filename);
    },
  }),
};
export default [{ files: ['**/*.js'], plugins: { local: { rules: { once } } }, rules: { 'local/once': 'error', 'no-unused-vars': 'error' } }];
`;

describe('a warm update that throws where a fresh run would not', () => {
  it('gives way to a new worker, whose answer is the cold one', async () => {
    const repo = repos.add(
      makeRepo({
        eslint: '10',
        files: {
          'package.json': '{ "type": "module" }\n',
          'eslint.config.js': onceOnlyConfig,
          'a.js': 'const unusedA = 1;\n',
        },
      }),
    );
    const engine = getEngine();
    const checks: ResolvedCheck[] = [
      { name: 'eslint', kind: 'eslint', timeoutMs: 120_000, options: { cwd: '.', patterns: ['.'], ignores: [] } },
    ];
    await engine.runChecks(checks, repo.root);
    const [pid] = engine.workerPids;
    debug.take();

    repo.write('a.js', 'const unusedA = 1;\nconst unusedB = 2;\n');
    const [warm, cold] = await Promise.all([engine.runChecks(checks, repo.root), runChecks(checks, repo.root)]);
    expect(warm.map(makeComparable)).toEqual(cold.map(makeComparable));
    expect(warm[0]!.status).toBe('ok');
    expect(warm[0]!.diagnostics.map(({ code, line }) => `${code}:${line}`)).toEqual([
      'no-unused-vars:1',
      'no-unused-vars:2',
    ]);
    const lines = debug.take();
    expect(lines, lines.join('\n')).toContain(
      'warm: the worker is stale (the warm eslint session failed (eslint failed while linting: RangeError: Maximum call stack size exceeded)); starting a new one, cold',
    );
    expect(engine.workerPids).toHaveLength(1);
    expect(engine.workerPids[0]).not.toBe(pid);
  });
});
