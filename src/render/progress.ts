/**
 * The one line a terminal shows while a command's checks run (cli/progress-line.ts): each check,
 * whether it runs or is done, the files its tool says it has done, and the seconds it has taken.
 */

export interface CheckOnLine {
  name: string;
  /** ms since the epoch */
  startedAt: number;
  finishedAt?: number | undefined;
  files?: { done: number; total: number } | undefined;
}

/** `culprit: tsc running, 412/798 files, 3 s · eslint done in 2 s` */
export function describeCheckProgress(checks: readonly CheckOnLine[], now: number): string {
  const parts = checks.map((check) => {
    if (check.finishedAt !== undefined)
      return `${check.name} done in ${describeSeconds(check.finishedAt - check.startedAt)}`;
    const files = check.files === undefined ? '' : `, ${check.files.done}/${check.files.total} files`;
    return `${check.name} running${files}, ${describeSeconds(now - check.startedAt)}`;
  });
  return `culprit: ${parts.join(' · ')}`;
}

function describeSeconds(ms: number): string {
  return `${Math.max(0, Math.floor(ms / 1000))} s`;
}
