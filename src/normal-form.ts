/**
 * Comparing a message with a normalised one without normalising it. Attribution asks, for
 * nearly every standing finding, whether its base message normalises to its current one's
 * normalised message; messages that quote a line number always differ, so each answer would
 * cost a regular-expression rewrite and a string. This reads the message once instead, deciding
 * numbers and whitespace exactly as normalizeMessage's expressions do.
 */

/**
 * Whether `normalizeMessage(message) === normalized`. normalizeMessage replaces each match of
 * `/\b\d+(\.\d+)?\b/g` with `N`, then turns each run of `\s` into one space and trims.
 */
export function hasNormalForm(message: string, normalized: string): boolean {
  const length = message.length;
  let at = 0;
  let read = 0;
  while (read < length && isSpace(message.charCodeAt(read))) read += 1;
  while (read < length) {
    const code = message.charCodeAt(read);
    if (isSpace(code)) {
      let end = read + 1;
      while (end < length && isSpace(message.charCodeAt(end))) end += 1;
      // Trailing whitespace is trimmed; any other run is one space.
      if (end === length) break;
      if (normalized.charCodeAt(at) !== space) return false;
      at += 1;
      read = end;
      continue;
    }
    if (isDigit(code) && (read === 0 || !isWordChar(message.charCodeAt(read - 1)))) {
      const end = findNumberEnd(message, read);
      if (end !== -1) {
        if (normalized.charCodeAt(at) !== upperN) return false;
        at += 1;
        read = end;
        continue;
      }
    }
    if (normalized.charCodeAt(at) !== code) return false;
    at += 1;
    read += 1;
  }
  return at === normalized.length;
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
