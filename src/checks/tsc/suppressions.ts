/**
 * TypeScript's suppression directives as findings of the tsc check (issue 35), so one the edit
 * added is introduced and one the baseline had stands wherever its code moves:
 *
 * - `// @ts-ignore` and `// @ts-expect-error` (also `/* … *\/` whose last line starts with one)
 *   hide every error on the next line that is not blank or a `//` comment, as the compiler looks
 *   for them (it walks up from an error's line over such lines);
 * - `// @ts-nocheck` among the comments before the file's first token hides the whole file
 *   (the last of `@ts-check` and `@ts-nocheck` there wins).
 *
 * TypeScript 5 and 6 list them on the parsed file (`commentDirectives` and `checkJsDirective`,
 * internal, present since 3.9); TypeScript 7's API does not, so its files' text is scanned with
 * the compiler's own patterns (checks/output/comment-directives.ts finds the comments). Which
 * errors a directive hid the compiler does not say: `hidden` stays absent, and the baseline's
 * findings on the lines it covers count as hidden (core/coverage/).
 */
import type ts from 'typescript';
import type { Diagnostic } from '../../core/diagnostic.js';
import { listComments } from '../output/comment-directives.js';
import { locateOffset, readLineStarts } from '../output/line-map.js';

export type TscDirectiveName = '@ts-ignore' | '@ts-expect-error' | '@ts-nocheck';

/** A directive as the compiler records it: the text range it matched in (`pos` to `end`). */
export interface TscDirective {
  name: TscDirectiveName;
  pos: number;
  end: number;
}

/** The compiler's patterns (TypeScript's scanner and pragma reader, 5.x to 7.0). */
const lineDirective = /^\/\/\/?\s*@(ts-expect-error|ts-ignore)/;
const blockDirective = /^(?:\/|\*)*\s*@(ts-expect-error|ts-ignore)/;
const linePragma = /^\/\/\/?\s*@([^\s:]+)((?:[^\S\r\n]|:).*)?$/m;

/** The file's parsed form, with the fields TypeScript 5 and 6 keep (internal). */
interface DirectedSourceFile extends ts.SourceFile {
  commentDirectives?: readonly { range: ts.TextRange; type: number }[];
  checkJsDirective?: { enabled: boolean; pos: number; end: number };
}

/** The directives TypeScript 5 or 6 recorded while parsing `file`. */
export function readSourceFileDirectives(file: ts.SourceFile): TscDirective[] {
  const { commentDirectives = [], checkJsDirective } = file as DirectedSourceFile;
  // CommentDirectiveType: 0 ExpectError, 1 Ignore.
  const found: TscDirective[] = commentDirectives.map(({ range, type }) => ({
    name: type === 0 ? '@ts-expect-error' : '@ts-ignore',
    pos: range.pos,
    end: range.end,
  }));
  if (checkJsDirective?.enabled === false)
    found.push({ name: '@ts-nocheck', pos: checkJsDirective.pos, end: checkJsDirective.end });
  return found;
}

/** The directives in `text` as TypeScript records them, found by scanning it (TypeScript 7). */
export function scanTscDirectives(text: string): TscDirective[] {
  const found: TscDirective[] = [];
  let leading = true;
  /** The last `@ts-check` or `@ts-nocheck` before the first token: the one that counts. */
  let check: (TscDirective & { enabled: boolean }) | undefined;
  let cursor = text.startsWith('#!') ? text.search(/[\r\n\u2028\u2029]|$/) : 0;
  for (const comment of listComments(text)) {
    leading &&= isTrivia(text.slice(cursor, comment.start));
    cursor = comment.end;
    const source = text.slice(comment.start, comment.end);
    if (comment.kind === 'line') {
      const match = lineDirective.exec(source);
      if (match !== null)
        found.push({ name: `@${match[1]}` as TscDirectiveName, pos: comment.start, end: comment.end });
      const pragma = leading ? linePragma.exec(source) : null;
      const name = pragma?.[1]?.toLowerCase();
      if (name === 'ts-check' || name === 'ts-nocheck')
        check = { name: '@ts-nocheck', enabled: name === 'ts-check', pos: comment.start, end: comment.end };
    } else {
      const lastLine = Math.max(
        source.lastIndexOf('\n'),
        source.lastIndexOf('\r'),
        source.lastIndexOf('\u2028'),
        source.lastIndexOf('\u2029'),
      );
      const pos = comment.start + lastLine + 1;
      const match = blockDirective.exec(text.slice(pos, comment.end).trimStart());
      if (match !== null) found.push({ name: `@${match[1]}` as TscDirectiveName, pos, end: comment.end });
    }
  }
  if (check?.enabled === false) found.push({ name: check.name, pos: check.pos, end: check.end });
  return found;
}

/** Whitespace only, as TypeScript reads the trivia before a file's first token. */
function isTrivia(text: string): boolean {
  return /^[\s\u0085\u200b]*$/.test(text);
}

/**
 * The directives of one file as suppression findings: what each covers (`from`–`to`), and
 * the reason written after it. `path` is the file's repository path.
 */
export function makeTscSuppressions(text: string, path: string, directives: readonly TscDirective[]): Diagnostic[] {
  if (directives.length === 0) return [];
  const starts = readLineStarts(text);
  const lineOf = (offset: number) => locateOffset(starts, offset).line - 1;
  const unique = new Map(directives.map((directive) => [`${directive.pos}:${directive.end}`, directive]));
  return [...unique.values()]
    .sort((a, b) => a.pos - b.pos)
    .map(({ name, pos, end }) => {
      const line = lineOf(pos);
      const endLine = lineOf(end);
      const covered = name === '@ts-nocheck' ? { from: 1, to: 0 } : findCoveredLine(text, starts, endLine);
      return {
        tool: 'tsc',
        code: name,
        severity: 'error',
        phase: 'semantic',
        path,
        line: line + 1,
        column: pos - starts[line]! + 1,
        endLine: endLine + 1,
        endColumn: end - starts[endLine]! + 1,
        message: name,
        kind: 'suppression',
        suppression: { codes: [], reason: readReason(text.slice(pos, end), name), ...covered },
      } satisfies Diagnostic;
    });
}

/**
 * The line a directive ending on (0-based) `endLine` hides, 1-based: the next that is neither
 * blank nor a `//` comment (the compiler walks up from an error's line over such lines). The
 * line after it when there is none.
 */
function findCoveredLine(text: string, starts: readonly number[], endLine: number): { from: number; to: number } {
  for (let line = endLine + 1; line < starts.length; line += 1) {
    const lineText = text.slice(starts[line], starts[line + 1]).trim();
    if (lineText !== '' && !lineText.startsWith('//')) return { from: line + 1, to: line + 1 };
  }
  return { from: endLine + 2, to: endLine + 2 };
}

/** What is written after the directive's name, without the comment's markers. */
function readReason(source: string, name: TscDirectiveName): string {
  // A pragma's name may be written in any case (`@TS-NOCHECK`).
  const at = source.toLowerCase().indexOf(name) + name.length;
  return source.slice(at).replace(/\*\/$/, '').trim();
}
