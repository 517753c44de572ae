/**
 * How far the checks of a command are, for the one line a terminal shows while they run
 * (cli/progress-line.ts): which check started, how many files its tool says it has done, which
 * finished. Reported where it happens (the runner and the warm engine in culprit's process; an
 * adapter inside its worker, whose reports go over IPC to the process that forked it) and heard
 * by whoever listens: only a command on a terminal does, so everywhere else a report costs a
 * comparison. Like the debug log, it is one channel per process.
 */
import type { CheckStatus } from '../../core/check-run.js';

export type CheckProgress =
  | { kind: 'started'; check: string }
  | { kind: 'files'; check: string; done: number; total: number }
  | { kind: 'finished'; check: string; status: CheckStatus };

/** What a worker sends its parent about the check it runs: the parent knows which check that is. */
export interface FilesProgress {
  progress: { done: number; total: number };
}

let listener: ((progress: CheckProgress) => void) | undefined;
let filesListener: ((done: number, total: number) => void) | undefined;
let lastFilesAt = 0;

/** Hears every report until the returned function is called. */
export function listenToCheckProgress(listen: (progress: CheckProgress) => void): () => void {
  listener = listen;
  return () => {
    if (listener === listen) listener = undefined;
  };
}

/** Whether anyone hears the reports: a worker is asked to send its files done only then. */
export function isCheckProgressHeard(): boolean {
  return listener !== undefined;
}

export function reportCheckProgress(progress: CheckProgress): void {
  listener?.(progress);
}

/** Inside a worker: where reports of files done go (its IPC channel), while its caller hears them; undefined: nowhere. */
export function listenToFilesDone(listen: ((done: number, total: number) => void) | undefined): void {
  filesListener = listen;
}

/** Files the running check has done, of how many: said at most ten times a second, and at the last file. */
export function reportFilesDone(done: number, total: number): void {
  if (filesListener === undefined) return;
  const now = performance.now();
  if (done < total && now - lastFilesAt < 100) return;
  lastFilesAt = now;
  filesListener(done, total);
}

export function isFilesProgress(value: unknown): value is FilesProgress {
  if (typeof value !== 'object' || value === null || !('progress' in value)) return false;
  const { progress } = value;
  return (
    typeof progress === 'object' &&
    progress !== null &&
    typeof (progress as { done?: unknown }).done === 'number' &&
    typeof (progress as { total?: unknown }).total === 'number'
  );
}
