/**
 * Type text in messages, read so that how the compiler happened to print a type does not change
 * a finding's identity. A union's members are printed in the order the checker created them, so
 * a warm program that has seen more code prints `V | A` where a fresh one prints `A | V`; the
 * members of every union and intersection in a quoted type are sorted here. And a type change
 * elsewhere re-words a standing finding (`'PartialObserver<T>'` becomes `'Partial<Observer<T>>'`)
 * without changing what it is about: `maskQuotedText` gives the message with its quoted text
 * blanked, for attribution to pair such findings.
 *
 * Quoted text is what TypeScript puts in single quotes and typescript-eslint in backticks; a `'`
 * between two word characters is an apostrophe (`isn't`), not a quote. Inside it, double-quoted
 * string literal types are skipped whole (`"a|b"` is one member), brackets nest (`<>`, `()`,
 * `[]`, `{}`; the `>` of `=>` closes nothing), and a function type's return type is a type of
 * its own, so `(x: A) => B | C` sorts only `B | C`. Text that does not parse as a type (code in
 * quotes such as `a || b`, unbalanced brackets) is left as it is.
 */

/** The message with the members of each union and intersection in its quoted types sorted; the message itself when it has none. */
export function sortTypeMembers(message: string): string {
  if (!hasOperator(message, 0, message.length)) return message;
  let sorted = '';
  let copied = 0;
  for (const segment of findQuotedSegments(message)) {
    const text = message.slice(segment.start, segment.end);
    const canonical = hasOperator(message, segment.start, segment.end) ? sortTypeText(text) : text;
    if (canonical === text) continue;
    sorted += message.slice(copied, segment.start) + canonical;
    copied = segment.end;
  }
  return copied === 0 ? message : sorted + message.slice(copied);
}

/** The message with the text of every quoted segment replaced by `…`: what it says, without the types and names it quotes. */
export function maskQuotedText(message: string): string {
  let masked = '';
  let copied = 0;
  for (const segment of findQuotedSegments(message)) {
    masked += `${message.slice(copied, segment.start)}…`;
    copied = segment.end;
  }
  return copied === 0 ? message : masked + message.slice(copied);
}

interface Segment {
  /** Where the quoted text starts (after the quote) and ends (at the closing quote). */
  start: number;
  end: number;
}

const singleQuote = 0x27;
const backtick = 0x60;
const doubleQuote = 0x22;
const backslash = 0x5c;

function findQuotedSegments(message: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  while (at < message.length) {
    const code = message.charCodeAt(at);
    if ((code !== singleQuote && code !== backtick) || (code === singleQuote && isApostrophe(message, at))) {
      at += 1;
      continue;
    }
    const end = findClosingQuote(message, at + 1, code);
    if (end === -1) break;
    segments.push({ start: at + 1, end });
    at = end + 1;
  }
  return segments;
}

function isApostrophe(message: string, at: number): boolean {
  return (
    at > 0 &&
    at + 1 < message.length &&
    isWordChar(message.charCodeAt(at - 1)) &&
    isWordChar(message.charCodeAt(at + 1))
  );
}

/** The next `quote` from `from`, skipping double-quoted string literals; -1 when there is none. */
function findClosingQuote(message: string, from: number, quote: number): number {
  for (let at = from; at < message.length; at += 1) {
    const code = message.charCodeAt(at);
    if (code === quote) return at;
    if (code === doubleQuote) {
      const end = findStringEnd(message, at);
      if (end === -1) return -1;
      at = end;
    }
  }
  return -1;
}

/** The index of the `"` closing the string literal opened at `open`; -1 when it is not closed. */
function findStringEnd(text: string, open: number): number {
  for (let at = open + 1; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === backslash) at += 1;
    else if (code === doubleQuote) return at;
  }
  return -1;
}

/** Whether `|` or `&` occurs in the range. */
function hasOperator(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 0x7c || code === 0x26) return true;
  }
  return false;
}

const closerOf: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/**
 * For each opening bracket and string literal, the index of what closes it; null when the text
 * is unbalanced, has code operators (`||`, `&&`), or a bare quote.
 */
