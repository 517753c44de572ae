/**
 * Source text as lines, the same whatever the file's line endings or BOM: fingerprints read
 * flagged lines from here, so a checkout that converts LF to CRLF must not change any identity.
 */

/** Splits text into lines on `\r\n`, `\n` or `\r`, after dropping a leading BOM. */
export function splitSourceLines(text: string): string[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return body.split(/\r\n|\n|\r/);
}

/** Collapses every run of whitespace to one space and trims, so re-indenting changes nothing. */
export function foldWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
