/**
 * The lock file on its own: taken and released, waited for, given up on with the holder named,
 * and taken over when its holder is gone, from another boot, its pid reused, or it stays
 * unreadable; and a check that finds its work tree's lock left on another boot.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { withLockFile } from '../../src/state/lock-file.js';
import { readBootId, readProcessStart } from '../../src/state/process-identity.js';
import { hashPath } from '../../src/state/path-hash.js';
import { readTemporaryPaths } from '../../src/state/temporary-paths.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, projectRoot } from '../helpers/repo.js';
import { todoFiles } from '../fixtures/sarif-todos.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const makeTemporaryDir = useTemporaryDirectories();

function makeLockPath(): string {
  const dir = makeTemporaryDir('culprit-lock-');
  return join(dir, 'locks', 'tree.lock');
}

/** A pid that certainly ran and no longer does. */
function readDeadPid(): number {
  return Number(
    spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
  );
}

const holder = (pid: number, host = hostname()) =>
  `${JSON.stringify({ pid, host, command: 'check', since: '2025-01-01T00:00:00.000Z' })}\n`;

test('one holder at a time: the second runs after the first, and nothing is left', async () => {
  const lock = makeLockPath();
  const order: string[] = [];
  let release!: () => void;
  const first = withLockFile(lock, { command: 'check', waitMs: 10_000, pollMs: 20 }, async () => {
    order.push('first in');
    await new Promise<void>((resolve) => (release = resolve));
    order.push('first out');
  });
  let waitedFor: unknown;
  const second = withLockFile(
    lock,
    { command: 'start', waitMs: 10_000, pollMs: 20, onWait: (seen) => (waitedFor = seen) },
    async () => order.push('second'),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(waitedFor).toMatchObject({ pid: process.pid, command: 'check' });
  release();
  await Promise.all([first, second]);
  expect(order).toEqual(['first in', 'first out', 'second']);
  expect(readdirSync(join(lock, '..'))).toEqual([]);
  expect(readTemporaryPaths()).toEqual([]);
});

test('gives up after its wait with an error naming the holder and the file', async () => {
  const lock = makeLockPath();
  mkdirSync(join(lock, '..'));
  writeFileSync(lock, holder(process.ppid));
  await expect(withLockFile(lock, { command: 'check', waitMs: 300, pollMs: 20 }, async () => 'ran')).rejects.toThrow(
    `another culprit (pid ${process.ppid} on ${hostname()}, \`culprit check\` since 2025-01-01T00:00:00.000Z) is still working on this repository after 0 s of waiting; try again when it is done, or remove ${lock} if no culprit is running`,
  );
  expect(existsSync(lock)).toBe(true);
});

test('a lock whose holder is gone, or that stays unreadable, is taken over; one on another host is waited for', async () => {
  const lock = makeLockPath();
  mkdirSync(join(lock, '..'));
  writeFileSync(lock, holder(readDeadPid()));
  writeFileSync(`${lock}.${readDeadPid()}.0badf00d.tmp`, holder(1));
  expect(await withLockFile(lock, { command: 'check', waitMs: 0 }, async () => 'ran')).toBe('ran');
  expect(readdirSync(join(lock, '..'))).toEqual([]);

  writeFileSync(lock, '');
  await expect(withLockFile(lock, { command: 'check', waitMs: 100, pollMs: 20 }, async () => 'ran')).rejects.toThrow(
    /^another culprit is still working/,
  );
  const old = new Date(Date.now() - 60_000);
  utimesSync(lock, old, old);
  expect(await withLockFile(lock, { command: 'check', waitMs: 0 }, async () => 'ran')).toBe('ran');

  writeFileSync(lock, holder(readDeadPid(), 'another-host.invalid'));
  await expect(withLockFile(lock, { command: 'check', waitMs: 100, pollMs: 20 }, async () => 'ran')).rejects.toThrow(
    /on another-host\.invalid/,
  );
});

// A lock judged by its holder's pid, not by how recently the holder touched it: a holder whose
// event loop is busy longer than an mtime-based lock's staleness (proper-lockfile: 2 s at least,
// 10 s by default) still holds it, and a second culprit must not start beside it.
test('a holder that is alive keeps its lock however long it stays busy', async () => {
  const lock = makeLockPath();
  const script = join(projectRoot, 'test', 'faults', 'fixtures', 'hold-busy-lock.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, lock, '4000'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve()),
  );
  await expect(withLockFile(lock, { command: 'check', waitMs: 3000, pollMs: 50 }, async () => 'ran')).rejects.toThrow(
    `pid ${child.pid} on`,
  );
  expect(await exited).toBe(0);
  expect(existsSync(lock)).toBe(false);
}, 20_000);

/** A lock as this culprit writes it, for a holder that is `pid` on this host. */
const recorded = (pid: number, fields: { bootId?: string; startTime?: string }) =>
  `${JSON.stringify({ pid, host: hostname(), command: 'check', since: '2025-01-01T00:00:00.000Z', ...fields })}\n`;

test('records the boot and when its holder started', async () => {
  const lock = makeLockPath();
  const seen = await withLockFile(lock, { command: 'check', waitMs: 0 }, async () => readFileSync(lock, 'utf8'));
  expect(JSON.parse(seen)).toMatchObject({
    pid: process.pid,
    bootId: readBootId(),
    startTime: readProcessStart(process.pid),
  });
  expect(readBootId()).toMatch(/^[0-9a-f-]{36}$/);
  expect(readProcessStart(process.pid)).toMatch(/^\d+$/);
});

test('a lock from another boot, or whose pid now names another process, is taken over at once with a note', async () => {
  const lock = makeLockPath();
  mkdirSync(join(lock, '..'));
  // The parent process is alive: by its pid alone, the holder still runs.
  const live = process.ppid;
  const takeOvers: [number | undefined, string][] = [];
  const options = {
    command: 'check',
    waitMs: 0,
    onTakeOver: (seen: { pid: number } | null, why: string) => takeOvers.push([seen?.pid, why]),
  };

  writeFileSync(lock, recorded(live, { bootId: '00000000-0000-4000-8000-000000000000', startTime: '1' }));
  expect(await withLockFile(lock, options, async () => 'ran')).toBe('ran');
  writeFileSync(lock, recorded(live, { bootId: readBootId()!, startTime: '1' }));
  expect(await withLockFile(lock, options, async () => 'ran')).toBe('ran');
  writeFileSync(lock, recorded(readDeadPid(), { bootId: readBootId()! }));
  expect(await withLockFile(lock, options, async () => 'ran')).toBe('ran');
  expect(takeOvers).toEqual([
    [live, 'other-boot'],
    [live, 'reused'],
    [expect.any(Number), 'gone'],
  ]);

  // The same boot and the same start: the holder it names is the one running, and is waited for.
  writeFileSync(lock, recorded(live, { bootId: readBootId()!, startTime: readProcessStart(live)! }));
  await expect(withLockFile(lock, { ...options, waitMs: 100, pollMs: 20 }, async () => 'ran')).rejects.toThrow(
    `pid ${live} on`,
  );
  expect(takeOvers).toHaveLength(3);
});

test('culprit check takes over a work tree lock left on another boot at once, and says so', () => {
  const repo = makeRepo({ typescript: false, files: todoFiles });
  try {
    const lock = join(repo.root, '.git', 'culprit', 'locks', `${hashPath(repo.root)}.lock`);
    mkdirSync(join(lock, '..'), { recursive: true });
    writeFileSync(lock, recorded(process.pid, { bootId: '00000000-0000-4000-8000-000000000000' }));
    // Were the lock judged by its pid alone (this test's, alive), the check would wait, then fail.
    const check = runCli(repo.root, ['check'], { env: { CULPRIT_LOCK_WAIT_MS: '3000' } });
    expect(check.exitCode, check.stderr).toBe(0);
    expect(check.stderr).toBe(
      `culprit: took over ${lock}, left by culprit check (pid ${process.pid}, since 2025-01-01T00:00:00.000Z): it was taken before this machine (or container) last started\n`,
    );
    expect(existsSync(lock)).toBe(false);
  } finally {
    repo.cleanup();
  }
});
