/**
 * `culprit fix`'s plan: which offered edits to apply. Only a finding the edit introduced is
 * fixed (`eslint --fix` fixes every finding of every file it is given, standing debt included, so
 * an agent running it rewrites code outside its task), never in a file the agent must not edit
 * or outside the work tree, and never over the code of a standing finding. Edits that overlap
 * are not merged: the first (by position) is applied and the rest wait for the next check, as
 * ESLint's own fixer does in one pass.
 */
import { groupBy } from '../group-by.js';
import type { Editability } from '../triage/non-editable.js';
import type { LeftSite } from './rename-sites.js';
import { findLineStarts, findOffset, findPosition, stripByteOrderMark } from './text-positions.js';

/** Where an offered fix came from. */
export type FixSource = 'eslint' | 'typescript' | 'rename';

/** One finding's fix as offered: replace `[start, end)` of `path`'s text (see OfferedEdit) with `text`. */
export interface OfferedFix {
  fingerprint: string;
  /** The finding's code (its rule, or TypeScript's error code). */
  code: string;
  source: FixSource;
  path: string;
  start: number;
  end: number;
  text: string;
  /**
   * For a site of a renamed declaration that the rename provider found on the baseline's program:
   * the declaration (its qualified base name). Such a site is proven by the program, not by a
   * finding: it is applied whether or not a finding flags it (`fingerprint` and `code` are then
   * its cause's first site's).
   */
  cause?: string | undefined;
}

/** A 1-based range, the end exclusive, in the file as it was before the fix. */
export interface TextRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface PlannedFix extends OfferedFix {
  range: TextRange;
}

export type SkipReason = 'not-introduced' | 'outside-tree' | 'not-editable' | 'unreadable' | 'standing' | 'overlaps';

export interface SkippedFix {
  fix: OfferedFix;
  reason: SkipReason;
  /** Where it is, when the file could be read. */
  range?: TextRange;
}

export interface FixPlan {
  /** In path, then position order. */
  fixes: PlannedFix[];
  skipped: SkippedFix[];
  /** Sites of a renamed declaration left on lines the edit changed in another way. */
  left: LeftSite[];
}

/** Where a standing finding is: its code is not the fix's to change. */
export interface StandingRange {
  path: string | null;
  line: number;
  column: number;
  endLine?: number | undefined;
  endColumn?: number | undefined;
}

export interface PlanFixesInput {
  offered: readonly OfferedFix[];
  /** Fingerprints of the findings the edit introduced. */
  introduced: ReadonlySet<string>;
  standing: readonly StandingRange[];
  /** Whether a repository-relative path is a file inside the work tree (links followed). */
  isInTree: (path: string) => boolean;
  classify: (path: string) => Editability;
  /** The file's text as it is now, or undefined when it cannot be read. */
  readText: (path: string) => string | undefined;
  /** Rename sites that could not be placed (rename-sites.ts), reported with the plan. */
  left?: readonly LeftSite[] | undefined;
}

export function planFixes(input: PlanFixesInput): FixPlan {
  const skipped: SkippedFix[] = [];
  const candidates: { fix: OfferedFix; text: string }[] = [];
  for (const fix of input.offered) {
    const reason = findSkipReason(fix, input);
    if (reason !== undefined) {
      skipped.push(locateSkipped(fix, reason, reason === 'not-introduced' ? undefined : input.readText(fix.path)));
      continue;
    }
    const text = input.readText(fix.path);
    if (text === undefined || !fitsText(fix, stripByteOrderMark(text))) skipped.push({ fix, reason: 'unreadable' });
    else candidates.push({ fix, text: stripByteOrderMark(text) });
  }
  candidates.sort((a, b) => comparePaths(a.fix.path, b.fix.path) || a.fix.start - b.fix.start || a.fix.end - b.fix.end);

  const standingByPath = groupBy(input.standing, (range) => (range.line < 1 ? undefined : (range.path ?? undefined)));
  const fixes: PlannedFix[] = [];
  let lineStarts: { path: string; starts: number[]; standing: [number, number][] } | undefined;
  let last: OfferedFix | undefined;
  for (const { fix, text } of candidates) {
    if (lineStarts?.path !== fix.path) {
      const starts = findLineStarts(text);
      lineStarts = {
        path: fix.path,
        starts,
        standing: findStandingOffsets(standingByPath.get(fix.path), starts, text),
      };
      last = undefined;
    }
    const range = makeRange(lineStarts.starts, fix);
    const changed = trimUnchanged(fix, text);
    if (lineStarts.standing.some(([start, end]) => touches(changed, start, end))) {
      skipped.push({ fix, reason: 'standing', range });
      continue;
    }
    if (last !== undefined && overlaps(last, fix)) {
      skipped.push({ fix, reason: 'overlaps', range });
      continue;
    }
    fixes.push({ ...fix, range });
    last = fix;
  }
  return { fixes, skipped, left: [...(input.left ?? [])] };
}

