/**
 * Live check workers of this process. Each worker leads its own process group (so a timeout can
 * stop everything it started), which also means a Ctrl-C in the terminal does not reach it: when
 * culprit is interrupted, terminated or exits, it stops its workers itself.
 */
import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export function trackWorker(child: ChildProcess): void {
  if (live.size === 0) installHandlers();
  live.add(child);
  const forget = () => {
    if (live.delete(child) && live.size === 0) removeHandlers();
  };
  child.once('exit', forget);
  // A worker that could not be spawned never exits.
  child.once('error', () => {
    if (child.pid === undefined) forget();
  });
}

/** SIGKILL to a worker's whole process group; a group that is already gone is fine. */
export function killProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: the group has no processes left.
  }
}

/** Pids of the workers still running, for tests and diagnostics. */
export function readLiveWorkerPids(): number[] {
  return [...live].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

function killAll(): void {
  for (const child of live) killProcessGroup(child);
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  // Our listener replaced Node's default (exit on the signal). When nobody else handles it,
  // restore the default and re-raise, so culprit still dies of the signal as the user asked.
  if (process.listenerCount(signal) === 1) {
    removeHandlers();
    process.kill(process.pid, signal);
  }
}

function installHandlers(): void {
  process.on('exit', killAll);
  for (const signal of signals) process.on(signal, onSignal);
}

function removeHandlers(): void {
  process.off('exit', killAll);
  for (const signal of signals) process.off(signal, onSignal);
}
