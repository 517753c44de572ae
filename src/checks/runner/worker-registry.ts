/**
 * Live check workers of this process. Each worker leads its own process group (so a timeout can
 * stop everything it started), which also means a Ctrl-C in the terminal does not reach it: each
 * worker registers a cleanup (the cleanup registry) that kills its group when culprit is
 * interrupted, terminated or exits.
 */
import type { ChildProcess } from 'node:child_process';
import { registerCleanup } from '../../state/cleanup-registry.js';

const live = new Set<ChildProcess>();

export function trackWorker(child: ChildProcess): void {
  live.add(child);
  const unregister = registerCleanup(() => killProcessGroup(child));
  const forget = () => {
    live.delete(child);
    unregister();
  };
  child.once('exit', forget);
  // A worker that could not be spawned never exits.
  child.once('error', () => {
    if (child.pid === undefined) forget();
  });
}

const killed = new WeakSet<ChildProcess>();

/** SIGKILL to a worker's whole process group; a group that is already gone is fine. */
export function killProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  killed.add(child);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: the group has no processes left.
  }
}

/**
 * Whether culprit killed the worker: what it wrote before then and is read after is no news (a
 * server that said it stopped says nothing after).
 */
export function wasKilled(child: ChildProcess): boolean {
  return killed.has(child);
}

/** Pids of the workers still running, for tests and diagnostics. */
export function readLiveWorkerPids(): number[] {
  return [...live].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}