function makeRange(lineStarts: readonly number[], fix: OfferedFix): TextRange {
  const from = findPosition(lineStarts, fix.start);
  const to = findPosition(lineStarts, fix.end);
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

function locateSkipped(fix: OfferedFix, reason: SkipReason, text: string | undefined): SkippedFix {
  if (text === undefined) return { fix, reason };
  const body = stripByteOrderMark(text);
  return fitsText(fix, body) ? { fix, reason, range: makeRange(findLineStarts(body), fix) } : { fix, reason };
}

function findSkipReason(fix: OfferedFix, input: PlanFixesInput): SkipReason | undefined {
  // A rename provider's site is proven by the baseline's program, not by a finding.
  if (fix.cause === undefined && !input.introduced.has(fix.fingerprint)) return 'not-introduced';
  if (!input.isInTree(fix.path)) return 'outside-tree';
  if (!input.classify(fix.path).editable) return 'not-editable';
  return undefined;
}

function fitsText(fix: OfferedFix, text: string): boolean {
  return (
    Number.isInteger(fix.start) &&
    Number.isInteger(fix.end) &&
    0 <= fix.start &&
    fix.start <= fix.end &&
    fix.end <= text.length
  );
}

/**
 * The part of an edit that changes text: tools replace whole nodes (ESLint's prefer-const fix
 * rewrites the declaration to change `let` into `const`), and the text they keep is not
 * changed, so a standing finding inside it is left as it is.
 */
function trimUnchanged(fix: OfferedFix, text: string): Pick<OfferedFix, 'start' | 'end'> {
  let start = fix.start;
  let end = fix.end;
  let at = 0;
  while (start < end && at < fix.text.length && text.charCodeAt(start) === fix.text.charCodeAt(at)) {
    start += 1;
    at += 1;
  }
  let back = fix.text.length;
  while (end > start && back > at && text.charCodeAt(end - 1) === fix.text.charCodeAt(back - 1)) {
    end -= 1;
    back -= 1;
  }
  return { start, end };
}

/** Whether an edit changes the text of `[start, end)`; an insertion at either edge of it does not. */
function touches(fix: Pick<OfferedFix, 'start' | 'end'>, start: number, end: number): boolean {
  if (start === end) return fix.start <= start && start < fix.end;
  if (fix.start === fix.end) return start < fix.start && fix.start < end;
  return fix.start < end && start < fix.end;
}

/** Two edits overlap when they change common text, or insert at the same place (their order would be a guess). */
function overlaps(first: OfferedFix, second: OfferedFix): boolean {
  return second.start < first.end || (second.start === first.start && second.start === first.end);
}

function findStandingOffsets(
  ranges: readonly StandingRange[] | undefined,
  starts: readonly number[],
  text: string,
): [number, number][] {
  const offsets: [number, number][] = [];
  for (const range of ranges ?? []) {
    const start = findOffset(starts, text, range.line, Math.max(range.column, 1));
    if (start === undefined) continue;
    const end =
      range.endLine === undefined || range.endColumn === undefined
        ? start
        : (findOffset(starts, text, range.endLine, range.endColumn) ?? start);
    offsets.push([start, Math.max(start, end)]);
  }
  return offsets;
}

function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The file's text with the plan's edits for it applied (a leading byte order mark kept). */
export function applyFixes(text: string, fixes: readonly Pick<OfferedFix, 'start' | 'end' | 'text'>[]): string {
  const mark = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  let body = stripByteOrderMark(text);
  // From the end, so each edit's offsets still name the text it was offered for.
  for (const fix of [...fixes].sort((a, b) => b.start - a.start || b.end - a.end))
    body = body.slice(0, fix.start) + fix.text + body.slice(fix.end);
  return mark + body;
}

/** The plan's fixes by file, in path order. */
export function groupFixesByFile<Fix extends OfferedFix>(fixes: readonly Fix[]): Map<string, Fix[]> {
  return groupBy(fixes, (fix) => fix.path);
}
