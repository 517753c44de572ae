import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { runCheck, runChecks } from '../../../src/checks/runner/run-check.js';
import { readLiveWorkerPids } from '../../../src/checks/runner/worker-registry.js';
import { makeRepo, projectRoot, type TestRepo } from '../../helpers/repo.js';
import { isProcessAlive, waitFor } from '../helpers.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

/**
 * An ESLint config that starts a sleeping child, records both pids in the tree, then never
 * finishes loading: spinning (deaf to everything but SIGKILL) or awaiting forever.
 */
function makeHangingRepo(how: 'spin' | 'wait'): TestRepo {
  const hang = how === 'spin' ? 'for (;;) {}' : 'await new Promise(() => {});';
  const repo = makeRepo({
    eslint: '10',
    typescript: false,
    git: false,
    files: {
      'package.json': '{ "type": "module" }\n',
      'eslint.config.js': `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const sleeper = spawn('sleep', ['300'], { stdio: 'ignore' });
writeFileSync(new URL('./pids.json', import.meta.url), JSON.stringify({ worker: process.pid, sleeper: sleeper.pid }));
${hang}
export default [];
`,
      'a.js': 'export const a = 1;\n',
    },
  });
  repos.push(repo);
  return repo;
}

function readPids(repo: TestRepo): { worker: number; sleeper: number } {
  return JSON.parse(readFileSync(join(repo.root, 'pids.json'), 'utf8')) as { worker: number; sleeper: number };
}

/** The timeout of a check that hangs: loading ESLint takes 1 s idle, several on a machine under load. */
const hangingTimeoutMs = 6_000;

const eslintCheck = (timeoutMs: number): ResolvedCheck => ({
  name: 'eslint',
  kind: 'eslint',
  timeoutMs,
  options: { cwd: '.', patterns: ['.'], ignores: [] },
});

describe('runCheck', () => {
  it('stops a check that exceeds its timeout, with everything it started', async () => {
    const repo = makeHangingRepo('spin');
    // Long enough for ESLint to load and reach the config on a loaded machine (the worker's start
    // counts), so the config has started its sleeper when the timeout hits.
    const run = await runCheck(eslintCheck(hangingTimeoutMs), repo.root);
    expect(run).toEqual({
      name: 'eslint',
      status: 'timed-out',
      durationMs: run.durationMs,
      version: null,
      diagnostics: [],
      error: `eslint did not finish within ${hangingTimeoutMs} ms and was stopped`,
    });
    expect(run.durationMs).toBeGreaterThanOrEqual(hangingTimeoutMs);
    const pids = readPids(repo);
    // Killing is prompt; the bound is what a machine busy with other tests needs to reap the group.
    expect(await waitFor(() => !isProcessAlive(pids.worker) && !isProcessAlive(pids.sleeper), 30_000)).toBe(true);
    expect(readLiveWorkerPids()).toEqual([]);
  });

  it('reports a worker that crashes as failed, with the end of its stderr', async () => {
    const repo = makeRepo({
      eslint: '10',
      typescript: false,
      git: false,
      files: {
        'package.json': '{ "type": "module" }\n',
        'eslint.config.js':
          "setTimeout(() => { throw new Error('out of cheese'); }, 10);\nawait new Promise(() => {});\nexport default [];\n",
      },
    });
    repos.push(repo);
    const run = await runCheck(eslintCheck(60_000), repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      "eslint stopped without a result (exit code 1): setTimeout(() => { throw new Error('out of cheese'); }, 10); | Error: out of cheese",
    );
  });

  it('runs independent checks side by side and returns them in order', async () => {
    const repo = makeRepo({
      typescript: '6.0',
      git: false,
      files: {
        'tsconfig.json': JSON.stringify({
          compilerOptions: { lib: ['es2022'], strict: true, skipLibCheck: true, types: [] },
          include: ['src'],
        }),
        'src/a.ts': "export const a: number = 'a';\n",
      },
    });
    repos.push(repo);
    const runs = await runChecks(
      [
        { name: 'types', kind: 'tsc', timeoutMs: 60_000, options: { project: 'tsconfig.json' } },
        { name: 'lint', kind: 'eslint', timeoutMs: 60_000, options: { cwd: '.', patterns: ['.'], ignores: [] } },
      ],
      repo.root,
    );
    expect(runs.map((run) => [run.name, run.status, run.error])).toEqual([
      ['types', 'ok', undefined],
      ['lint', 'missing', `eslint is not installed in ${repo.root}: no eslint found from ${repo.root} upwards`],
    ]);
    // Findings carry the configured check name.
    expect(runs[0]?.diagnostics.map((diagnostic) => [diagnostic.tool, diagnostic.code, diagnostic.path])).toEqual([
      ['types', 'TS2322', 'src/a.ts'],
    ]);
    expect(runs[0]?.version).toBe('6.0.3');
  });
});

describe('worker cleanup', () => {
  it('kills the workers of a culprit process that is terminated', async () => {
    const repo = makeHangingRepo('wait');
    const script = join(projectRoot, 'test', 'checks', 'fixtures', 'hold-check.ts');
    const parent = spawn(process.execPath, ['--import', 'tsx', script, repo.root], {
      cwd: projectRoot,
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      parent.once('exit', (_code, signal) => resolve(signal)),
    );
    expect(await waitFor(() => existsSync(join(repo.root, 'pids.json')), 30_000)).toBe(true);
    const pids = readPids(repo);
    expect(isProcessAlive(pids.worker) && isProcessAlive(pids.sleeper)).toBe(true);

    parent.kill('SIGTERM');
    // The parent still dies of the signal, as it would without culprit's handler.
    expect(await exited).toBe('SIGTERM');
    expect(await waitFor(() => !isProcessAlive(pids.worker) && !isProcessAlive(pids.sleeper), 5_000)).toBe(true);
  });
});
