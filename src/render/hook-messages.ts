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
