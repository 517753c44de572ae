/**
 * Position-independent identities for findings. A fingerprint hashes what a finding is about
 * (tool, rule, file, message without its numbers, the flagged source line) and not where it is,
 * so inserting or moving unrelated lines keeps every identity; an occurrence suffix `#n`
 * separates identical findings so that three becoming four is one new finding.
 */
import { hash } from 'node:crypto';
import { compareStrings } from './diagnostic.js';
import type { AnchoredDiagnostic, Diagnostic, Finding } from './diagnostic.js';
import { foldWhitespace } from './source-lines.js';

/**
 * Rules whose reported line is computed from the file as a whole rather than written by anyone:
 * `max-lines` flags the first line past the limit, `eol-last` the last line, `unicode-bom` the
 * first. The text on that line is an accident of where the limit falls, so it must not be part
 * of the identity or every insertion above it would look like a new finding.
 */
const computedLocationRules: ReadonlySet<string> = new Set(['max-lines', 'eol-last', 'unicode-bom']);

/** Replaces numbers with `N` and folds whitespace: counts and line numbers in messages move with every edit. */
export function normalizeMessage(message: string): string {
  // Most messages have no digits or odd whitespace; testing is cheaper than rewriting.
  const numbered = hasDigit.test(message) ? message.replace(/\b\d+(\.\d+)?\b/g, 'N') : message;
  return hasOddWhitespace.test(numbered) ? foldWhitespace(numbered) : numbered;
}

const hasDigit = /\d/;
/** Whatever foldWhitespace would change: a run of whitespace, whitespace other than a space, or a space at either end. */
const hasOddWhitespace = /\s\s|[^\S ]|^ | $/;

/** Whether the rule's reported line is computed (see the table above); plugin namespaces are ignored. */
export function isLocationComputed(code: string): boolean {
  const rule = code.slice(code.lastIndexOf('/') + 1);
  return computedLocationRules.has(rule);
}

/**
 * The folded text of the flagged line, or '' when there is none to use: no file, no source, a
 * line out of range, or a rule whose line is computed.
 */
export function makeAnchor(diagnostic: Diagnostic, lines: readonly string[] | undefined): string {
  if (diagnostic.path === null || lines === undefined || isLocationComputed(diagnostic.code)) return '';
  const text = lines[diagnostic.line - 1];
  return diagnostic.line >= 1 && text !== undefined ? foldWhitespace(text) : '';
}

export interface FingerprintParts {
  tool: string;
  code: string;
  path: string | null;
  message: string;
  anchor: string;
}

/** The first 16 hex digits of the sha1 of the `|`-joined parts, with the message normalised. */
export function hashFingerprint(parts: FingerprintParts): string {
  return hashOnce(joinParts(parts.tool, parts.code, parts.path, parts.message, parts.anchor));
}

/** The text a fingerprint hashes. */
function joinParts(tool: string, code: string, path: string | null, message: string, anchor: string): string {
  return joinNormalized(tool, code, path, normalizeMessage(message), anchor);
}

function joinNormalized(tool: string, code: string, path: string | null, normalizedMessage: string, anchor: string): string {
  return `${tool}|${code}|${path ?? ''}|${normalizedMessage}|${anchor}`;
}

/** The one-shot `crypto.hash` (Node ≥ 20.12) gives createHash's digest without a Hash object per finding. */
function hashOnce(text: string): string {
  return hash('sha1', text, 'hex').slice(0, 16);
}

/**
 * Adds `fingerprint = <hash>#<n>` to every diagnostic, where n counts earlier diagnostics with
 * the same hash. Occurrences are numbered in position order (then by every other field), so the
 * result does not depend on the order tools emitted findings in. Returns the findings in that
 * order. `pathOf` hashes a finding under another path: attribution uses it to fingerprint base
 * findings under the path their file was renamed to.
 */
export function fingerprintFindings(
  diagnostics: readonly AnchoredDiagnostic[],
  pathOf?: (diagnostic: AnchoredDiagnostic) => string | null,
): Finding[] {
  const identities = identifyFindings(diagnostics, pathOf);
  return identities.order.map((index, rank) => makeFinding(diagnostics[index]!, identities, rank));
}

