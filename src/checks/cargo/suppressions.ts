/**
 * The lint suppressions of Rust files, as findings of kind `suppression` (core/diagnostic.ts):
 * `#[allow(…)]` and `#[expect(…)]` cover the item after them (to its `;`, its `,`, or the `}` of
 * its body), `#![allow(…)]` and `#![expect(…)]` the file, or the block they open, and the same
 * inside `#[cfg_attr(…, allow(…))]`. A `reason = "…"` (Rust 1.81) is the reason. Pure: a file's
 * text in, directives out; comments (nested block comments too), strings, raw strings and
 * character literals are skipped, so an attribute written inside them is text.
 */
import type { Diagnostic } from '../../core/diagnostic.js';

interface Attribute {
  inner: boolean;
  /** The text between `[` and `]`. */
  content: string;
  line: number;
  column: number;
  /** Index just after its `]`. */
  end: number;
  /** Brace depth where it stands: an inner attribute at 0 is the file's. */
  depth: number;
  /** The line of the `{` it stands in, for an inner attribute in a block. */
  blockLine: number;
}

interface Scanner {
  text: string;
  index: number;
  line: number;
  lineStart: number;
}

/** The `allow` and `expect` attributes of one file, as findings. */
export function scanRustSuppressions(path: string, text: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const attribute of readAttributes(text)) {
    for (const lint of readLintAttributes(attribute.content)) {
      const { from, to } = readScope(text, attribute);
      const written = lint.codes.join(', ');
      found.push({
        tool: 'cargo',
        code: lint.level,
        severity: 'error',
        phase: 'lint',
        path,
        line: attribute.line,
        column: attribute.column,
        message: `${attribute.inner ? '#!' : '#'}[${lint.level}(${written})]`,
        kind: 'suppression',
        suppression: { codes: lint.codes, reason: lint.reason, from, to },
      });
    }
  }
  return found;
}

function readAttributes(text: string): Attribute[] {
  const attributes: Attribute[] = [];
  const scanner: Scanner = { text, index: 0, line: 1, lineStart: 0 };
  const blocks: number[] = [];
  while (scanner.index < text.length) {
    const char = text[scanner.index]!;
    if (skipNonCode(scanner)) continue;
    if (char === '{') blocks.push(scanner.line);
    else if (char === '}') blocks.pop();
    else if (char === '#') {
      const attribute = readAttribute(scanner, blocks);
      if (attribute !== null) {
        attributes.push(attribute);
        continue;
      }
    }
    advance(scanner, 1);
  }
  return attributes;
}

/** `#[…]` or `#![…]` at the scanner, its brackets balanced; null when `#` starts none. */
function readAttribute(scanner: Scanner, blocks: readonly number[]): Attribute | null {
  const { text } = scanner;
  const head = /^#(!?)\s*\[/.exec(text.slice(scanner.index, scanner.index + 64));
  if (head === null) return null;
  const line = scanner.line;
  const column = scanner.index - scanner.lineStart + 1;
  advance(scanner, head[0].length);
  const start = scanner.index;
  let depth = 1;
  while (scanner.index < text.length && depth > 0) {
    if (skipNonCode(scanner)) continue;
    const char = text[scanner.index]!;
    if (char === '[') depth++;
    else if (char === ']') depth--;
    advance(scanner, 1);
  }
  return {
    inner: head[1] === '!',
    content: text.slice(start, Math.max(start, scanner.index - 1)),
    line,
    column,
    end: scanner.index,
    depth: blocks.length,
    blockLine: blocks.at(-1) ?? 1,
  };
}

/** `allow(a, b, reason = "…")` and the same inside `cfg_attr(cond, …)`. */
function readLintAttributes(content: string): { level: string; codes: string[]; reason: string }[] {
  const call = /^\s*([\w:]+)\s*\(([\s\S]*)\)\s*$/.exec(content);
  if (call === null) return [];
  const [, name = '', inside = ''] = call;
  const args = splitTopLevel(inside);
  if (name === 'cfg_attr') return args.slice(1).flatMap(readLintAttributes);
  if (name !== 'allow' && name !== 'expect') return [];
  const codes: string[] = [];
  let reason = '';
  for (const arg of args) {
    const named = /^reason\s*=\s*"((?:[^"\\]|\\.)*)"$/s.exec(arg);
    if (named !== null) reason = named[1]!;
    else if (arg !== '') codes.push(arg.replace(/\s+/g, ''));
  }
  return [{ level: name, codes, reason }];
}

