/**
 * One culprit at a time: a lock file created atomically (written in full under a temporary name,
 * then hard-linked to the lock's name, which fails when it exists), holding the holder's pid,
 * host, command and start time. A second culprit waits, polling, until the lock is free, and gives
 * up after `waitMs` with an error naming the holder and the file.
 *
 * A lock whose holder no longer runs (killed with SIGKILL, on this host) is stale and taken over;
 * so is a file that stays unreadable (a holder killed between creating and writing it, only on
 * file systems without hard links). The lock is a tracked temporary path: SIGINT, SIGTERM, SIGHUP
 * and the end of the process remove it, whatever the command was doing.
 */
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { makeUserError } from '../core/errors.js';
import { whileArmed } from './cleanup-registry.js';
import { isRunning, releaseTemporaryPath, sweepAbandonedPaths, trackTemporaryPath } from './temporary-paths.js';

export interface LockHolder {
  pid: number;
  host: string;
  /** What the holder runs: `check`, `start`, `baseline --write`. */
  command: string;
  /** ISO time it took the lock. */
  since: string;
}

export interface LockOptions {
  /** What this process runs, recorded for whoever waits. */
  command: string;
  /** How long to wait for a held lock before giving up. */
  waitMs: number;
  /** Called once when the lock is held by another process and waiting begins. */
  onWait?: (holder: LockHolder | null) => void;
  /** How often a waiting process looks again (default 200 ms). */
  pollMs?: number;
}

/** A lock file that stays unreadable this long is a leftover, not a holder still writing it. */
const unreadableGraceMs = 10_000;

/** Locks this process holds, so a lock naming our own pid is recognised as a leftover of an earlier process. */
const held = new Set<string>();

export async function withLockFile<T>(file: string, options: LockOptions, use: () => Promise<T>): Promise<T> {
  await acquireLockFile(file, options);
  try {
    return await use();
  } finally {
    held.delete(file);
    releaseTemporaryPath(file);
  }
}

async function acquireLockFile(file: string, options: LockOptions): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  sweepAbandonedPaths(dirname(file), readLeftoverPid);
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command: options.command,
    since: new Date().toISOString(),
  };
  const text = `${JSON.stringify(mine)}\n`;
  const started = Date.now();
  let waiting = false;
  for (;;) {
    if (tryCreate(file, text)) {
      held.add(file);
      return;
    }
    const seen = readLock(file);
    if (seen === null) continue; // released meanwhile
    if (isStale(file, seen)) {
      breakStaleLock(file, seen.text);
      continue;
    }
    if (Date.now() - started >= options.waitMs) throw makeBusyError(file, seen.holder, options.waitMs);
    if (!waiting) {
      waiting = true;
      options.onWait?.(seen.holder);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
  }
}

/**
 * Creates the lock with its whole content, or returns false when it exists. Synchronous from
 * start to end with the signal handlers installed first (`whileArmed`), so a signal waits until
 * the lock is tracked, and then removes it.
 */
function tryCreate(file: string, text: string): boolean {
  return whileArmed(() => {
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    let created: boolean;
    try {
      writeFileSync(temporary, text, { flag: 'wx' });
      linkSync(temporary, file);
      created = true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') created = false;
      // No hard links on this file system: exclusive create, with a moment where the file is empty.
      else if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EXDEV')
        created = createExclusively(file, text);
      else throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
    if (created) trackTemporaryPath(file);
    return created;
  });
}

function createExclusively(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

interface SeenLock {
  text: string;
  holder: LockHolder | null;
  mtimeMs: number;
}

function readLock(file: string): SeenLock | null {
  let text: string;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  return { text, holder: parseHolder(text), mtimeMs };
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (
      typeof value.pid === 'number' &&
      typeof value.host === 'string' &&
      typeof value.command === 'string' &&
      typeof value.since === 'string'
    ) {
      return value as LockHolder;
    }
  } catch {
    // Unreadable: see isStale.
  }
  return null;
}

function isStale(file: string, seen: SeenLock): boolean {
  const { holder } = seen;
  if (holder === null) return Date.now() - seen.mtimeMs > unreadableGraceMs;
  // On another host a pid means nothing here: only that host's culprit can tell, so it is waited for.
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return !held.has(file);
  return !isRunning(holder.pid);
}

/**
 * Moves the stale lock aside under a name of our own, so of several processes finding it stale
 * only one removes it; when what was moved turns out to be a new holder's lock, it is put back.
 */
function breakStaleLock(file: string, staleText: string): void {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch {
    return; // another waiter moved it first
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleText) linkSync(aside, file);
  } catch {
    // A third process took the lock meanwhile: it holds it now.
  } finally {
    rmSync(aside, { force: true });
  }
}

function makeBusyError(file: string, holder: LockHolder | null, waitMs: number) {
  const who =
    holder === null
      ? 'another culprit'
      : `another culprit (pid ${holder.pid} on ${holder.host}, \`culprit ${holder.command}\` since ${holder.since})`;
  return makeUserError(
    `${who} is still working on this repository after ${Math.round(waitMs / 1000)} s of waiting; try again when it is done, or remove ${file} if no culprit is running`,
  );
}

/** The pid in the names this file creates beside a lock: `<lock>.<pid>.<8 hex>.tmp` or `.stale`. */
function readLeftoverPid(name: string): number | null {
  const digits = /\.(\d+)\.[0-9a-f]{8}\.(?:tmp|stale)$/.exec(name)?.[1];
  return digits === undefined ? null : Number(digits);
}
