/**
 * The shortest edit script turning one list of lines into another (Myers 1986), which finds the
 * few lines an edit changed in a large file quickly. `culprit fix` reads from it which lines the
 * edit changed; the dry run's unified diff is printed from it.
 */

/** One line of the script: kept (' '), removed from the first list ('-') or added from the second ('+'). */
export interface LineStep {
  kind: ' ' | '-' | '+';
  line: string;
}

/** The script turning `a` into `b`, line by line (with the search's trace kept to walk back). */
export function diffLines(a: readonly string[], b: readonly string[]): LineStep[] {
  // The lines both ends share are kept whatever the middle does: the search need not see them.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail])
    tail += 1;
  const keep = (lines: readonly string[]): LineStep[] => lines.map((line) => ({ kind: ' ', line }));
  return [
    ...keep(a.slice(0, head)),
    ...searchLines(a.slice(head, a.length - tail), b.slice(head, b.length - tail)),
    ...keep(a.slice(a.length - tail)),
  ];
}

function searchLines(a: readonly string[], b: readonly string[]): LineStep[] {
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
  const steps: LineStep[] = [];
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
