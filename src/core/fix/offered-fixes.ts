/**
 * The fixes on offer for what the edit introduced: each finding's own fix from its tool
 * (ESLint's `fix`; a suggestion only when asked for, and only when it is the one suggestion,
 * since choosing among several is the agent's call), and the sites of a renamed declaration
 * rewritten to its new name.
 */
import type { Finding } from '../diagnostic.js';
import type { Report } from '../report/report.js';
import type { FixSource, OfferedFix } from './fix-plan.js';
import { findLineStarts, findOffset, stripByteOrderMark } from './text-positions.js';

export interface ToolFixOptions {
  /** Apply a finding's suggestion when the tool offers exactly one and no fix. */
  suggestions?: boolean | undefined;
}

export function listToolFixes(introduced: readonly Finding[], options: ToolFixOptions = {}): OfferedFix[] {
  const offered: OfferedFix[] = [];
  for (const finding of introduced) {
    if (finding.path === null) continue;
    const edit =
      finding.fix ??
      (options.suggestions === true && finding.suggestions?.length === 1 ? finding.suggestions[0] : undefined);
    if (edit === undefined) continue;
    offered.push({
      fingerprint: finding.fingerprint,
      code: finding.code,
      source: sourceOf(finding),
      path: finding.path,
      ...edit,
    });
  }
  return offered;
}

function sourceOf(finding: Finding): FixSource {
  return finding.tool === 'tsc' ? 'typescript' : 'eslint';
}

/** TypeScript's codes for an imported or re-exported name the module does not export. */
const importCodes: ReadonlySet<string> = new Set(['TS2305', 'TS2724', 'TS2614']);
/** TypeScript's codes for a name that resolves to nothing in scope. */
const nameCodes: ReadonlySet<string> = new Set(['TS2304', 'TS2552']);
const identifierPart = /[\p{ID_Continue}$\u200c\u200d]/u;

/**
 * Where no rename provider answered for a renamed declaration (a cause whose change is
 * `renamed`; `answered` names those it did): its shown sites with the old name at the flagged
 * range, rewritten to the new name. Only sites whose rewrite cannot change what else the code
 * means: a member read or written (`store.getState`), a property key (`{ getState: … }`), an
 * imported or re-exported name (`import { getState }` becomes `getState2 as getState`, so the
 * file's own uses keep working), and a name read in scope. A shorthand property (`{ getState }`)
 * and anything else stay for the agent.
 */
export function listRenameFixes(
  report: Pick<Report, 'shown' | 'groups'>,
  readText: (path: string) => string | undefined,
  answered: ReadonlySet<string> = new Set(),
): OfferedFix[] {
  const byFingerprint = new Map(report.shown.map((finding) => [finding.fingerprint, finding]));
  const offered: OfferedFix[] = [];
  for (const group of report.groups) {
    const change = group.cause?.change;
    if (change?.kind !== 'renamed' || change.renamedTo === undefined || answered.has(change.symbol)) continue;
    const from = lastSegment(change.symbol);
    const to = lastSegment(change.renamedTo);
    if (from === to) continue;
    for (const fingerprint of group.members ?? []) {
      const site = byFingerprint.get(fingerprint);
      if (site?.path === null || site === undefined) continue;
      const text = readText(site.path);
      if (text === undefined) continue;
      const edit = makeRenameEdit(stripByteOrderMark(text), site, from, to);
      if (edit !== undefined)
        offered.push({ fingerprint, code: site.code, source: 'rename', path: site.path, ...edit });
    }
  }
  return offered;
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

function makeRenameEdit(
  text: string,
  site: Pick<Finding, 'code' | 'line' | 'column' | 'endLine' | 'endColumn'>,
  from: string,
  to: string,
): { start: number; end: number; text: string } | undefined {
  if (site.endLine === undefined || site.endColumn === undefined) return undefined;
  const starts = findLineStarts(text);
  const start = findOffset(starts, text, site.line, site.column);
  const end = findOffset(starts, text, site.endLine, site.endColumn);
  if (start === undefined || end === undefined || text.slice(start, end) !== from) return undefined;
  // The range must be the whole name, not part of a longer one.
  if (identifierPart.test(text[start - 1] ?? '') || identifierPart.test(text[end] ?? '')) return undefined;
  const before = text.slice(0, start).trimEnd();
  const after = text.slice(end).trimStart();
  if (importCodes.has(site.code)) {
    if (!isInBraces(before)) return undefined;
    // `old as local` keeps its local name; a bare `old` is given it, so the file's uses stay as they are.
    return { start, end, text: /^as\b/.test(after) ? to : `${to} as ${from}` };
  }
  const isShorthand = /[{,]$/.test(before) && /^[,}=]/.test(after);
  if (isShorthand) return undefined;
  if (nameCodes.has(site.code)) return before.endsWith('.') ? undefined : { start, end, text: to };
  // A member access (`a.old`, `a?.old`) or a property key (`{ old: … }`, `old() {…}` in a literal).
  if (before.endsWith('.') || (/[{,]$/.test(before) && /^[:(]/.test(after))) return { start, end, text: to };
  return undefined;
}

/** Whether text ends inside an import's or export's braces: `import {`, `export { a,`. */
function isInBraces(before: string): boolean {
  const open = before.lastIndexOf('{');
  return open !== -1 && !before.slice(open).includes('}') && /[{,]$/.test(before);
}
