/**
 * A run's strength in the few lines a reviewed file can hold: for each file a setting is written
 * in, each setting at the least strict level any of its scopes has. The ratchet file
 * (culprit-baseline.json) records it, and the gate compares a run's summary with it: a setting
 * that fell below what the file records is weakened. Per-file detail is `check`'s: a rule turned
 * off for files where another file already had it off is a weakening `check` sees and the summary
 * does not.
 */
import type { StrengthScope } from '../check-run.js';
import { compareStrings } from '../diagnostic.js';

/** Config file ('' for built-in settings) → setting → `[level, value]`, the least strict. */
export type StrengthSummary = Record<string, Record<string, [level: number, value: string]>>;

export function summarizeStrength(scopes: readonly StrengthScope[]): StrengthSummary {
  const summary: StrengthSummary = {};
  for (const scope of scopes) {
    const settings = (summary[scope.source ?? ''] ??= {});
    for (const [setting, [level, value]] of Object.entries(scope.settings)) {
      const known = settings[setting];
      if (known === undefined || level < known[0]) settings[setting] = [level, value];
    }
  }
  return sortSummary(summary);
}

/** The summary as scopes over a whole run, one per config file, as weakening.ts pairs them. */
export function listSummaryScopes(summary: StrengthSummary): StrengthScope[] {
  return Object.entries(summary).map(([source, settings]) => ({ source: source === '' ? null : source, settings }));
}

/** Sorted keys, so the same strength always gives the same bytes in the file. */
export function sortSummary(summary: StrengthSummary): StrengthSummary {
  const sorted: StrengthSummary = {};
  for (const source of Object.keys(summary).sort(compareStrings)) {
    const settings = summary[source]!;
    sorted[source] = Object.fromEntries(
      Object.keys(settings)
        .sort(compareStrings)
        .map((setting) => [setting, settings[setting]!]),
    );
  }
  return sorted;
}
