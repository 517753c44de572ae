/** Small pieces of English every message of culprit's is made of. */

/** `1 finding`, `3 findings`. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Checks that did not finish, as `tsc timed-out (…); eslint failed (…)`, or `no check ran`. */
export function describeFailedChecks(checks: readonly { name: string; status: string; error?: string | undefined }[]): string {
  const failed = checks.filter((check) => check.status !== 'ok');
  return failed.length === 0 ? 'no check ran' : failed.map((check) => `${check.name} ${check.status}${check.error === undefined ? '' : ` (${check.error})`}`).join('; ');
}
