/**
 * Offsets into a file's text and the 1-based lines and columns checks report, both counted in
 * UTF-16 code units over the text without a leading byte order mark (as ESLint and TypeScript
 * read it), lines ending at `\r\n`, `\n` or `\r` as splitSourceLines ends them.
 */

/** The text a tool read: without a leading byte order mark. */
export function stripByteOrderMark(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The offset each line starts at. */
export function findLineStarts(text: string): number[] {
  const starts = [0];
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charCodeAt(at);
    if (char === 13 /* \r */) {
      if (text.charCodeAt(at + 1) === 10) at += 1;
      starts.push(at + 1);
    } else if (char === 10 /* \n */) starts.push(at + 1);
  }
  return starts;
}

/** The offset of a 1-based line and column, or undefined when the line does not exist or the column runs past its end. */
export function findOffset(
  lineStarts: readonly number[],
  text: string,
  line: number,
  column: number,
): number | undefined {
  const start = lineStarts[line - 1];
  if (start === undefined || column < 1) return undefined;
  const end = lineStarts[line] ?? text.length;
  const offset = start + column - 1;
  return offset <= end ? offset : undefined;
}

/** The 1-based line and column of an offset. */
export function findPosition(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((lineStarts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
}

const namePart = /[\p{ID_Continue}$\u200c\u200d]/u;

/** How often `name` occurs in `text` as a whole name (not inside a longer identifier). */
export function countName(text: string, name: string): number {
  let count = 0;
  if (name === '') return 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length))
    if (!namePart.test(text[at - 1] ?? '') && !namePart.test(text[at + name.length] ?? '')) count += 1;
  return count;
}
