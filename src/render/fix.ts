/**
 * What `culprit fix` says: which fixes it applied (or, with `--dry-run`, would apply, as a
 * unified diff), which it left and why, then the usual report of the check after them.
 */
import type { FixPlan, PlannedFix, SkipReason } from '../core/fix/fix-plan.js';
import type { Report } from '../core/report/report.js';
import { describeWriteRefusal, type WriteRefusal } from '../core/write-refusal.js';
import { makeJsonReport } from './json.js';
import { renderText, type TextRenderOptions } from './text.js';
import { renderUnifiedDiff } from './unified-diff.js';
import { countOf } from './wording.js';
import { escapeControls } from './escape-controls.js';

export interface FixOutcome {
  plan: FixPlan;
  files: readonly { path: string; before: string; after: string }[];
  dryRun: boolean;
  /** Files culprit may not replace: then nothing was written. */
  refused?: readonly WriteRefusal[] | undefined;
}

/** Fixes listed one a line; a rename's hundreds of sites are counted after these. */
const listedFixes = 20;

/** The lines before the report: what was fixed, by whom, and what was left. */
export function describeFixes(outcome: FixOutcome): string {
  return escapeControls(listFixLines(outcome));
}

function listFixLines({ plan, files, dryRun, refused = [] }: FixOutcome): string {
  if (refused.length > 0)
    return `culprit fix: wrote nothing, and left the ${countOf(plan.fixes.length, 'fix')} it found for you: ${refused.map(describeWriteRefusal).join('; ')}. Make ${refused.length === 1 ? 'it' : 'them'} writable to let culprit fix ${refused.length === 1 ? 'it' : 'them'}.\n`;
  const left = describeSkipped(plan);
  if (plan.fixes.length === 0)
    return `culprit fix: nothing to fix among the findings this edit introduced${left === '' ? '' : ` (${left})`}.\n`;
  const verb = dryRun ? 'would fix' : 'fixed';
  const lines = [
    `culprit fix: ${verb} ${countOf(plan.fixes.length, 'finding')} this edit introduced, in ${countOf(files.length, 'file')}${dryRun ? '; nothing was written' : ''}:`,
    ...plan.fixes
      .slice(0, listedFixes)
      .map((fix) => `  ${fix.path}:${fix.range.line}:${fix.range.column}  ${fix.code} (${describeSource(fix)})`),
  ];
  if (plan.fixes.length > listedFixes) lines.push(`  and ${plan.fixes.length - listedFixes} more.`);
  if (left !== '') lines.push(`Left for you: ${left}.`);
  return `${lines.join('\n')}\n`;
}

function describeSource(fix: PlannedFix): string {
  return fix.source === 'rename' ? 'rename' : fix.source === 'eslint' ? "ESLint's fix" : "TypeScript's fix";
}

const skipWording: Record<Exclude<SkipReason, 'not-introduced'>, string> = {
  'outside-tree': 'outside the work tree',
  'not-editable': 'in a generated, vendored or package file',
  unreadable: 'in a file that changed or cannot be read',
  standing: "over a standing finding's code",
  overlaps: 'overlapping another fix (run culprit fix again)',
};

function describeSkipped(plan: FixPlan): string {
  const counts = new Map<string, number>();
  for (const { reason } of plan.skipped) {
    if (reason === 'not-introduced') continue;
    counts.set(skipWording[reason], (counts.get(skipWording[reason]) ?? 0) + 1);
  }
  return [...counts].map(([why, count]) => `${countOf(count, 'fix')} ${why}`).join(', ');
}

/** The text `fix` prints: what it fixed, then the report of the check after the fixes; for a dry run, the diff instead. */
export function renderFixText(report: Report, outcome: FixOutcome, options: TextRenderOptions): string {
  if (outcome.dryRun) return renderFixDiff(outcome);
  return `${describeFixes(outcome)}\n${renderText(report, options)}`;
}

/** `--dry-run`: the summary, then each file's unified diff. */
export function renderFixDiff(outcome: FixOutcome): string {
  return (
    describeFixes(outcome) + outcome.files.map((file) => renderUnifiedDiff(file.path, file.before, file.after)).join('')
  );
}

/** The fixes as `--json` lists them: each finding's fingerprint and code, the file, the range fixed, and where the fix came from. */
export function listFixes(
  plan: FixPlan,
): { fingerprint: string; code: string; path: string; range: PlannedFix['range']; source: string }[] {
  return plan.fixes.map((fix) => ({
    fingerprint: fix.fingerprint,
    code: fix.code,
    path: fix.path,
    range: fix.range,
    source: fix.source,
  }));
}

/** `--json`: the report of the check after the fixes (a dry run's: of the one check), then `fixes` and `dryRun`. */
export function renderFixJson(report: Report, outcome: FixOutcome): string {
  const refused = (outcome.refused ?? []).map(({ path, problem }) => ({ path, problem }));
  // With files refused nothing was written: no fix was made.
  const fixes = refused.length > 0 ? [] : listFixes(outcome.plan);
  return `${JSON.stringify({ ...makeJsonReport(report), fixes, dryRun: outcome.dryRun, refused }, null, 2)}\n`;
}
