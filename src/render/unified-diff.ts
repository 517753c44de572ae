/**
 * A unified diff of one file's two texts, as `diff -u` and `git diff` print it (`--- a/path`,
 * `+++ b/path`, hunks with three lines of context), for `culprit fix --dry-run`. The line script
 * is Myers' shortest edit script (core/fix/line-diff.ts).
 */

import { diffLines, type LineStep as Step } from '../core/fix/line-diff.js';

const contextLines = 3;

export function renderUnifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  const steps = diffLines(splitLines(before), splitLines(after));
  const out = [`--- a/${path}`, `+++ b/${path}`];
  for (const hunk of makeHunks(steps)) {
    out.push(`@@ -${formatRange(hunk.oldStart, hunk.oldCount)} +${formatRange(hunk.newStart, hunk.newCount)} @@`);
    for (const { step } of hunk.steps) {
      if (!step.line.endsWith(noNewline)) out.push(`${step.kind}${step.line}`);
      else out.push(`${step.kind}${step.line.slice(0, -noNewline.length)}`, '\\ No newline at end of file');
    }
  }
  return `${out.join('\n')}\n`;
}

/**
 * Marks a last line without a line break, so it differs from the same text with one: the line
 * is then removed and added, with the notice after each, as `diff -u` prints it.
 */
const noNewline = '\u0000';

function splitLines(text: string): string[] {
  if (text === '') return [];
  if (text.endsWith('\n')) return text.slice(0, -1).split('\n');
  return `${text}${noNewline}`.split('\n');
}

function formatRange(start: number, count: number): string {
  return count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
}

interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  steps: { step: Step; oldIndex: number; newIndex: number }[];
}

function makeHunks(steps: readonly Step[]): Hunk[] {
  const placed: { step: Step; oldIndex: number; newIndex: number }[] = [];
  let oldIndex = 0;
  let newIndex = 0;
  for (const step of steps) {
    placed.push({ step, oldIndex, newIndex });
    if (step.kind !== '+') oldIndex += 1;
    if (step.kind !== '-') newIndex += 1;
  }
  const hunks: Hunk[] = [];
  let at = 0;
  while (at < placed.length) {
    const change = placed.findIndex((entry, index) => index >= at && entry.step.kind !== ' ');
    if (change === -1) break;
    let end = change;
    // A hunk runs on while the next change is within twice the context of the last.
    for (let index = change; index < placed.length; index += 1) {
      if (placed[index]?.step.kind === ' ') continue;
      if (index - end > 2 * contextLines) break;
      end = index;
    }
    const from = Math.max(at, change - contextLines);
    const to = Math.min(placed.length, end + contextLines + 1);
    const slice = placed.slice(from, to);
    const first = slice[0];
    if (first === undefined) break;
    const oldCount = slice.filter((entry) => entry.step.kind !== '+').length;
    const newCount = slice.filter((entry) => entry.step.kind !== '-').length;
    hunks.push({
      oldStart: first.oldIndex + 1,
      oldCount,
      newStart: first.newIndex + 1,
      newCount,
      steps: slice,
    });
    at = to;
  }
  return hunks;
}
