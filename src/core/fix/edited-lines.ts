/**
 * Which lines of a file the edit changed, read from its line map (the hunks of git's diff between
 * the baseline's tree and the tree checked, core/identity/line-map.ts). `culprit fix` applies a
 * spelling fix only where the edit typed the name, and maps what the baseline's program says (a
 * rename's sites) onto the file as it is now: a line the edit left alone moves with the lines
 * around it; a line it changed is the agent's, and is not rewritten.
 */
import { mapLine, type Hunk, type LineMap } from '../identity/line-map.js';
import { findLineStarts } from './text-positions.js';

export interface EditedLines {
  /** 1-based lines of the current text the edit added or changed. */
  changed: ReadonlySet<number>;
  /** The current line of a base line the edit left as it was; undefined for a line it changed or removed. */
  currentLineOf(baseLine: number): number | undefined;
  /** For a base line the edit changed or removed: the current lines it wrote in that place (its hunk's). */
  replacementOf(baseLine: number): readonly number[];
  /** For a current line the edit added or changed: the lines its hunk removed and wrote. */
  hunkOf(currentLine: number): EditHunk | undefined;
}

/** Base lines the edit removed and the current lines it wrote in their place (either may be empty). */
export interface EditHunk {
  base: readonly number[];
  current: readonly number[];
}

/** The lines of a text without their breaks, as findLineStarts counts them. */
export function splitTextLines(text: string): string[] {
  const starts = findLineStarts(text);
  return starts.map((start, index) => {
    const end = starts[index + 1] ?? text.length;
    return text.slice(start, end).replace(/\r?\n$|\r$/, '');
  });
}

/** The lines of a file from its line map; `lineCount` lines the edit wrote whole (a file the baseline did not have, or one git gave no map of). */
export function readEditedLines(map: Pick<LineMap, 'hunks'> | { added: number }): EditedLines {
  if ('added' in map) {
    const all = Array.from({ length: map.added }, (_, index) => index + 1);
    return {
      changed: new Set(all),
      currentLineOf: () => undefined,
      replacementOf: () => [],
      hunkOf: () => ({ base: [], current: all }),
    };
  }
  const lines = (start: number, count: number) => Array.from({ length: count }, (_, index) => start + index);
  const hunks = map.hunks.map((hunk: Hunk) => ({
    base: lines(hunk.oldStart, hunk.oldCount),
    current: lines(hunk.newStart, hunk.newCount),
  }));
  const hunkOfBase = new Map<number, EditHunk>();
  const hunkOfCurrent = new Map<number, EditHunk>();
  for (const hunk of hunks) {
    for (const line of hunk.base) hunkOfBase.set(line, hunk);
    for (const line of hunk.current) hunkOfCurrent.set(line, hunk);
  }
  return {
    changed: new Set(hunkOfCurrent.keys()),
    currentLineOf: (line) => (hunkOfBase.has(line) ? undefined : mapLine({ from: '', to: '', ...map }, line).start),
    replacementOf: (line) => hunkOfBase.get(line)?.current ?? [],
    hunkOf: (line) => hunkOfCurrent.get(line),
  };
}
