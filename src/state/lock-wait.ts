/**
 * How long a culprit command waits for another one holding the lock it needs (the work tree's
 * session, a baseline being computed): the longest a working holder can take (its base and
 * after runs, each at most the longest check timeout, plus a minute), or `CULPRIT_LOCK_WAIT_MS`.
 */
export function resolveLockWait(checks: readonly { timeoutMs: number }[]): number {
  const configured = Number(process.env['CULPRIT_LOCK_WAIT_MS']);
  if (process.env['CULPRIT_LOCK_WAIT_MS'] !== undefined && Number.isFinite(configured) && configured >= 0)
    return configured;
  const longest = Math.max(0, ...checks.map((check) => check.timeoutMs));
  return 2 * longest + 60_000;
}
