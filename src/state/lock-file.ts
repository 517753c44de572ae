/**
 * One culprit at a time: a lock file created atomically (written in full under a temporary name,
 * then hard-linked to the lock's name, which fails when it exists), holding the holder's pid,
 * host, command and start time. A second culprit waits, polling, until the lock is free, and gives
 * up after `waitMs` with an error naming the holder and the file.
 *
 * A lock whose holder no longer runs on this host is stale and taken over at once, with a note
 * (`onTakeOver`): one from another boot (the lock records the boot id; a container recreated, a
 * machine restarted), one whose pid is gone (killed with SIGKILL), and one whose pid now names
 * another process (the lock records when its holder started, `/proc/<pid>/stat`); so is a file
 * that stays unreadable (a holder killed between creating and writing it, only on file systems
 * without hard links). The lock is a tracked temporary path: SIGINT, SIGTERM, SIGHUP
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
import { readBootId, readProcessStart } from './process-identity.js';
import { isRunning, releaseTemporaryPath, sweepAbandonedPaths, trackTemporaryPath } from './temporary-paths.js';

export interface LockHolder {
  pid: number;
  host: string;
  /** What the holder runs: `check`, `start`, `baseline --write`. */
  command: string;
  /** ISO time it took the lock. */
  since: string;
  /** The boot it was taken in (Linux; absent in locks of older culprits). */
  bootId?: string;
  /** When the holder process started, in clock ticks since boot (Linux), so a pid reused later is not taken for it. */
  startTime?: string;
}

/** Why a lock was taken over: its holder is from another boot, gone, its pid reused, or the file unreadable. */
export type StaleLock = 'other-boot' | 'gone' | 'reused' | 'unreadable';

export interface LockOptions {
  /** What this process runs, recorded for whoever waits. */
  command: string;
  /** How long to wait for a held lock before giving up. */
  waitMs: number;
  /** Called once when the lock is held by another process and waiting begins. */
  onWait?: (holder: LockHolder | null) => void;
  /** Called when a stale lock is taken over, to say so. */
  onTakeOver?: (holder: LockHolder | null, why: StaleLock) => void;
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
  const bootId = readBootId();
  const startTime = readProcessStart(process.pid);
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command: options.command,
    since: new Date().toISOString(),
    bootId,
    startTime,
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
    const stale = judgeLock(file, seen);
    if (stale !== undefined) {
      if (breakStaleLock(file, seen.text)) options.onTakeOver?.(seen.holder, stale);
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
      typeof value.since === 'string' &&
      (value.bootId === undefined || typeof value.bootId === 'string') &&
      (value.startTime === undefined || typeof value.startTime === 'string')
    ) {
      return value as LockHolder;
    }
  } catch {
    // Unreadable: see isStale.
  }
  return null;
}

/** Why the lock is stale, or undefined while its holder may still be working. */
function judgeLock(file: string, seen: SeenLock): StaleLock | undefined {
  const { holder } = seen;
  if (holder === null) return Date.now() - seen.mtimeMs > unreadableGraceMs ? 'unreadable' : undefined;
  // On another host a pid means nothing here: only that host's culprit can tell, so it is waited
  // for (a state folder shared over the network, or by containers with their own pids).
  if (holder.host !== hostname()) return undefined;
  const bootId = readBootId();
  if (holder.bootId !== undefined && bootId !== undefined && holder.bootId !== bootId) return 'other-boot';
  if (holder.pid === process.pid) return held.has(file) ? undefined : 'reused';
  if (!isRunning(holder.pid)) return 'gone';
  if (holder.startTime === undefined) return undefined;
  const started = readProcessStart(holder.pid);
  return started !== undefined && started !== holder.startTime ? 'reused' : undefined;
}

/**
 * Moves the stale lock aside under a name of our own, so of several processes finding it stale
 * only one removes it; when what was moved turns out to be a new holder's lock, it is put back.
 * True when this process removed the stale lock.
 */
function breakStaleLock(file: string, staleText: string): boolean {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch {
    return false; // another waiter moved it first
  }
  try {
    if (readFileSync(aside, 'utf8') === staleText) return true;
    linkSync(aside, file);
  } catch {
    // A third process took the lock meanwhile: it holds it now.
  } finally {
    rmSync(aside, { force: true });
  }
  return false;
}

const busyBrand = Symbol.for('culprit.lock-busy');

/** Whether `error` says another culprit still holds the lock (rather than that the lock could not be made). */
export function isLockBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[busyBrand] === true;
}

function makeBusyError(file: string, holder: LockHolder | null, waitMs: number) {
  const who =
    holder === null
      ? 'another culprit'
      : `another culprit (pid ${holder.pid} on ${holder.host}, \`culprit ${holder.command}\` since ${holder.since})`;
  const error = makeUserError(
    `${who} is still working on this repository after ${Math.round(waitMs / 1000)} s of waiting; try again when it is done, or remove ${file} if no culprit is running`,
  );
  return Object.assign(error, { [busyBrand]: true });
}

/** The pid in the names this file creates beside a lock: `<lock>.<pid>.<8 hex>.tmp` or `.stale`. */
function readLeftoverPid(name: string): number | null {
  const digits = /\.(\d+)\.[0-9a-f]{8}\.(?:tmp|stale)$/.exec(name)?.[1];
  return digits === undefined ? null : Number(digits);
}