/** Arguments split at commas outside brackets and strings, trimmed. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') {
      const end = findStringEnd(text, index + 1);
      current += text.slice(index, end);
      index = end - 1;
      continue;
    }
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter((part) => part !== '');
}

/** The lines an attribute covers: the file, its block, or the item after it. */
function readScope(text: string, attribute: Attribute): { from: number; to: number } {
  if (attribute.inner) {
    if (attribute.depth === 0) return { from: 1, to: 0 };
    return { from: attribute.blockLine, to: findItemEnd(text, attribute.end, attribute.line, true) };
  }
  return { from: attribute.line, to: findItemEnd(text, attribute.end, attribute.line, false) };
}

/**
 * The line where the item starting after `start` ends: its `;` or `,`, or the `}` closing the
 * body it opens; for a block (`toBlockEnd`), the `}` closing the block `start` stands in. The
 * end of the text when none comes.
 */
function findItemEnd(text: string, start: number, startLine: number, toBlockEnd: boolean): number {
  const scanner: Scanner = { text, index: start, line: startLine, lineStart: 0 };
  let depth = 0;
  let opened = false;
  while (scanner.index < text.length) {
    if (skipNonCode(scanner)) continue;
    const char = text[scanner.index]!;
    if (char === '#' && !toBlockEnd && depth === 0 && !opened) {
      const next = readAttribute(scanner, []);
      if (next !== null) continue;
    }
    if (char === '(' || char === '[' || char === '{') {
      depth++;
      if (char === '{' && depth === 1) opened = true;
    } else if (char === ')' || char === ']' || char === '}') {
      depth--;
      if (depth < 0 || (!toBlockEnd && depth === 0 && char === '}' && opened)) return scanner.line;
    } else if (
      !toBlockEnd &&
      depth === 0 &&
      (char === ';' || (char === ',' && !isInWhereClause(text, start, scanner.index)))
    )
      return scanner.line;
    advance(scanner, 1);
  }
  return scanner.line;
}

/** A comma of a `where` clause separates bounds, not items. */
function isInWhereClause(text: string, start: number, index: number): boolean {
  return /\bwhere\b/.test(text.slice(start, index));
}

/** Skips a comment, string or character literal at the scanner; false when none starts there. */
function skipNonCode(scanner: Scanner): boolean {
  const { text, index } = scanner;
  const char = text[index]!;
  const next = text[index + 1];
  if (char === '/' && next === '/') {
    let end = index;
    while (end < text.length && text[end] !== '\n') end++;
    advance(scanner, end - index);
    return true;
  }
  if (char === '/' && next === '*') {
    let depth = 0;
    let end = index;
    do {
      if (text.startsWith('/*', end)) {
        depth++;
        end += 2;
      } else if (text.startsWith('*/', end)) {
        depth--;
        end += 2;
      } else end++;
    } while (depth > 0 && end < text.length);
    advance(scanner, end - index);
    return true;
  }
  const raw = /^(?:b|c)?r(#*)"/.exec(text.slice(index, index + 260));
  if (raw !== null && !isIdentifierChar(text[index - 1])) {
    const close = `"${raw[1]!}`;
    const end = text.indexOf(close, index + raw[0].length);
    advance(scanner, (end === -1 ? text.length : end + close.length) - index);
    return true;
  }
  if (char === '"' || ((char === 'b' || char === 'c') && next === '"' && !isIdentifierChar(text[index - 1]))) {
    const open = char === '"' ? index : index + 1;
    advance(scanner, findStringEnd(text, open + 1) - index);
    return true;
  }
  if (char === "'") {
    const literal = /^'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}|.)|[^\\'\n])'/su.exec(
      text.slice(index, index + 16),
    );
    if (literal !== null) {
      advance(scanner, literal[0].length);
      return true;
    }
  }
  return false;
}

/** The index just after the closing quote of a string whose text starts at `from`. */
function findStringEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    if (text[index] === '\\') index += 2;
    else if (text[index] === '"') return index + 1;
    else index++;
  }
  return text.length;
}

/** Moves the scanner on, counting the lines it passes. */
function advance(scanner: Scanner, count: number): void {
  const end = Math.min(scanner.text.length, scanner.index + Math.max(1, count));
  for (let at = scanner.index; at < end; at++) {
    if (scanner.text[at] === '\n') {
      scanner.line++;
      scanner.lineStart = at + 1;
    }
  }
  scanner.index = end;
}

function isIdentifierChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}_]/u.test(char);
}
