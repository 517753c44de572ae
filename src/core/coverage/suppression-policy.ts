/**
 * What a team accepts (culprit.config.json): suppressions are findings at `error` by default;
 * `warning` shows them as warnings, `off` leaves directives out of the comparison (as before
 * culprit read them), and a directive whose reason matches `allowSuppressionReason` is accepted.
 * Applied to both sides alike, so changing the policy never makes a directive new.
 */
import type { AnchoredDiagnostic } from '../diagnostic.js';

export interface CoveragePolicy {
  suppressions: 'error' | 'warning' | 'off';
  /** A directive whose reason matches is allowed; null: none is. */
  allowSuppressionReason: RegExp | null;
  /** Settings whose relaxing is not a finding: `setting`, or `check:setting`. */
  allowWeakening: readonly string[];
}

export const strictPolicy: CoveragePolicy = { suppressions: 'error', allowSuppressionReason: null, allowWeakening: [] };

/**
 * The findings the policy keeps, as they are under it, and `keep`, which filters a list parallel to
 * the input (the stored fingerprint hashes) the same way.
 */
export function applyCoveragePolicy<Finding extends AnchoredDiagnostic>(
  findings: readonly Finding[],
  policy: CoveragePolicy,
): { findings: Finding[]; keep<T>(parallel: readonly T[]): T[] } {
  const { suppressions, allowSuppressionReason } = policy;
  if (suppressions === 'error' && allowSuppressionReason === null)
    return { findings: [...findings], keep: (parallel) => [...parallel] };
  const kept: number[] = [];
  const result: Finding[] = [];
  findings.forEach((finding, index) => {
    const under = applyPolicyTo(finding, policy);
    if (under === null) return;
    kept.push(index);
    result.push(under);
  });
  return { findings: result, keep: (parallel) => kept.map((index) => parallel[index]!) };
}

/** A finding as the policy has it, or null when the policy leaves it out. */
function applyPolicyTo<Finding extends AnchoredDiagnostic>(finding: Finding, policy: CoveragePolicy): Finding | null {
  if (finding.kind !== 'suppression') return finding;
  const { suppressions, allowSuppressionReason } = policy;
  if (suppressions === 'off') return null;
  const reason = finding.suppression?.reason ?? '';
  if (allowSuppressionReason !== null && reason !== '' && allowSuppressionReason.test(reason)) return null;
  return suppressions === 'warning' ? { ...finding, severity: 'warning' } : finding;
}