/** The identities of a list of diagnostics, in complete order, without building a Finding for each. */
export interface Identities {
  /** Indices into the diagnostics, in complete order. */
  order: number[];
  /** Per rank: the number of the diagnostic's hash in `table`, and the occurrence number of that hash. */
  numbers: Int32Array;
  occurrences: Int32Array;
  table: HashTable;
  /** How many diagnostics have the hash numbered `number` in `table`: occurrences of it run from 1 to this. */
  countOf(number: number): number;
}

export function identifyFindings(
  diagnostics: readonly AnchoredDiagnostic[],
  pathOf: (diagnostic: AnchoredDiagnostic) => string | null = (diagnostic) => diagnostic.path,
): Identities {
  const table = makeHashTable();
  const { order } = sortCompletely(diagnostics);
  const numbers = new Int32Array(order.length);
  for (let rank = 0; rank < order.length; rank += 1) {
    const diagnostic = diagnostics[order[rank]!]!;
    numbers[rank] = table.numberOf(joinParts(diagnostic.tool, diagnostic.code, pathOf(diagnostic), diagnostic.message, diagnostic.anchor));
  }
  return countOccurrences(order, numbers, table);
}

/**
 * The identities of a base tree's and a current tree's findings, numbered alike; base findings
 * are identified under the path their file has now (`renames`). Most files keep their findings
 * across an edit: where a file's base findings have, in order, the tool, code, anchor and
 * normalised message of its current ones (however its lines moved), their texts are the same,
 * so they take the current side's numbers and are not joined or hashed again.
 */
export function identifyBaseAndCurrent(
  before: readonly AnchoredDiagnostic[],
  after: readonly AnchoredDiagnostic[],
  renames: ReadonlyMap<string, string> = new Map(),
): { base: Identities; current: Identities } {
  const table = makeHashTable();
  const sortedAfter = sortCompletely(after);
  const afterNumbers = new Int32Array(after.length);
  const afterMessages = new Array<string>(after.length);
  // The current findings of each path: a run of ranks, since paths sort first.
  const runs = new Map<string | null, { start: number; end: number }>();
  forEachRun(sortedAfter, (start, end) => {
    const path = after[sortedAfter.order[start]!]!.path;
    runs.set(path, { start, end });
    for (let rank = start; rank < end; rank += 1) {
      const diagnostic = after[sortedAfter.order[rank]!]!;
      const message = normalizeMessage(diagnostic.message);
      afterMessages[rank] = message;
      afterNumbers[rank] = table.numberOf(joinNormalized(diagnostic.tool, diagnostic.code, path, message, diagnostic.anchor));
    }
  });
  const current = countOccurrences(sortedAfter.order, afterNumbers, table);

  const sortedBefore = sortCompletely(before);
  const { order } = sortedBefore;
  const numbers = new Int32Array(order.length);
  forEachRun(sortedBefore, (start, end) => {
    const path = before[order[start]!]!.path;
    const currentPath = path === null ? null : (renames.get(path) ?? path);
    const run = runs.get(currentPath);
    if (run !== undefined && run.end - run.start === end - start) {
      const same = { before, order, start, after, afterOrder: current.order, afterStart: run.start, afterMessages };
      if (isSameRun(same, end - start)) {
        numbers.set(current.numbers.subarray(run.start, run.end), start);
        return;
      }
    }
    for (let rank = start; rank < end; rank += 1) {
      const diagnostic = before[order[rank]!]!;
      numbers[rank] = table.numberOf(joinParts(diagnostic.tool, diagnostic.code, currentPath, diagnostic.message, diagnostic.anchor));
    }
  });
  return { base: countOccurrences(order, numbers, table), current };
}

/** Calls `use` with each run of ranks [start, end) whose diagnostics have one path. */
function forEachRun({ order, pathRanks }: SortedDiagnostics, use: (start: number, end: number) => void): void {
  for (let start = 0; start < order.length; ) {
    const pathRank = pathRanks[order[start]!]!;
    let end = start + 1;
    while (end < order.length && pathRanks[order[end]!] === pathRank) end += 1;
    use(start, end);
    start = end;
  }
}

interface RunPair {
  before: readonly AnchoredDiagnostic[];
  order: readonly number[];
  start: number;
  after: readonly AnchoredDiagnostic[];
  afterOrder: readonly number[];
  afterStart: number;
  /** The current side's normalised messages, by rank. */
  afterMessages: readonly string[];
}

