/**
 * The lock file on its own: taken and released, waited for, given up on with the holder named,
 * and taken over when its holder is gone or it stays unreadable.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { withLockFile } from '../../src/state/lock-file.js';
import { readTemporaryPaths } from '../../src/state/temporary-paths.js';
import { projectRoot } from '../helpers/repo.js';
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
