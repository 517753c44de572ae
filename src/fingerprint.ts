/**
 * Position-independent identities for findings. A fingerprint hashes what a finding is about
 * (tool, rule, file, message without its numbers, the flagged source line) and not where it is,
 * so inserting or moving unrelated lines keeps every identity; an occurrence suffix `#n`
 * separates identical findings so that three becoming four is one new finding.
 */
import { makePathSlots, sortCompletely } from './complete-order.js';
import type { PathSlots } from './complete-order.js';
import { hashText, makeHashTable } from './hash-table.js';
import type { HashTable } from './hash-table.js';
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
  return hashText(joinParts(parts.tool, parts.code, parts.path, parts.message, parts.anchor));
}

/** The text a fingerprint hashes. */
function joinParts(tool: string, code: string, path: string | null, message: string, anchor: string): string {
  return joinNormalized(tool, code, path, normalizeMessage(message), anchor);
}

function joinNormalized(tool: string, code: string, path: string | null, normalizedMessage: string, anchor: string): string {
  return `${tool}|${code}|${path ?? ''}|${normalizedMessage}|${anchor}`;
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
  const table = makeHashTable(diagnostics.length);
  const slots = makePathSlots([diagnostics]);
  const { order } = sortCompletely(diagnostics, slots.slotsOf[0]!, slots.count);
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
 * so they take the current side's numbers and are not joined or hashed again. Files are taken
 * one at a time, so their normalised messages are dropped as soon as the file is done.
 */
export function identifyBaseAndCurrent(
  before: readonly AnchoredDiagnostic[],
  after: readonly AnchoredDiagnostic[],
  renames: ReadonlyMap<string, string> = new Map(),
): { base: Identities; current: Identities } {
  // Sized for the current side: most base findings take its numbers.
  const table = makeHashTable(after.length);
  const slots = makePathSlots([after, before]);
  const sortedAfter = sortCompletely(after, slots.slotsOf[0]!, slots.count);
  const sortedBefore = sortCompletely(before, slots.slotsOf[1]!, slots.count);
  const baseSlotsAt = matchBaseSlots(slots, renames);
  const afterNumbers = new Int32Array(after.length);
  const numbers = new Int32Array(before.length);
  const identified = new Uint8Array(slots.count);
  const messages: string[] = [];
  for (let slot = 0; slot < slots.count; slot += 1) {
    const start = sortedAfter.starts[slot]!;
    const end = sortedAfter.starts[slot + 1]!;
    if (start === end) continue;
    const path = slots.paths[slot]!;
    for (let rank = start; rank < end; rank += 1) {
      const diagnostic = after[sortedAfter.order[rank]!]!;
      const message = normalizeMessage(diagnostic.message);
      messages[rank - start] = message;
      afterNumbers[rank] = table.numberOf(joinNormalized(diagnostic.tool, diagnostic.code, path, message, diagnostic.anchor));
    }
    for (const baseSlot of baseSlotsAt(slot)) {
      const baseStart = sortedBefore.starts[baseSlot]!;
      if (sortedBefore.starts[baseSlot + 1]! - baseStart !== end - start) continue;
      if (!isSameRun({ before, order: sortedBefore.order, start: baseStart, after, afterOrder: sortedAfter.order, afterStart: start, afterMessages: messages }, end - start)) continue;
      numbers.set(afterNumbers.subarray(start, end), baseStart);
      identified[baseSlot] = 1;
    }
  }
  const current = countOccurrences(sortedAfter.order, afterNumbers, table);

  const { order, starts } = sortedBefore;
  for (let slot = 0; slot < slots.count; slot += 1) {
    if (identified[slot] === 1) continue;
    const path = slots.paths[slot]!;
    const currentPath = path === null ? null : (renames.get(path) ?? path);
    for (let rank = starts[slot]!; rank < starts[slot + 1]!; rank += 1) {
      const diagnostic = before[order[rank]!]!;
      numbers[rank] = table.numberOf(joinParts(diagnostic.tool, diagnostic.code, currentPath, diagnostic.message, diagnostic.anchor));
    }
  }
  return { base: countOccurrences(order, numbers, table), current };
}

/**
 * For each slot, the slots whose base findings are now at its path: its own, unless that file
 * was renamed away, and those of the files renamed to it.
 */
function matchBaseSlots(slots: PathSlots, renames: ReadonlyMap<string, string>): (slot: number) => readonly number[] {
  const renamedTo = new Map<number, number[]>();
  const renamedAway = new Set<number>();
  for (const [from, to] of renames) {
    const fromSlot = slots.slotOf(from);
    if (from === to || fromSlot === undefined) continue;
    renamedAway.add(fromSlot);
    const toSlot = slots.slotOf(to);
    if (toSlot !== undefined) renamedTo.set(toSlot, [...(renamedTo.get(toSlot) ?? []), fromSlot]);
  }
  if (renamedTo.size === 0 && renamedAway.size === 0) return (slot) => [slot];
  return (slot) => [...(renamedAway.has(slot) ? [] : [slot]), ...(renamedTo.get(slot) ?? [])];
}

interface RunPair {
  before: readonly AnchoredDiagnostic[];
  order: readonly number[];
  start: number;
  after: readonly AnchoredDiagnostic[];
  afterOrder: readonly number[];
  afterStart: number;
  /** The current run's normalised messages, from its start. */
  afterMessages: readonly string[];
}

/** Whether `length` diagnostics from each side's start on have pairwise the same fingerprint text but for the path. */
function isSameRun(pair: RunPair, length: number): boolean {
  for (let offset = 0; offset < length; offset += 1) {
    const a = pair.before[pair.order[pair.start + offset]!]!;
    const b = pair.after[pair.afterOrder[pair.afterStart + offset]!]!;
    if (a.tool !== b.tool || a.code !== b.code || a.anchor !== b.anchor) return false;
    if (a.message !== b.message && normalizeMessage(a.message) !== pair.afterMessages[offset]) return false;
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
