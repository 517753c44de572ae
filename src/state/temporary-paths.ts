/**
 * Temporary files and directories culprit creates outside the work tree (the copy of a base
 * tree, private index files), removed however the command ends: normally, by an error, or by
 * SIGINT/SIGTERM/SIGHUP. Each copy's name carries the pid that made it, so a copy left behind by a
 * culprit killed with SIGKILL is swept by the next one.
 *
 * Signals: like the worker registry, our listener replaces Node's default action, so whoever is
 * the last culprit listener re-raises the signal once its cleanup is done. When other listeners
 * remain (the worker registry stopping a base run's checks), they decide; if the command is still
 * running when the temporary path is released, the signal is re-raised then.
 *
 * Short-lived helper processes that write into those paths (git's read-tree and checkout-index)
 * are tracked too and killed first, so none can recreate a file after its folder was removed.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const live = new Set<string>();
const helpers = new Set<ChildProcess>();
let interruptedBy: NodeJS.Signals | undefined;
/** Creations under way (see `whileArmed`): the handlers stay installed for them. */
let arming = 0;

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

/**
 * Runs `create` (synchronous: it makes a path and tracks it) with the signal handlers installed.
 * With none installed a signal kills at once, even between two synchronous lines, and the kernel
 * delivers it on the return from a system call: a path made just before it would be tracked
 * stays behind. With a handler, the signal waits for `create` to finish, then removes the path.
 */
export function whileArmed<T>(create: () => T): T {
  if (isIdle()) installHandlers();
  arming += 1;
  try {
    return create();
  } finally {
    arming -= 1;
    settle();
  }
}

/** Removes `path` (a file or a directory tree) when culprit ends, unless released first. */
export function trackTemporaryPath(path: string): void {
  if (isIdle()) installHandlers();
  live.add(path);
}

/**
 * Removes the path now and stops tracking it. When a signal arrived meanwhile and nobody else
 * handles it, culprit dies of it here, as the user asked.
 */
export function releaseTemporaryPath(path: string): void {
  removePath(path);
  live.delete(path);
  settle();
}

/** Kills `child` (SIGKILL) if culprit is interrupted or ends before the child exits. */
export function trackHelperProcess(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  if (isIdle()) installHandlers();
  helpers.add(child);
  child.once('exit', () => {
    helpers.delete(child);
    settle();
  });
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
  return [...live];
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

function isIdle(): boolean {
  return live.size === 0 && helpers.size === 0 && arming === 0;
}

/** After a release: uninstall when nothing is tracked, and die of a signal that was deferred. */
function settle(): void {
  if (!isIdle()) return;
  removeHandlers();
  const signal = interruptedBy;
  if (signal !== undefined && process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function removeAll(): void {
  for (const child of helpers) {
    try {
      child.kill('SIGKILL');
    } catch {
      // Exited meanwhile.
    }
  }
  helpers.clear();
  for (const path of live) removePath(path);
  live.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  interruptedBy = signal;
  removeAll();
  removeHandlers();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function installHandlers(): void {
  process.on('exit', removeAll);
  for (const signal of signals) process.on(signal, onSignal);
}

function removeHandlers(): void {
  process.off('exit', removeAll);
  for (const signal of signals) process.off(signal, onSignal);
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
    if (pid !== null && Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid)) removePath(join(parent, name));
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
