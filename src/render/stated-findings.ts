/**
 * Every finding of one attempt with its baseline state, for the formats that list more than the
 * agent is shown (SARIF for code scanning, annotations for CI): the shown findings first, in the
 * payload's order, then the introduced ones withheld, then the standing, then the resolved.
 */
import type { Attribution } from '../core/attribute.js';
import type { Finding } from '../core/diagnostic.js';
import { makeShownFinding, type Report, type ShownFinding } from '../core/report/report.js';

/** What the formats beyond the payload read besides the report. */
export interface FormatDetails {
  /** Every finding of the attempt; without it only the shown findings are known. */
  attribution?: Attribution;
  /** Check name → repository-relative path of the file that configures it, for findings about no file. */
  configFiles?: ReadonlyMap<string, string>;
}

/** SARIF's `baselineState` words: introduced, standing, resolved. */
export type FindingState = 'new' | 'unchanged' | 'absent';

/** A finding as the listing formats need it; a finding no longer found may have no position or phase. */
export type ListedFinding = Pick<ShownFinding, 'tool' | 'code' | 'severity' | 'path' | 'message' | 'fingerprint'> &
  Partial<Pick<ShownFinding, 'phase' | 'line' | 'column' | 'endLine' | 'endColumn' | 'kind' | 'silenced'>>;

export interface StatedFinding {
  finding: ListedFinding;
  state: FindingState;
  /** Whether the agent payload shows it (only introduced findings can be shown); unset outside a task. */
  shown?: boolean;
}

/**
 * Without an attribution (a library caller holding only a report), the shown findings are all
 * that is known, and they are all introduced.
 */
export function listStatedFindings(report: Report, attribution?: Attribution): StatedFinding[] {
  const shown = report.shown.map((finding): StatedFinding => ({
    finding: makeShownFinding(finding),
    state: 'new',
    shown: true,
  }));
  if (attribution === undefined) return shown;
  const shownKeys = new Set(report.shown.map((finding) => finding.fingerprint));
  const stateOf =
    (state: FindingState) =>
    (finding: Finding): StatedFinding => ({ finding: makeShownFinding(finding), state, shown: false });
  return [
    ...shown,
    ...attribution.introduced.filter((finding) => !shownKeys.has(finding.fingerprint)).map(stateOf('new')),
    ...attribution.standing.map(stateOf('unchanged')),
    ...attribution.resolved.map(stateOf('absent')),
  ];
}
