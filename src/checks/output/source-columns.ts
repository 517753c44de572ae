/**
 * Columns as culprit counts them: UTF-16 code units, as tsc, ESLint and editors do. Rust linters
 * count otherwise (oxlint in UTF-8 bytes, Biome in Unicode scalar values), which only differs
 * on a line with a character outside ASCII before the column; such a column is recounted from
 * the flagged line of the file. A file that cannot be read, or a line past its end, keeps the
 * tool's column: it is off by a few characters at worst, and identities never depend on it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';

/** How a tool counts a line's columns. */
export type ColumnUnit = 'utf8-bytes' | 'code-points';

/** A function recounting a diagnostic's columns in UTF-16 code units; reads each file at most once. */
export function makeColumnRecounter(root: string, unit: ColumnUnit): (diagnostic: Diagnostic) => Diagnostic {
  const files = new Map<string, readonly string[] | null>();
  const readLine = (path: string, line: number): string | undefined => {
    let lines = files.get(path);
    if (lines === undefined) {
      lines = readLines(join(root, path));
      files.set(path, lines);
    }
    return lines?.[line - 1];
  };
  return (diagnostic) => {
    if (diagnostic.path === null || diagnostic.line < 1) return diagnostic;
    const recounted = { ...diagnostic };
    const text = readLine(diagnostic.path, diagnostic.line);
    if (text !== undefined) recounted.column = recountColumn(text, diagnostic.column, unit);
    if (diagnostic.endColumn !== undefined) {
      const endText = readLine(diagnostic.path, diagnostic.endLine ?? diagnostic.line);
      if (endText !== undefined) recounted.endColumn = recountColumn(endText, diagnostic.endColumn, unit);
    }
    return recounted;
  };
}

/** A 1-based column counted in `unit` on `line` → the same position in UTF-16 code units. */
export function recountColumn(line: string, column: number, unit: ColumnUnit): number {
  // eslint-disable-next-line no-control-regex -- ASCII is every range below 0x80
  if (column <= 1 || /^[\x00-\x7f]*$/.test(line)) return column;
  const before = column - 1;
  if (unit === 'utf8-bytes') {
    const bytes = Buffer.from(line, 'utf8');
    if (before >= bytes.length) return line.length + (before - bytes.length) + 1;
    // A column inside a character's bytes decodes that character as U+FFFD: still one unit past the ones before.
    return bytes.subarray(0, before).toString('utf8').length + 1;
  }
  let units = 0;
  let points = 0;
  for (const character of line) {
    if (points === before) break;
    units += character.length;
    points++;
  }
  return units + (before - points) + 1;
}

function readLines(file: string): readonly string[] | null {
  try {
    return readFileSync(file, 'utf8').split(/\r\n|\r|\n/);
  } catch {
    return null;
  }
}
