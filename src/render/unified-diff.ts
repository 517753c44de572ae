/**
 * A unified diff of one file's two texts, as `diff -u` and `git diff` print it (`--- a/path`,
 * `+++ b/path`, hunks with three lines of context), for `culprit fix --dry-run`. The line script
 * is Myers' shortest edit script, which fixes few lines of a large file quickly.
 */

import { escapeLine } from './escape-controls.js';

const contextLines = 3;

interface Step {
  kind: ' ' | '-' | '+';
  line: string;
}

export function renderUnifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  const steps = diffLines(splitLines(before), splitLines(after));
  // The file's own lines are its content, as git diff prints them; its name is escaped like any path.
  const out = [`--- a/${escapeLine(path)}`, `+++ b/${escapeLine(path)}`];
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

/** The shortest edit script turning `a` into `b`, line by line (Myers 1986, with its trace kept to walk back). */
function diffLines(a: readonly string[], b: readonly string[]): Step[] {
  const max = a.length + b.length;
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d += 1) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0))
          ? (v[offset + k + 1] ?? 0)
          : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      next[offset + k] = x;
      if (x >= a.length && y >= b.length) {
        found = true;
        break;
      }
    }
    v = next;
  }
  trace.push(v);
  // Walk back from the end through the trace, one edit per step.
  const steps: Step[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 2; d >= 0 && (x > 0 || y > 0); d -= 1) {
    const before = trace[d] ?? v;
    const k = x - y;
    const down = k === -d || (k !== d && (before[offset + k - 1] ?? 0) < (before[offset + k + 1] ?? 0));
    const previousK = down ? k + 1 : k - 1;
    const previousX = before[offset + previousK] ?? 0;
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x -= 1;
      y -= 1;
      steps.push({ kind: ' ', line: a[x] ?? '' });
    }
    if (d === 0) break;
    if (down) {
      y -= 1;
      steps.push({ kind: '+', line: b[y] ?? '' });
    } else {
      x -= 1;
      steps.push({ kind: '-', line: a[x] ?? '' });
    }
  }
  while (x > 0 && y > 0) {
    x -= 1;
    y -= 1;
    steps.push({ kind: ' ', line: a[x] ?? '' });
  }
  return steps.reverse();
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
