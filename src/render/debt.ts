/**
 * The sentences of a debt campaign (`culprit debt`): what it set out to fix, how far it got, and
 * the line that ratchets a clean campaign into the checked-in baseline.
 */
import type { Report } from '../core/report/report.js';
import { countOf } from './wording.js';

/**
 * What to run once a campaign is clean: with a checked-in baseline, prune it so the fixed findings
 * can never come back; without one, write one so the debt left cannot grow.
 */
export function describeRatchet(hasRatchetFile: boolean): string {
  return hasRatchetFile
    ? 'every target is fixed: run `culprit baseline --prune` to drop them from culprit-baseline.json (until then `culprit gate` calls it stale) and commit it, so they cannot come back'
    : 'every target is fixed: run `culprit baseline --write` to record the debt that is left, so `culprit gate` keeps it from growing';
}

/** The campaign's progress, first in its summary; its first attempt is `debt start`. */
export function describeTargets(targets: NonNullable<Report['targets']>, attempt: number): string {
  if (targets.total === 0) return 'debt campaign: no standing finding matches; nothing to fix.';
  if (attempt === 1)
    return `debt campaign: ${countOf(targets.total, 'standing finding')} to fix, root causes first; run culprit debt check after each fix.`;
  return `debt campaign: ${targets.resolved} of ${countOf(targets.total, 'target')} fixed, ${targets.remaining} to go.`;
}

/** What the campaign itself broke: fixed before the debt, since it is new. */
export function describeCampaignIntroduced(introduced: number): string {
  return `the campaign introduced ${countOf(introduced, 'new finding')}; fix ${introduced === 1 ? 'it' : 'them'} too.`;
}
