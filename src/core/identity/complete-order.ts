/**
 * The complete order of findings: position order (path, line, column, code, message), then every
 * remaining field, so two findings at the same place that differ in any way still sort the same
 * way in every run and their occurrence numbers cannot swap. Fingerprints number occurrences in
 * this order, so it must never change.
 */
import { compareStrings } from '../diagnostic.js';
import type { AnchoredDiagnostic } from '../diagnostic.js';

/**
 * The distinct paths of some lists of findings, in string order. Slot 0 holds the findings
 * without a path and slot `1 + rank` a path's, so findings are sorted into slots by counting
 * instead of comparing path strings, and two lists' findings of one path share a slot.
 */
export interface PathSlots {
  /** How many slots there are: one per path, plus slot 0. */
  count: number;
  /** The path of each slot (null for slot 0). */
  paths: (string | null)[];
  /** Per list given to makePathSlots, the slot of each of its findings, by index. */
  slotsOf: Int32Array[];
  /** The slot of a path; undefined for a path that none of the lists has. */
  slotOf(path: string | null): number | undefined;
}

export function makePathSlots(lists: readonly (readonly { path: string | null }[])[]): PathSlots {
  // Each distinct path is looked up once per run of equal paths (tools report file by file),
  // numbered as first met, and given its slot once all are known.
  const idOf = new Map<string, number>();
  const names: string[] = [];
  const numberPath = (path: string): number => {
    let id = idOf.get(path);
    if (id === undefined) {
      id = names.length;
      names.push(path);
      idOf.set(path, id);
    }
    return id;
  };
  const idsOf = lists.map((list) => {
    const ids = new Int32Array(list.length);
    let lastPath: string | null = null;
    let lastId = -1;
    for (let index = 0; index < list.length; index += 1) {
      const path = list[index]!.path;
      if (path !== lastPath) {
        lastPath = path;
        lastId = path === null ? -1 : numberPath(path);
      }
      ids[index] = lastId;
    }
    return ids;
  });
  const slotOfId = new Int32Array(names.length);
  const paths: (string | null)[] = [null];
  const ranked = names.map((_, id) => id).sort((a, b) => compareStrings(names[a]!, names[b]!));
  for (const id of ranked) {
    slotOfId[id] = paths.length;
    paths.push(names[id]!);
  }
  for (const ids of idsOf) ids.forEach((id, index) => (ids[index] = id === -1 ? 0 : slotOfId[id]!));
  return {
    count: paths.length,
    paths,
    slotsOf: idsOf,
    slotOf(path) {
      if (path === null) return 0;
      const id = idOf.get(path);
      return id === undefined ? undefined : slotOfId[id];
    },
  };
}

export interface SortedFindings {
  /** Indices of the findings in complete order. */
  order: number[];
  /** The findings of slot s are `order[starts[s]]` up to `order[starts[s + 1]]`. */
  starts: Int32Array;
}

/** Runs at most this long are sorted in place by insertion; longer ones by Array.prototype.sort. */
const insertionRunLength = 16;

/**
 * Indices of `findings` in complete order, given each finding's path slot (from makePathSlots).
 * Paths decide almost every pair, so findings are first placed by slot (a stable counting sort,
 * linear), and only each path's own findings (a handful, typically) are compared. Both steps are
 * stable, so findings equal in every compared field keep their input order, as one stable sort
 * over all the fields would.
 */
export function sortCompletely(
  findings: readonly AnchoredDiagnostic[],
  slots: Int32Array,
  slotCount: number,
): SortedFindings {
  const count = findings.length;
  const starts = new Int32Array(slotCount + 1);
  // Count each slot's findings, then turn the counts into where each slot's findings start.
  for (let index = 0; index < count; index += 1) starts[slots[index]! + 1]! += 1;
  for (let slot = 0; slot < slotCount; slot += 1) starts[slot + 1]! += starts[slot]!;
  const next = starts.slice(0, slotCount);
  const order = new Array<number>(count).fill(0);
  for (let index = 0; index < count; index += 1) order[next[slots[index]!]!++] = index;

  // Positions are copied in input order (memory order), so most comparisons read typed arrays, not findings scattered in memory.
  const lines = new Float64Array(count);
  const columns = new Float64Array(count);
  for (let index = 0; index < count; index += 1) {
    lines[index] = findings[index]!.line;
    columns[index] = findings[index]!.column;
  }
  const compare = (a: number, b: number): number =>
    lines[a]! - lines[b]! || columns[a]! - columns[b]! || compareRest(findings[a]!, findings[b]!);
  for (let slot = 0; slot < slotCount; slot += 1) {
    const start = starts[slot]!;
    const end = starts[slot + 1]!;
    if (end - start <= 1) continue;
    if (end - start <= insertionRunLength) sortByInsertion(order, start, end, compare);
    else
      order
        .slice(start, end)
        .sort(compare)
        .forEach((index, offset) => (order[start + offset] = index));
  }
  return { order, starts };
}

function sortByInsertion(order: number[], start: number, end: number, compare: (a: number, b: number) => number): void {
  for (let at = start + 1; at < end; at += 1) {
    const item = order[at]!;
    let to = at;
    while (to > start && compare(order[to - 1]!, item) > 0) {
      order[to] = order[to - 1]!;
      to -= 1;
    }
    order[to] = item;
  }
}

/** The complete order of two findings, as sortCompletely sorts them: for merging lists it sorted. */
export function compareCompletely(a: AnchoredDiagnostic, b: AnchoredDiagnostic): number {
  if (a.path !== b.path) {
    if (a.path === null) return -1;
    if (b.path === null) return 1;
    return compareStrings(a.path, b.path);
  }
  return a.line - b.line || a.column - b.column || compareRest(a, b);
}

/** What path, line and column leave undecided: compareByPosition's code and message, then every other field. */
function compareRest(a: AnchoredDiagnostic, b: AnchoredDiagnostic): number {
  return (
    compareStrings(a.code, b.code) ||
    compareStrings(a.message, b.message) ||
    compareStrings(a.tool, b.tool) ||
    compareStrings(a.severity, b.severity) ||
    compareStrings(a.phase, b.phase) ||
    (a.endLine ?? 0) - (b.endLine ?? 0) ||
    (a.endColumn ?? 0) - (b.endColumn ?? 0) ||
    compareStrings(a.anchor, b.anchor)
  );
}

/** The rank of each index in `order` (its inverse), so a pass in input order can find where each finding sorts. */
export function findRanks(order: readonly number[]): Int32Array {
  const rankOf = new Int32Array(order.length);
  for (let rank = 0; rank < order.length; rank += 1) rankOf[order[rank]!] = rank;
  return rankOf;
}
