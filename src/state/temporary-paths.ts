/**
 * Temporary files and directories culprit creates outside the work tree (the copy of a base
 * tree, private index files, the lock file, `culprit serve`'s socket), removed however the
 * command ends: normally, by an error, or by SIGINT/SIGTERM/SIGHUP (each is a cleanup in the
 * cleanup registry, which owns the signal handlers). Each copy's name carries the pid that made
 * it, so a copy left behind by a culprit killed with SIGKILL is swept by the next one.
 *
 * Short-lived helper processes that write into those paths (git's read-tree and checkout-index)
 * are tracked too; they start after the path they write into, so the registry (last registered
 * first) kills them before the path is removed, and none can recreate a file in a removed folder.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerCleanup, whileArmed } from './cleanup-registry.js';

/** Each tracked path, with what unregisters its cleanup. */
const live = new Map<string, () => void>();

/**
 * A new empty directory under the system's temporary directory (`TMPDIR`), named
 * `<prefix><pid>-<random>`, removed by `releaseTemporaryPath` or when culprit ends.
 */
export function makeTemporaryDirectory(prefix: string): string {
  const parent = realpathSync(tmpdir());
  sweepAbandonedPaths(parent, readPrefixedPid(prefix));
  return whileArmed(() => {
    const dir = realpathSync(mkdtempSync(join(parent, `${prefix}${process.pid}-`)));
    trackTemporaryPath(dir);
    return dir;
  });
}

/** Removes `path` (a file or a directory tree) when culprit ends, unless released first. */
export function trackTemporaryPath(path: string): void {
  if (live.has(path)) return;
  live.set(
    path,
    registerCleanup(() => {
      live.delete(path);
      removePath(path);
    }),
  );
}

/**
 * Removes the path now and stops tracking it. When a signal arrived meanwhile and nobody else
 * handles it, culprit dies of it here, as the user asked (see the cleanup registry).
 */
export function releaseTemporaryPath(path: string): void {
  removePath(path);
  const unregister = live.get(path);
  live.delete(path);
  unregister?.();
}

/** Kills `child` (SIGKILL) if culprit is interrupted or ends before the child exits. */
export function trackHelperProcess(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const unregister = registerCleanup(() => {
    try {
      child.kill('SIGKILL');
    } catch {
      // Exited meanwhile.
    }
  });
  child.once('exit', unregister);
}

/** Runs `use` with a new temporary directory and removes it afterwards, whatever happens. */
export async function withTemporaryDirectory<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = makeTemporaryDirectory(prefix);
  try {
    return await use(dir);
  } finally {
    releaseTemporaryPath(dir);
  }
}

/** The paths currently tracked, for tests and diagnostics. */
export function readTemporaryPaths(): string[] {
  return [...live.keys()];
}

/**
 * `rmSync` never follows symbolic links: a base copy's links into the repository's node_modules
 * are removed as links, and what they point at is untouched.
 */
function removePath(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // Best effort: a path that cannot be removed must not turn an answer into a crash.
  }
}

/**
 * Removes the entries of `parent` whose creator no longer runs (killed with SIGKILL, or by a
 * crash, before it could clean up). `readPid` reads the creating pid from a name, or null for a
 * name that is not such an entry.
 */
export function sweepAbandonedPaths(parent: string, readPid: (name: string) => number | null): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = readPid(name);
    if (pid !== null && Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid))
      removePath(join(parent, name));
  }
}

/** Names `<prefix><pid>-…`, as temporary directories and private index files are named. */
export function readPrefixedPid(prefix: string): (name: string) => number | null {
  return (name) => {
    if (!name.startsWith(prefix)) return null;
    const digits = /^(\d+)-/.exec(name.slice(prefix.length))?.[1];
    return digits === undefined ? null : Number(digits);
  };
}

/** Whether a process with this pid exists (on this machine). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
