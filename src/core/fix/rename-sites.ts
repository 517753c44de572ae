/**
 * A renamed declaration's sites, finished as an editor's rename finishes them: the tool's rename
 * provider names them in the baseline's text of each file (checks/tsc/rename-locations.ts), and
 * here they are placed on the file as it is now. A site on a line the edit left alone moves with
 * it; a site on a line the edit changed is the agent's: left as it is when the agent already
 * wrote the new name there, and otherwise left and reported, never overwritten.
 */
import type { Finding } from '../diagnostic.js';
import type { CauseChange } from '../triage/echo-groups.js';
import { splitTextLines, type EditedLines } from './edited-lines.js';
import type { OfferedFix } from './fix-plan.js';
import { countName, findLineStarts, findPosition, stripByteOrderMark } from './text-positions.js';

/** One site in the baseline's text of a file: replace `[start, end)` (the old name) with `text`. */
export interface RenameSite {
  /** Repository-relative path in the baseline's tree. */
  path: string;
  start: number;
  end: number;
  /** The new name, with what keeps the code meaning the same around it (`transaction: tr` for `{ tr }`). */
  text: string;
}

/** A site the fix left: on a line the edit changed in another way. */
export interface LeftSite {
  /** The changed declaration (its qualified base name). */
  cause: string;
  /** Current path and the 1-based line the edit wrote in place of the site's line. */
  path: string;
  line: number;
  reason: 'changed-line';
}

export interface PlaceRenameSitesInput {
  renames: readonly {
    change: CauseChange;
    sites: readonly RenameSite[];
    first: Pick<Finding, 'fingerprint' | 'code'>;
  }[];
  /** Base path → current path, for the files the edit renamed. */
  movedTo: ReadonlyMap<string, string>;
  /** Base paths of the files the edit deleted. */
  deleted: ReadonlySet<string>;
  /** The baseline's text of a file the edit touched, by base path (null: the baseline had none); undefined for an untouched file. */
  baseTextOf: (basePath: string) => string | null | undefined;
  /** The lines the edit changed in a file (current path); undefined for a file it did not touch. */
  editedLinesOf: (path: string) => EditedLines | undefined;
  /** A file's text as it is now (current path), or undefined when it cannot be read. */
  readText: (path: string) => string | undefined;
  /** Introduced findings, so a site that is one is fixed under its own fingerprint. */
  introduced: readonly Finding[];
}

export function placeRenameSites(input: PlaceRenameSitesInput): { offered: OfferedFix[]; left: LeftSite[] } {
  const offered: OfferedFix[] = [];
  const left: LeftSite[] = [];
  const findingAt = new Map<string, Finding>();
  for (const finding of input.introduced)
    if (finding.path !== null) findingAt.set(`${finding.path}:${finding.line}:${finding.column}`, finding);
  for (const { change, sites, first } of input.renames) {
    const byFile = new Map<string, RenameSite[]>();
    for (const site of sites) {
      const list = byFile.get(site.path);
      if (list === undefined) byFile.set(site.path, [site]);
      else list.push(site);
    }
    for (const [basePath, fileSites] of byFile) {
      if (input.deleted.has(basePath)) continue;
      const path = input.movedTo.get(basePath) ?? basePath;
      const raw = input.readText(path);
      if (raw === undefined) continue;
      const current = stripByteOrderMark(raw);
      const base = input.baseTextOf(basePath) ?? current;
      const placed = placeFileSites(fileSites, base, current, input.editedLinesOf(path));
      const currentStarts = findLineStarts(current);
      for (const site of placed.sites) {
        const at = findPosition(currentStarts, site.start);
        const finding = findingAt.get(`${path}:${at.line}:${at.column}`);
        offered.push({
          fingerprint: finding?.fingerprint ?? first.fingerprint,
          code: finding?.code ?? first.code,
          source: 'rename',
          path,
          start: site.start,
          end: site.end,
          text: site.text,
          cause: change.symbol,
        });
      }
      for (const line of placed.left) left.push({ cause: change.symbol, path, line, reason: 'changed-line' });
    }
  }
  return { offered, left };
}

/** The sites at their offsets in the current text, and the current lines of those the edit's own lines hold. */
function placeFileSites(
  sites: readonly RenameSite[],
  base: string,
  current: string,
  edited: EditedLines | undefined,
): { sites: RenameSite[]; left: number[] } {
  const fits = (site: RenameSite, start: number) =>
    start + (site.end - site.start) <= current.length &&
    current.slice(start, start + site.end - site.start) === base.slice(site.start, site.end);
  if (edited === undefined) return { sites: sites.filter((site) => fits(site, site.start)), left: [] };
  const baseStarts = findLineStarts(base);
  const currentStarts = findLineStarts(current);
  const placed: RenameSite[] = [];
  const onChangedLines = new Map<number, RenameSite[]>();
  for (const site of sites) {
    const from = findPosition(baseStarts, site.start);
    const to = findPosition(baseStarts, site.end);
    const line = edited.currentLineOf(from.line);
    if (line !== undefined && to.line === from.line) {
      const start = (currentStarts[line - 1] ?? 0) + from.column - 1;
      if (fits(site, start)) placed.push({ ...site, start, end: start + site.end - site.start });
      continue;
    }
    const list = onChangedLines.get(from.line);
    if (list === undefined) onChangedLines.set(from.line, [site]);
    else list.push(site);
  }
  const left = new Set<number>();
  if (onChangedLines.size > 0) {
    const baseLines = splitTextLines(base);
    const currentLines = splitTextLines(current);
    for (const [line, lineSites] of onChangedLines) {
      const written = edited.replacementOf(line);
      const lineStart = baseStarts[line - 1] ?? 0;
      const renamed = applySites(baseLines[line - 1] ?? '', lineSites, lineStart).trim();
      // The agent already wrote the new name there (the declaration itself, a site it renamed by hand).
      if (written.some((at) => (currentLines[at - 1] ?? '').trim() === renamed)) continue;
      // Left where a line the agent wrote in its place still has the old name; gone with it otherwise.
      const names = new Set(lineSites.map((site) => base.slice(site.start, site.end)));
      const still = written.find((at) => [...names].some((name) => countName(currentLines[at - 1] ?? '', name) > 0));
      if (still !== undefined) left.add(still);
    }
  }
  return { sites: placed, left: [...left].sort((a, b) => a - b) };
}

/** A line's text with the sites on it replaced. */
function applySites(line: string, sites: readonly RenameSite[], lineStart: number): string {
  let text = line;
  for (const site of [...sites].sort((a, b) => b.start - a.start)) {
    const start = site.start - lineStart;
    const end = Math.min(site.end - lineStart, line.length);
    text = text.slice(0, start) + site.text + text.slice(end);
  }
  return text;
}
