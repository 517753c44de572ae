/**
 * The severity ladder. Some findings make others meaningless: a file that did not parse yields
 * semantic and lint findings derived from a partial tree, and warnings beside errors are noise
 * the agent will still act on. So only the top rung present is shown.
 */
import type { Diagnostic } from '../diagnostic.js';

/** Which rung was shown: syntax findings only, errors only, warnings, or nothing to show. */
export const rungs = ['syntax', 'errors', 'warnings', 'none'] as const;
export type Rung = (typeof rungs)[number];

export interface Ladder<T> {
  kept: T[];
  hidden: T[];
  rung: Rung;
}

/**
 * Keeps syntax findings alone when any exist (an ESLint parse error is a syntax finding too),
 * else errors alone when any exist, else everything (warnings). Order is preserved.
 */
export function applyLadder<T extends Diagnostic>(findings: readonly T[]): Ladder<T> {
  if (findings.length === 0) return { kept: [], hidden: [], rung: 'none' };
  if (findings.some((finding) => finding.phase === 'syntax')) {
    return splitBy(findings, (finding) => finding.phase === 'syntax', 'syntax');
  }
  if (findings.some((finding) => finding.severity === 'error')) {
    return splitBy(findings, (finding) => finding.severity === 'error', 'errors');
  }
  return { kept: [...findings], hidden: [], rung: 'warnings' };
}

function splitBy<T>(findings: readonly T[], keep: (finding: T) => boolean, rung: Rung): Ladder<T> {
  return { kept: findings.filter(keep), hidden: findings.filter((finding) => !keep(finding)), rung };
}
