/**
 * A debt campaign's targets: the standing findings a loop whose task is the debt sets out to fix.
 * Pure: the baseline's findings and the user's selection in, the chosen findings out. Files with
 * the most matching findings come first, and a file is taken whole when it fits, so the agent
 * cleans whole files rather than a scatter of lines.
 */
import picomatch from 'picomatch';
import { compareByPosition, compareStrings, type Finding } from '../diagnostic.js';
import type { EditabilityClassifier } from '../triage/non-editable.js';

export interface DebtSelection {
  /** Rule ids or error codes to take (`prefer-const`, `TS2339`); empty for every rule. */
  rules: readonly string[];
  /** picomatch globs over repository-relative paths; empty for every path. */
  paths: readonly string[];
  /** The check whose findings to take (a finding's `tool`); undefined for every check. */
  tool: string | undefined;
  /** At most this many targets. */
  max: number;
}

/** Targets when `--max` is not given: a campaign an agent can finish in a few attempts. */
export const defaultMaxTargets = 20;

const declarationFile = /\.d\.[cm]?ts$/;

/**
 * The findings a campaign takes on, in position order. Never a finding about no file, nor one in a
 * file the agent must not edit (generated, vendored, configured) or in any declaration file. Files
 * are ranked by how many matching findings they hold (most first, then by path); each is taken
 * whole when it fits in what is left of `max`. When not even the first file fits, its first `max`
 * findings are taken, so a campaign is never empty while debt matches.
 */
export function selectDebtTargets(
  findings: readonly Finding[],
  selection: DebtSelection,
  classify: EditabilityClassifier,
): Finding[] {
  const matchesPath = selection.paths.length === 0 ? () => true : picomatch([...selection.paths], { dot: true });
  const rules = new Set(selection.rules);
  const byFile = new Map<string, Finding[]>();
  for (const finding of findings) {
    const { path } = finding;
    // A suppression directive is no debt to pay down by itself: the finding it hides is.
    if (path === null || declarationFile.test(path) || finding.kind !== undefined) continue;
    if (selection.tool !== undefined && finding.tool !== selection.tool) continue;
    if (rules.size > 0 && !rules.has(finding.code)) continue;
    if (!matchesPath(path) || !classify(path).editable) continue;
    const inFile = byFile.get(path);
    if (inFile === undefined) byFile.set(path, [finding]);
    else inFile.push(finding);
  }
  const files = [...byFile].sort(([a, inA], [b, inB]) => inB.length - inA.length || compareStrings(a, b));
  const taken: Finding[] = [];
  for (const [, inFile] of files) {
    if (inFile.length <= selection.max - taken.length) taken.push(...inFile);
  }
  if (taken.length === 0 && files.length > 0)
    taken.push(...[...files[0]![1]].sort(compareByPosition).slice(0, selection.max));
  return taken.sort(compareByPosition);
}
