/** What an agent hook says besides the payload (hooks/hook-decision.ts decides when). */
import type { Report } from '../core/report/report.js';

/**
 * Why a stop is let go with findings still introduced: `attempts`, the task has had too many;
 * `stalled`, nothing shown was fixed for a while. The payload follows it.
 */
export function describeReleasedStop(
  reason: 'attempts' | 'stalled',
  report: Pick<Report, 'attempt' | 'progress'>,
): string {
  return reason === 'attempts'
    ? `culprit: not blocking the stop again: this task has had ${report.attempt} attempts, so another forced round is not converging. Still introduced:`
    : `culprit: not blocking the stop again: nothing that was shown was fixed in the last ${report.progress.stalled} attempts, so another forced round is unlikely to converge. Still introduced:`;
}

/** The reason a stuck stop is held for: stop editing, and pass culprit's report on to the user. */
export function relayStuck(payload: string): string {
  return `culprit is stuck, and the user does not see culprit's messages here, only your reply. Do not edit anything more for this. Reply to the user now: say that culprit is stuck and quote its report below as it is, so they can take over.\n\n${payload}`;
}

/**
 * What leads a block after an edit where the agent's block replaces the tool's own result (Codex):
 * that result, or a line saying the patch applied, so the model still learns that it did.
 */
export function describeToolOutput(output: string | undefined): string {
  const text = output?.trim() ?? '';
  return `${text === '' ? 'The patch was applied.' : text}\nculprit then checked the repository:`;
}
