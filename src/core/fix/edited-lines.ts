/**
 * Which lines of a file the edit changed, read from the file's text on both sides. `culprit fix`
 * applies a spelling fix only where the edit typed the name, and maps what the baseline's program
 * says (a rename's sites) onto the file as it is now: a line the edit left alone moves with the
 * lines around it; a line it changed is the agent's, and is not rewritten.
 */
import { diffLines } from './line-diff.js';
import { findLineStarts } from './text-positions.js';

export interface EditedLines {
  /** 1-based lines of the current text the edit added or changed. */
  changed: ReadonlySet<number>;
  /** The current line of a base line the edit left as it was; undefined for a line it changed or removed. */
  currentLineOf(baseLine: number): number | undefined;
  /** The base line of a current line the edit left as it was; undefined for one it added or changed. */
  baseLineOf(currentLine: number): number | undefined;
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

/** The lines of `current` against `base`; a file the base tree did not have (null) is changed throughout. */
export function readEditedLines(base: string | null, current: string): EditedLines {
  const currentLines = splitTextLines(current);
  if (base === null) {
    const all = currentLines.map((_, index) => index + 1);
    return {
      changed: new Set(all),
      currentLineOf: () => undefined,
      baseLineOf: () => undefined,
      replacementOf: () => [],
      hunkOf: () => ({ base: [], current: all }),
    };
  }
  const baseLines = splitTextLines(base);
  const toCurrent = new Map<number, number>();
  const toBase = new Map<number, number>();
  const hunkOfBase = new Map<number, number>();
  const hunkOfCurrent = new Map<number, number>();
  const hunks: { base: number[]; current: number[] }[] = [];
  let baseLine = 0;
  let currentLine = 0;
  let open: { base: number[]; current: number[] } | undefined;
  for (const step of diffLines(baseLines, currentLines)) {
    if (step.kind === ' ') {
      baseLine += 1;
      currentLine += 1;
      toCurrent.set(baseLine, currentLine);
      toBase.set(currentLine, baseLine);
      open = undefined;
      continue;
    }
    if (open === undefined) hunks.push((open = { base: [], current: [] }));
    if (step.kind === '-') {
      baseLine += 1;
      open.base.push(baseLine);
      hunkOfBase.set(baseLine, hunks.length - 1);
    } else {
      currentLine += 1;
      open.current.push(currentLine);
      hunkOfCurrent.set(currentLine, hunks.length - 1);
    }
  }
  return {
    changed: new Set(hunkOfCurrent.keys()),
    currentLineOf: (line) => toCurrent.get(line),
    baseLineOf: (line) => toBase.get(line),
    replacementOf: (line) => hunks[hunkOfBase.get(line) ?? -1]?.current ?? [],
    hunkOf: (line) => hunks[hunkOfCurrent.get(line) ?? -1],
  };
}
