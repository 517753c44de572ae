/**
 * What became of a file's lines through an edit: the hunks of its diff, as git prints them with
 * no context lines. A line outside every hunk moved by the lines inserted and removed above it;
 * a line inside a hunk became one of the hunk's new lines, without saying which (a changed line,
 * a line split in two, three lines joined into one). Attribution re-anchors a finding whose
 * flagged line was edited through it (core/reanchor.ts). Plain data, made at the edge.
 */

/**
 * Old lines `[oldStart, oldStart + oldCount)` became new lines `[newStart, newStart + newCount)`.
 * As in git's `@@ -oldStart,oldCount +newStart,newCount @@`, a side with no lines has its start
 * at the line before: `-4,0` inserts after old line 4, `+2,0` removes lines after new line 2.
 */
export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

export interface LineMap {
  /** The file's path on the base side and on the current side (they differ for a renamed file). */
  from: string;
  to: string;
  /** In order of oldStart, none overlapping. */
  hunks: readonly Hunk[];
}

/**
 * The new lines an old line became, `[start, end)`: one line when it is outside every hunk, the
 * hunk's new lines when it is inside one (none when the hunk only removed lines). `shrank`: the
 * hunk it is in has fewer new lines than old, so the edit removed lines there and this one may
 * be among them.
 */
export interface MappedLines {
  start: number;
  end: number;
  shrank: boolean;
}

export function mapLine(map: LineMap, line: number): MappedLines {
  let shift = 0;
  for (const hunk of map.hunks) {
    if (hunk.oldCount === 0) {
      // An insertion after old line oldStart shifts the lines below it.
      if (hunk.oldStart >= line) break;
      shift += hunk.newCount;
      continue;
    }
    if (line < hunk.oldStart) break;
    if (line < hunk.oldStart + hunk.oldCount) {
      const start = hunk.newCount === 0 ? hunk.newStart + 1 : hunk.newStart;
      return { start, end: start + hunk.newCount, shrank: hunk.newCount < hunk.oldCount };
    }
    shift += hunk.newCount - hunk.oldCount;
  }
  return { start: line + shift, end: line + shift + 1, shrank: false };
}

/** Whether an old line is inside a hunk: the edit changed or removed it. */
export function isLineEdited(map: LineMap, line: number): boolean {
  for (const hunk of map.hunks) {
    if (hunk.oldStart > line) return false;
    if (hunk.oldCount > 0 && line < hunk.oldStart + hunk.oldCount) return true;
  }
  return false;
}