/** Whether `length` diagnostics from each side's start on have pairwise the same fingerprint text but for the path. */
function isSameRun(pair: RunPair, length: number): boolean {
  for (let offset = 0; offset < length; offset += 1) {
    const a = pair.before[pair.order[pair.start + offset]!]!;
    const b = pair.after[pair.afterOrder[pair.afterStart + offset]!]!;
    if (a.tool !== b.tool || a.code !== b.code || a.anchor !== b.anchor) return false;
    if (a.message !== b.message && normalizeMessage(a.message) !== pair.afterMessages[pair.afterStart + offset]) return false;
  }
  return true;
}

/** Numbers each hash's occurrences in rank order. */
function countOccurrences(order: number[], numbers: Int32Array, table: HashTable): Identities {
  const counts = new Int32Array(table.size);
  const occurrences = new Int32Array(order.length);
  for (let rank = 0; rank < order.length; rank += 1) occurrences[rank] = counts[numbers[rank]!]! += 1;
  return { order, numbers, occurrences, table, countOf: (number) => counts[number] ?? 0 };
}

/** The finding at `rank` of `identities`, built from its diagnostic (which is not changed). */
export function makeFinding(diagnostic: AnchoredDiagnostic, identities: Identities, rank: number): Finding {
  const hashed = identities.table.hashOf(identities.numbers[rank]!);
  return Object.assign({}, diagnostic, { fingerprint: `${hashed}#${identities.occurrences[rank]!}` });
}

/**
 * Hashes numbered in the order they were first seen, so occurrences are counted in typed arrays
 * and the two sides of an attribution compare numbers rather than strings.
 */
export interface HashTable {
  /** The number of the hash of `text`. */
  numberOf(text: string): number;
  /** The hash (16 hex digits) numbered `number`. */
  hashOf(number: number): string;
  /** How many distinct hashes have been numbered. */
  readonly size: number;
}

export function makeHashTable(): HashTable {
  const numberOfHash = new Map<string, number>();
  const hashes: string[] = [];
  return {
    numberOf(text) {
      const hashed = hashOnce(text);
      let number = numberOfHash.get(hashed);
      if (number === undefined) {
        number = hashes.length;
        hashes.push(hashed);
        numberOfHash.set(hashed, number);
      }
      return number;
    },
    hashOf: (number) => hashes[number]!,
    get size() {
      return hashes.length;
    },
  };
}

interface SortedDiagnostics {
  /** Indices of the diagnostics in complete order. */
  order: number[];
  /** Per diagnostic (by index), the rank of its path among the distinct paths. */
  pathRanks: Int32Array;
}

/**
 * Indices of `diagnostics` in complete order: position order (path, line, column, code,
 * message), then every remaining field, so two findings at the same place that differ in any way
 * still sort the same way in every run and their occurrence numbers cannot swap. Paths are
 * ranked once and positions copied into typed arrays, so the comparisons that decide almost
 * every pair read numbers, not objects (100,000 findings in random order sorted 5× faster).
 * Tools report in order, so the input is usually sorted runs (one per check) and TimSort merges
 * them in close to linear time.
 */
function sortCompletely(diagnostics: readonly AnchoredDiagnostic[]): SortedDiagnostics {
  const count = diagnostics.length;
  const pathRanks = rankPaths(diagnostics);
  const lines = new Float64Array(count);
  const columns = new Float64Array(count);
  const order = new Array<number>(count);
  for (let index = 0; index < count; index += 1) {
    const diagnostic = diagnostics[index]!;
    lines[index] = diagnostic.line;
    columns[index] = diagnostic.column;
    order[index] = index;
  }
  order.sort(
    (a, b) =>
      pathRanks[a]! - pathRanks[b]! ||
      lines[a]! - lines[b]! ||
      columns[a]! - columns[b]! ||
      compareRest(diagnostics[a]!, diagnostics[b]!),
  );
  return { order, pathRanks };
}

/** Per diagnostic, the rank of its path among the distinct paths in string order; -1 (first) for none. */
function rankPaths(diagnostics: readonly AnchoredDiagnostic[]): Int32Array {
  const rankOf = new Map<string, number>();
  for (const { path } of diagnostics) if (path !== null) rankOf.set(path, 0);
  [...rankOf.keys()].sort(compareStrings).forEach((path, rank) => rankOf.set(path, rank));
  const ranks = new Int32Array(diagnostics.length);
  diagnostics.forEach(({ path }, index) => (ranks[index] = path === null ? -1 : rankOf.get(path)!));
  return ranks;
}

/** What position order leaves undecided: code and message (the end of compareByPosition), then every other field. */
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
