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
  allowSuppressionReason: ReasonPattern | null;
  /** Settings whose relaxing is not a finding: `setting`, or `check:setting`. */
  allowWeakening: readonly string[];
}

/** `allowSuppressionReason` as written (`source`), or both of two patterns when the edit changed it. */
export interface ReasonPattern {
  readonly source: string;
  test(reason: string): boolean;
}

export const strictPolicy: CoveragePolicy = { suppressions: 'error', allowSuppressionReason: null, allowWeakening: [] };

const suppressionLevels = { off: 0, warning: 1, error: 2 } as const;

/**
 * The policy an edit is judged by when it changed culprit.config.json: the baseline's, which the
 * edit may tighten and not loosen (its own file could otherwise allow whatever it does), and
 * each field it loosened as a finding there, named before → after. A person who means the change
 * takes a new baseline. A changed reason pattern allows only a reason both patterns match.
 */
export function holdPolicy(
  base: CoveragePolicy,
  current: CoveragePolicy,
  configFile: string,
): { policy: CoveragePolicy; relaxed: AnchoredDiagnostic[] } {
  const relaxed: AnchoredDiagnostic[] = [];
  const note = (setting: string, before: string, after: string) =>
    relaxed.push({
      tool: 'culprit',
      code: 'weakened',
      severity: 'error',
      phase: 'config',
      path: configFile,
      line: 0,
      column: 0,
      message: `\`${setting}\` weakened from ${before} to ${after}`,
      anchor: '',
      kind: 'weakened',
    });
  const looser = suppressionLevels[current.suppressions] < suppressionLevels[base.suppressions];
  if (looser) note('suppressions', base.suppressions, current.suppressions);
  const [baseReason, reason] = [base.allowSuppressionReason, current.allowSuppressionReason];
  if (baseReason === null && reason !== null) note('allowSuppressionReason', 'unset', reason.source);
  const added = current.allowWeakening.filter((setting) => !base.allowWeakening.includes(setting));
  if (added.length > 0)
    note(
      'allowWeakening',
      base.allowWeakening.length === 0 ? 'unset' : base.allowWeakening.join(', '),
      current.allowWeakening.join(', '),
    );
  const policy: CoveragePolicy = {
    suppressions: looser ? base.suppressions : current.suppressions,
    allowSuppressionReason:
      baseReason === null || reason === null
        ? null
        : baseReason.source === reason.source
          ? baseReason
          : { source: baseReason.source, test: (text) => baseReason.test(text) && reason.test(text) },
    allowWeakening: current.allowWeakening.filter((setting) => base.allowWeakening.includes(setting)),
  };
  return { policy, relaxed };
}

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
