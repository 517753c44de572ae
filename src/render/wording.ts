/** Small pieces of English every message of culprit's is made of. */
import type { NoticedHolder, TaskNotice } from '../core/task-notice.js';

/** `1 finding`, `3 findings`. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Who holds a lock culprit waits for (state/lock-file.ts's LockHolder, or null when it cannot be read). */
function describeLockHolder(holder: NoticedHolder | null): string {
  return holder === null ? 'another culprit' : `culprit ${holder.command} (pid ${holder.pid}, since ${holder.since})`;
}

/** The stderr line of a command waiting for the work tree's lock. */
function describeWorkTreeWait(holder: NoticedHolder | null): string {
  return `culprit: waiting for ${describeLockHolder(holder)} to finish with this repository\n`;
}

/** The stderr line of a check waiting for another culprit computing the same baseline. */
function describeBaselineWait(holder: NoticedHolder | null): string {
  return `culprit: waiting for ${describeLockHolder(holder)}, which is computing the same baseline\n`;
}

/** Why a lock was taken over (state/lock-file.ts's StaleLock). */
const staleLockReasons: Readonly<Record<string, string>> = {
  'other-boot': 'it was taken before this machine (or container) last started',
  gone: 'its process is gone',
  reused: 'its pid now belongs to another process',
  unreadable: 'it has stayed unreadable',
};

/** The stderr note of a command that took over a lock its holder left behind. */
export function describeLockTakeOver(file: string, holder: NoticedHolder | null, why: string): string {
  return `culprit: took over ${file}, left by ${describeLockHolder(holder)}: ${staleLockReasons[why] ?? why}\n`;
}

/** A task's stderr notice (core/task-notice.ts) as its line. */
export function describeTaskNotice(notice: TaskNotice): string {
  switch (notice.code) {
    case 'work-tree-wait':
      return describeWorkTreeWait(notice.holder);
    case 'baseline-wait':
      return describeBaselineWait(notice.holder);
    case 'lock-taken-over':
      return describeLockTakeOver(notice.file, notice.holder, notice.why);
  }
}
