/**
 * Comparing two messages' normalised forms without building either. Attribution asks, for nearly
 * every standing finding, whether its base message and its current one normalise alike; messages
 * that quote a line number always differ, so each answer would cost two regular-expression
 * rewrites and two strings kept until every file is compared. This reads both once instead,
 * deciding numbers and whitespace exactly as normalizeMessage's expressions do: each match of
 * `/\b\d+(\.\d+)?\b/g` is one `N`, each run of `\s` one space, and the ends are trimmed.
 */
import { normalizeMessage } from './fingerprint.js';

/**
 * Whether `normalizeMessage(a) === normalizeMessage(b)`. Sorting union members is a function of
 * the folded text, so messages that fold alike are alike; only when they do not, and one of them
 * may name a union or an intersection, are both normalised in full.
 */
export function haveSameNormalForm(a: string, b: string): boolean {
  if (haveSameFoldedForm(a, b)) return true;
  return (mayNameCompositeType(a) || mayNameCompositeType(b)) && normalizeMessage(a) === normalizeMessage(b);
}

function mayNameCompositeType(message: string): boolean {
  return message.includes('|') || message.includes('&');
}

/** Whether `normalizeMessageUnsorted(a) === normalizeMessageUnsorted(b)`. */
function haveSameFoldedForm(a: string, b: string): boolean {
  let readA = skipSpace(a, 0);
  let readB = skipSpace(b, 0);
  for (;;) {
    const unitA = readUnit(a, readA);
    const unitB = readUnit(b, readB);
    if (unitA === -1 || unitB === -1) return unitA === unitB;
    if (unitA % unitSpan !== unitB % unitSpan) return false;
    readA = Math.floor(unitA / unitSpan);
    readB = Math.floor(unitB / unitSpan);
  }
}

/** Units are packed with where the next one starts, as `next * unitSpan + unit`, so reading one allocates nothing. */
const unitSpan = 0x10000;

/**
 * The normalised code unit that starts at `read`, packed with where the next one starts; -1 at
 * the end, trailing whitespace included.
 */
function readUnit(message: string, read: number): number {
  if (read >= message.length) return -1;
  const code = message.charCodeAt(read);
  if (isSpace(code)) {
    const end = skipSpace(message, read + 1);
    return end === message.length ? -1 : end * unitSpan + space;
  }
  if (isDigit(code) && (read === 0 || !isWordChar(message.charCodeAt(read - 1)))) {
    const end = findNumberEnd(message, read);
    if (end !== -1) return end * unitSpan + upperN;
  }
  return (read + 1) * unitSpan + code;
}

function skipSpace(message: string, from: number): number {
  let read = from;
  while (read < message.length && isSpace(message.charCodeAt(read))) read += 1;
  return read;
}

const space = 0x20;
const upperN = 0x4e;
const dot = 0x2e;

/**
 * Where `\d+(\.\d+)?\b` matching at `start` ends, or -1 when it does not match. The expression
 * backtracks to the integer part when the fraction ends inside a word ("1.5a" → "N.5a"): the
 * dot after it is always a boundary.
 */
function findNumberEnd(message: string, start: number): number {
  const length = message.length;
  let end = start;
  while (end < length && isDigit(message.charCodeAt(end))) end += 1;
  if (end + 1 < length && message.charCodeAt(end) === dot && isDigit(message.charCodeAt(end + 1))) {
    let fraction = end + 1;
    while (fraction < length && isDigit(message.charCodeAt(fraction))) fraction += 1;
    return fraction === length || !isWordChar(message.charCodeAt(fraction)) ? fraction : end;
  }
  return end === length || !isWordChar(message.charCodeAt(end)) ? end : -1;
}

/** `\d` without the `u` flag. */
function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** `\w` without the `u` flag: ASCII letters, digits and `_`. */
function isWordChar(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/** `\s` (and what `trim` removes): ECMAScript's WhiteSpace and LineTerminator code units. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
