/**
 * A debt campaign's view of an attribution: the targets are the task, so a target still standing
 * is work to show (it joins the introduced findings, and the triage orders it with them, root
 * causes first), a target gone is resolved, and every other standing finding stays out of sight.
 * Pure: an attribution against the campaign's start and the targets' fingerprints in.
 */
import type { Attribution } from '../attribute.js';
import { compareByPosition, type Finding } from '../diagnostic.js';
import type { Verdict } from '../report/report.js';

export interface DebtTargetCounts {
  total: number;
  resolved: number;
  remaining: number;
}

export interface DebtAttribution {
  /** Introduced: the remaining targets and what the campaign introduced; standing: the rest of the debt. */
  attribution: Attribution;
  targets: DebtTargetCounts;
  /** How many findings the campaign itself introduced (not targets). */
  introduced: number;
  /** The resolved targets by rule (a finding's `code`), for the ledger. */
  fixedByRule: Record<string, number>;
}

/**
 * A target is resolved when its fingerprint is among the resolved findings; it remains
 * otherwise, so one the attribution cannot find (its file was renamed) is never counted fixed.
 * A standing finding is a target when the base finding it was paired with is one: a target on a
 * line the agent edited without fixing it is found again there (re-anchored) and stays the task.
 */
export function makeDebtAttribution(attribution: Attribution, targets: ReadonlySet<string>): DebtAttribution {
  const isTarget = (finding: Finding) =>
    targets.has(attribution.baseFingerprints?.[finding.fingerprint] ?? finding.fingerprint);
  const remaining = attribution.standing.filter(isTarget);
  const fixed = attribution.resolved.filter((finding) => targets.has(finding.fingerprint));
  const resolved = fixed.length;
  const fixedByRule: Record<string, number> = {};
  for (const finding of fixed) fixedByRule[finding.code] = (fixedByRule[finding.code] ?? 0) + 1;
  return {
    attribution: {
      ...attribution,
      introduced: [...attribution.introduced, ...remaining].sort(compareByPosition),
      standing: attribution.standing.filter((finding) => !isTarget(finding)),
    },
    targets: { total: targets.size, resolved, remaining: targets.size - resolved },
    introduced: attribution.introduced.length,
    fixedByRule,
  };
}

/** At the campaign's start every target is introduced work, and the rest of the debt stands. */
export function makeStartAttribution(findings: readonly Finding[], targets: ReadonlySet<string>): Attribution {
  return {
    introduced: findings.filter((finding) => targets.has(finding.fingerprint)),
    resolved: [],
    standing: findings.filter((finding) => !targets.has(finding.fingerprint)),
    reworded: [],
  };
}

/**
 * The campaign's verdict: the report's, except that a campaign with targets left is never clean,
 * even when none of them could be shown.
 */
export function decideDebtVerdict(verdict: Verdict, targets: DebtTargetCounts): Verdict {
  return verdict === 'clean' && targets.remaining > 0 ? 'introduced' : verdict;
}
