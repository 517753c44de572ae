/**
 * Offsets to 1-based lines and columns, for tools that report character offsets only
 * (TypeScript 7's API). Line breaks are the ones TypeScript itself counts, and columns are
 * UTF-16 code units, so positions agree with what `tsc` prints.
 */

export interface LineColumn {
  line: number;
  column: number;
}

export function makeLineMap(text: string): (offset: number) => LineColumn {
  const starts = readLineStarts(text);
  return (offset) => locateOffset(starts, Math.max(0, Math.min(offset, text.length)));
}

/** The 1-based line and column of an offset, given the text's line starts (readLineStarts). */
export function locateOffset(starts: readonly number[], offset: number): LineColumn {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
}

/** Offsets where each line starts, with the line breaks TypeScript counts (LF, CRLF, CR, U+2028, U+2029). */
export function readLineStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x0d) {
      if (text.charCodeAt(index + 1) === 0x0a) index++;
      starts.push(index + 1);
    } else if (code === 0x0a || code === 0x2028 || code === 0x2029) {
      starts.push(index + 1);
    }
  }
  return starts;
}