function matchBrackets(text: string): Int32Array | null {
  const closing = new Int32Array(text.length).fill(-1);
  const stack: number[] = [];
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char === '"') {
      const end = findStringEnd(text, at);
      if (end === -1) return null;
      closing[at] = end;
      at = end;
    } else if (char in closerOf) {
      stack.push(at);
    } else if (char === ')' || char === ']' || char === '}' || (char === '>' && text[at - 1] !== '=')) {
      const open = stack.pop();
      if (open === undefined || closerOf[text[open]!] !== char) return null;
      closing[open] = at;
    } else if ((char === '|' || char === '&') && text[at + 1] === char) {
      return null;
    } else if (char === "'" || char === '`') {
      return null;
    }
  }
  return stack.length === 0 ? closing : null;
}

/** The type text with its unions' and intersections' members sorted at every depth; the text itself when it does not parse. */
export function sortTypeText(text: string): string {
  const closing = matchBrackets(text);
  return closing === null ? text : formatLevel(text, 0, text.length, closing);
}

/**
 * One nesting level: split at `,` `;` `:` `?` and `=>` into pieces (list elements, property
 * names and types, a function's parameters and return type), each piece a union of
 * intersections whose members are sorted.
 */
function formatLevel(text: string, start: number, end: number, closing: Int32Array): string {
  let formatted = '';
  let pieceStart = start;
  for (let at = start; at < end; at += 1) {
    const char = text[at]!;
    if (closing[at] !== -1) {
      at = closing[at]!;
      continue;
    }
    const separatorLength = char === '=' && text[at + 1] === '>' ? 2 : ',;:?'.includes(char) ? 1 : 0;
    if (separatorLength === 0) continue;
    formatted += formatPiece(text, pieceStart, at, closing) + text.slice(at, at + separatorLength);
    at += separatorLength - 1;
    pieceStart = at + 1;
  }
  return formatted + formatPiece(text, pieceStart, end, closing);
}

function formatPiece(text: string, start: number, end: number, closing: Int32Array): string {
  const members = splitAt(text, start, end, closing, '|');
  if (members.length === 1 && splitAt(text, start, end, closing, '&').length === 1)
    return formatGroups(text, start, end, closing);
  const canonical = members.map(([from, to]) => {
    const parts = splitAt(text, from, to, closing, '&').map(([partFrom, partTo]) =>
      formatGroups(text, partFrom, partTo, closing).trim(),
    );
    return parts.some((part) => part === '') ? null : parts.sort(compareText).join(' & ');
  });
  // A leading `|` (as in a type printed over several lines) leaves one empty member; any other is not a union.
  const kept = canonical[0] === null && canonical.length > 1 ? canonical.slice(1) : canonical;
  if (kept.some((member) => member === null)) return formatGroups(text, start, end, closing);
  const leading = /^\s*/.exec(text.slice(start, end))![0];
  const trailing = /\s*$/.exec(text.slice(start, end))![0];
  return leading + (kept as string[]).sort(compareText).join(' | ') + trailing;
}

/** The ranges between `operator`s at this level. */
function splitAt(text: string, start: number, end: number, closing: Int32Array, operator: string): [number, number][] {
  const ranges: [number, number][] = [];
  let from = start;
  for (let at = start; at < end; at += 1) {
    if (closing[at] !== -1) at = closing[at]!;
    else if (text[at] === operator) {
      ranges.push([from, at]);
      from = at + 1;
    }
  }
  ranges.push([from, end]);
  return ranges;
}

/** The text with the inside of each bracket at this level formatted as a level of its own. */
function formatGroups(text: string, start: number, end: number, closing: Int32Array): string {
  let formatted = '';
  let copied = start;
  for (let at = start; at < end; at += 1) {
    const close = closing[at]!;
    if (close === -1) continue;
    if (text[at] !== '"') formatted += text.slice(copied, at + 1) + formatLevel(text, at + 1, close, closing);
    else formatted += text.slice(copied, at + 1) + text.slice(at + 1, close);
    copied = close;
    at = close;
  }
  return formatted + text.slice(copied, end);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `\w` without the `u` flag. */
function isWordChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f
  );
}
