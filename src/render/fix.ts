/**
 * What `culprit fix` says: which fixes it applied (or, with `--dry-run`, would apply, as a
 * unified diff), which it left and why, then the usual report of the check after them.
 */
import type { FixPlan, PlannedFix, SkipReason } from '../core/fix/fix-plan.js';
import { groupBy } from '../core/group-by.js';
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
/** Places named per kind of site left; the rest is counted. */
const namedLeft = 6;

/** The lines before the report: what was fixed, by whom, and what was left. */
export function describeFixes(outcome: FixOutcome): string {
  return escapeControls(sayFixes(outcome));
}

function sayFixes({ plan, dryRun, refused = [] }: FixOutcome): string {
  if (refused.length > 0)
    return `culprit fix: wrote nothing, and left the ${countOf(plan.fixes.length, 'fix')} it found for you: ${refused.map(describeWriteRefusal).join('; ')}. Make ${refused.length === 1 ? 'it' : 'them'} writable to let culprit fix ${refused.length === 1 ? 'it' : 'them'}.\n`;
  const left = describeSkipped(plan);
  if (plan.fixes.length === 0)
    return `culprit fix: nothing to fix among the findings this edit introduced${left === '' ? '' : ` (${left})`}.\n`;
  const verb = dryRun ? 'would fix' : 'fixed';
  const unwritten = dryRun ? '; nothing was written' : '';
  const lines: string[] = [];
  const renamed = plan.fixes.filter((fix) => fix.cause !== undefined);
  const findings = plan.fixes.filter((fix) => fix.cause === undefined);
  for (const [cause, sites] of groupBy(renamed, (fix) => fix.cause)) {
    const to = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/u.exec(sites[0]!.text)?.[0];
    lines.push(
      `culprit fix: ${dryRun ? 'would finish' : 'finished'} the rename of \`${cause}\`${to === undefined ? '' : ` to \`${to}\``} at ${countOf(sites.length, 'site')} in ${countOf(new Set(sites.map((fix) => fix.path)).size, 'file')}, as TypeScript's rename does on the code before your edit${unwritten}:`,
      ...listFixLines(sites),
    );
  }
  if (findings.length > 0)
    lines.push(
      `culprit fix: ${verb} ${countOf(findings.length, 'finding')} this edit introduced, in ${countOf(new Set(findings.map((fix) => fix.path)).size, 'file')}${unwritten}:`,
      ...listFixLines(findings),
    );
  if (left !== '') lines.push(`Left for you: ${left}.`);
  return `${lines.join('\n')}\n`;
}

function listFixLines(fixes: readonly PlannedFix[]): string[] {
  const lines = fixes
    .slice(0, listedFixes)
    .map((fix) => `  ${fix.path}:${fix.range.line}:${fix.range.column}  ${fix.code} (${describeSource(fix)})`);
  if (fixes.length > listedFixes) lines.push(`  and ${fixes.length - listedFixes} more.`);
  return lines;
}

function describeSource(fix: PlannedFix): string {
  return fix.source === 'rename' ? 'rename' : fix.source === 'eslint' ? "ESLint's fix" : "TypeScript's fix";
}

const skipWording: Record<Exclude<SkipReason, 'not-introduced'>, string> = {
  'outside-tree': 'outside the work tree',
  'not-editable': 'in a generated, vendored or package file, to regenerate or upgrade',
  unreadable: 'in a file that changed or cannot be read',
  standing: "over a standing finding's code",
  overlaps: 'overlapping another fix (run culprit fix again)',
};

/**
 * What was on offer and left, by why: counted, and where the agent has to act (a rename site on
 * a line it changed, one in a generated file), named.
 */
function describeSkipped(plan: FixPlan): string {
  const places = new Map<string, string[]>();
  const add = (why: string, place: string | undefined) => {
    const list = places.get(why) ?? [];
    list.push(place ?? '');
    places.set(why, list);
  };
  for (const { fix, reason, range } of plan.skipped) {
    if (reason === 'not-introduced') continue;
    const named = fix.cause !== undefined || reason === 'not-editable';
    add(skipWording[reason], named && range !== undefined ? `${fix.path}:${range.line}` : undefined);
  }
  for (const site of plan.left) add('on a line you changed in another way', `${site.path}:${site.line}`);
  return [...places]
    .map(([why, where]) => {
      const named = where.filter((place) => place !== '');
      const list =
        named.length === 0
          ? ''
          : ` (${named.slice(0, namedLeft).join(', ')}${named.length > namedLeft ? `, and ${named.length - namedLeft} more` : ''})`;
      return `${countOf(where.length, where.length === named.length ? 'site' : 'fix')} ${why}${list}`;
    })
    .join('; ');
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
export function listFixes(plan: FixPlan): {
  fingerprint: string;
  code: string;
  path: string;
  range: PlannedFix['range'];
  source: string;
  cause?: string;
}[] {
  return plan.fixes.map((fix) => ({
    fingerprint: fix.fingerprint,
    code: fix.code,
    path: fix.path,
    range: fix.range,
    source: fix.source,
    cause: fix.cause,
  }));
}

/**
 * What was on offer and left, as `--json` lists it: where (the file, and the line and column
 * when it could be read), why, and the source; for a rename site, the renamed declaration.
 */
export function listSkipped(plan: FixPlan): {
  path: string;
  line?: number;
  column?: number;
  reason: Exclude<SkipReason, 'not-introduced'> | 'changed-line';
  source: string;
  cause?: string;
}[] {
  return [
    ...plan.skipped.flatMap(({ fix, reason, range }) =>
      reason === 'not-introduced'
        ? []
        : [
            {
              path: fix.path,
              line: range?.line,
              column: range?.column,
              reason,
              source: fix.source,
              cause: fix.cause,
            },
          ],
    ),
    ...plan.left.map((site) => ({
      path: site.path,
      line: site.line,
      column: undefined,
      reason: site.reason,
      source: 'rename',
      cause: site.cause,
    })),
  ];
}

/** `--json`: the report of the check after the fixes (a dry run's: of the one check), then `fixes`, `skipped`, `dryRun` and `refused`. */
export function renderFixJson(report: Report, outcome: FixOutcome): string {
  const refused = (outcome.refused ?? []).map(({ path, problem }) => ({ path, problem }));
  // With files refused nothing was written: no fix was made.
  const fixes = refused.length > 0 ? [] : listFixes(outcome.plan);
  return `${JSON.stringify(
    { ...makeJsonReport(report), fixes, skipped: listSkipped(outcome.plan), dryRun: outcome.dryRun, refused },
    null,
    2,
  )}\n`;
}
