/** Small pieces of English every message of culprit's is made of. */

/** `1 finding`, `3 findings`. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Checks that did not finish, as `tsc timed-out (…); eslint failed (…)`, or `no check ran`. */
export function describeFailedChecks(
  checks: readonly { name: string; status: string; error?: string | undefined }[],
): string {
  const failed = checks.filter((check) => check.status !== 'ok');
  return failed.length === 0
    ? 'no check ran'
    : failed
        .map((check) => `${check.name} ${check.status}${check.error === undefined ? '' : ` (${check.error})`}`)
        .join('; ');
}

/** Who holds a lock culprit waits for (state/lock-file.ts's LockHolder, or null when it cannot be read). */
function describeLockHolder(holder: { command: string; pid: number; since: string } | null): string {
  return holder === null ? 'another culprit' : `culprit ${holder.command} (pid ${holder.pid}, since ${holder.since})`;
}

/** The stderr line of a command waiting for the work tree's lock. */
export function describeWorkTreeWait(holder: { command: string; pid: number; since: string } | null): string {
  return `culprit: waiting for ${describeLockHolder(holder)} to finish with this repository\n`;
}

/** The stderr line of a check waiting for another culprit computing the same baseline. */
export function describeBaselineWait(holder: { command: string; pid: number; since: string } | null): string {
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
export function describeLockTakeOver(
  file: string,
  holder: { command: string; pid: number; since: string } | null,
  why: string,
): string {
  return `culprit: took over ${file}, left by ${describeLockHolder(holder)}: ${staleLockReasons[why] ?? why}\n`;
}
