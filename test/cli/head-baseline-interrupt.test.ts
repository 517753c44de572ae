/**
 * An interrupted base run leaves nothing behind: no temporary copy, no check process, no private
 * index, and the repository as it was. The base tree's ESLint config hangs when told to (an
 * environment variable the worker inherits), so the signal always lands during the base run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { cliPath, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { waitFor } from '../checks/helpers.js';
import { captureRepoState } from '../baseline/repo-state.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const hangingConfig = `import { spawn } from 'node:child_process';
if (process.env.CULPRIT_TEST_HANG === '1') {
  spawn('sleep', ['300'], { stdio: 'ignore' });
  await new Promise(() => {});
}
export default [];
`;

function setUp(): { repo: TestRepo; tmp: string } {
  const repo = makeRepo({
    typescript: false,
    eslint: '10',
    files: {
      'package.json': '{ "type": "module" }\n',
      'eslint.config.js': hangingConfig,
      'a.js': 'export const a = 1;\n',
    },
  });
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'culprit-tmpdir-')));
  cleanups.push(
    () => repo.cleanup(),
    () => rmSync(tmp, { recursive: true, force: true }),
  );
  repo.write('a.js', 'export const a = 2;\n');
  return { repo, tmp };
}

/** Processes whose working directory is inside `dir`: check workers run in the tree they check. */
function findProcessesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readlinkSync(`/proc/${name}/cwd`).startsWith(`${dir}/`)) pids.push(Number(name));
    } catch {
      // Gone, or not ours to inspect.
    }
  }
  return pids;
}

function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Starts `culprit check` with the hang on, and waits until the base run's worker and its child run. */
async function startHangingCheck(repo: TestRepo, tmp: string) {
  const child = spawn(process.execPath, [cliPath, 'check'], {
    cwd: repo.root,
    env: { ...process.env, TMPDIR: tmp, CULPRIT_TEST_HANG: '1' },
    stdio: 'ignore',
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(() => killAll(findProcessesIn(tmp)));
  expect(await waitFor(() => findProcessesIn(tmp).length >= 2, 60_000)).toBe(true);
  return { child, exited };
}

test.each(['SIGINT', 'SIGTERM'] as const)(
  '%s during the base run removes the copy and stops its checks',
  async (signal) => {
    const { repo, tmp } = setUp();
    const before = captureRepoState(repo.root);
    const { child, exited } = await startHangingCheck(repo, tmp);
    expect(readdirSync(tmp).filter((name) => name.startsWith('culprit-base-'))).toHaveLength(1);

    child.kill(signal);
    expect(await exited).toEqual({ code: null, signal });
    expect(await waitFor(() => findProcessesIn(tmp).length === 0, 10_000)).toBe(true);
    expect(readdirSync(tmp)).toEqual([]);
    const scratch = join(repo.root, '.git', 'culprit', 'tmp');
    expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
    expect(captureRepoState(repo.root)).toEqual(before);

    const next = runCli(repo.root, ['check', '--json'], { env: { TMPDIR: tmp } });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
  },
);

test('a copy left by a culprit killed with SIGKILL is removed by the next run', async () => {
  const { repo, tmp } = setUp();
  const { child, exited } = await startHangingCheck(repo, tmp);
  child.kill('SIGKILL');
  await exited;
  // Nothing can clean up after SIGKILL: the copy and the orphaned check stay until someone acts.
  expect(readdirSync(tmp)).toHaveLength(1);
  killAll(findProcessesIn(tmp));

  const next = runCli(repo.root, ['check', '--json'], { env: { TMPDIR: tmp } });
  expect(next.exitCode, next.stderr).toBe(0);
  expect(readdirSync(tmp)).toEqual([]);
});
