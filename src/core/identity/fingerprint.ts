/**
 * Position-independent identities for findings. A fingerprint hashes what a finding is about
 * (tool, rule, file, message without its numbers, the flagged source line) and not where it is,
 * so inserting or moving unrelated lines keeps every identity; an occurrence suffix `#n`
 * separates identical findings so that three becoming four is one new finding.
 */
import { findRanks, makePathSlots, sortCompletely } from './complete-order.js';
import type { PathSlots } from './complete-order.js';
import { hashText, makeHashTable } from './hash-table.js';
import type { HashTable } from './hash-table.js';
import type { AnchoredDiagnostic, Diagnostic, Finding } from '../diagnostic.js';
import { haveSameNormalForm } from './normal-form.js';
import { foldWhitespace } from './source-lines.js';
import { sortTypeMembers } from './type-members.js';

/**
 * Rules whose reported line is computed from the file as a whole rather than written by anyone:
 * `max-lines` flags the first line past the limit, `eol-last` the last line, `unicode-bom` the
 * first. The text on that line is an accident of where the limit falls, so it must not be part
 * of the identity or every insertion above it would look like a new finding.
 */
const computedLocationRules: ReadonlySet<string> = new Set(['max-lines', 'eol-last', 'unicode-bom']);

/**
 * Replaces numbers with `N`, folds whitespace, and sorts the members of unions and
 * intersections in quoted types: counts and line numbers in messages move with every edit, and
 * the order a compiler prints a union's members in depends on what else it has checked.
 */
export function normalizeMessage(message: string): string {
  // Most messages need none of the rewrites; one pass over the text says so for all.
  const needs = findRewrites(message);
  const folded = foldNumbersAndWhitespace(message, needs);
  // Sorting runs on the folded text, so two messages that fold alike always sort alike.
  return (needs & mayHaveTypeOperator) !== 0 ? sortTypeMembers(folded) : folded;
}

/**
 * The message normalised as culprit did before union members were sorted: the identity that
 * `culprit-baseline.json` entries written by those versions hold (see upgradeStoredHash).
 */
export function normalizeMessageUnsorted(message: string): string {
  return foldNumbersAndWhitespace(message, findRewrites(message));
}

/**
 * Which normalisation stored fingerprint hashes were made with: a snapshot stored with another
 * scheme has its hashes dropped and its findings hashed again.
 */
export const fingerprintScheme = 2;

function foldNumbersAndWhitespace(message: string, needs: number): string {
  const numbered = (needs & hasDigit) !== 0 ? message.replace(/\b\d+(\.\d+)?\b/g, 'N') : message;
  // Numbers become N, never whitespace, so the message's whitespace is the numbered text's.
  return (needs & mayFold) !== 0 && hasOddWhitespace.test(numbered) ? foldWhitespace(numbered) : numbered;
}

const hasDigit = 1;
const mayFold = 2;
const mayHaveTypeOperator = 4;
/** Whatever foldWhitespace would change: a run of whitespace, whitespace other than a space, or a space at either end. */
const hasOddWhitespace = /\s\s|[^\S ]|^ | $/;

/** `hasDigit` when the message has a digit; `mayFold` when it may have odd whitespace (any non-ASCII character counts, for the expression to decide); `mayHaveTypeOperator` when it has `|` or `&`. */
function findRewrites(message: string): number {
  let needs = 0;
  const last = message.length - 1;
  for (let at = 0; at <= last; at += 1) {
    const code = message.charCodeAt(at);
    if (code >= 0x30 && code <= 0x39) needs |= hasDigit;
    else if (code === 0x7c || code === 0x26) needs |= mayHaveTypeOperator;
    else if (
      code === 0x20 ? at === 0 || at === last || message.charCodeAt(at + 1) === 0x20 : code < 0x20 || code > 0x7e
    )
      needs |= mayFold;
  }
  return needs;
}

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

/**
 * A stored fingerprint hash made by culprit 0.1.0, before union members were sorted and
 * suggestions dropped (as a `culprit-baseline.json` entry written then holds it), made of
 * today's scheme: the hash of the same parts now when `stored` is their old hash; `stored`
 * otherwise (already today's, or made of other parts, which the caller's comparison will then
 * not match). Parts whose identity did not change are not hashed at all.
 */
export function upgradeStoredHash(stored: string, parts: FingerprintParts): string {
  const unsorted = normalizeMessageUnsorted(parts.message);
  if (unsorted === normalizeMessage(parts.message) && dropSuggestion(parts.code, parts.message) === undefined)
    return stored;
  const old = hashText(`${parts.tool}|${parts.code}|${parts.path ?? ''}|${unsorted}|${parts.anchor}`);
  return old === stored ? hashFingerprint(parts) : stored;
}

/**
 * What a fingerprint says about a finding but for its file and flagged line: the check, the rule
 * and the normalised message (a TypeScript suggestion dropped). Findings re-anchored across an
 * edited line (core/reanchor.ts) agree on it.
 */
export function makeMessageKey(tool: string, code: string, message: string): string {
  return joinParts(tool, code, null, message, '');
}

/** The text a fingerprint hashes. */
function joinParts(tool: string, code: string, path: string | null, message: string, anchor: string): string {
  const plain = code.startsWith('TS') ? dropSuggestion(code, message) : undefined;
  if (plain !== undefined) return `${tool}|${plain.code}|${path ?? ''}|${normalizeMessage(plain.message)}|${anchor}`;
  return `${tool}|${code}|${path ?? ''}|${normalizeMessage(message)}|${anchor}`;
}

/**
 * TypeScript's errors that carry a "Did you mean …?" suggestion, and the error each is without
 * it. A checker makes at most 10 suggestions, counted over everything it has checked, so which
 * findings get one depends on what was checked before them: a warm program re-checking two files
 * suggests where a cold one, past its tenth suggestion, does not, and an edit that adds
 * misspellings above a standing one takes its suggestion away. It is one finding either way.
 */
const suggestionForms: Readonly<Record<string, { code: string; pattern: RegExp; plain: string }>> = {
  TS2552: { code: 'TS2304', pattern: /^(Cannot find name '[^']*')\. Did you mean '[^']*'\?/, plain: '$1.' },
  TS2551: {
    code: 'TS2339',
    pattern: /^(Property '[^']*' does not exist on type '.*')\. Did you mean '[^']*'\?/,
    plain: '$1.',
  },
  TS2724: {
    code: 'TS2305',
    pattern: /^('.*') has no exported member named ('[^']*')\. Did you mean '[^']*'\?/,
    plain: 'Module $1 has no exported member $2.',
  },
  TS2561: {
    code: 'TS2353',
    pattern:
      /^Object literal may only specify known properties, but ('[^']*' does not exist in type '.*')\. Did you mean to write '[^']*'\?/,
    plain: 'Object literal may only specify known properties, and $1.',
  },
  TS2833: { code: 'TS2503', pattern: /^(Cannot find namespace '[^']*')\. Did you mean '[^']*'\?/, plain: '$1.' },
};

/** The plain form of a TypeScript error with a suggestion; undefined for any other finding. */
export function dropSuggestion(code: string, message: string): { code: string; message: string } | undefined {
  const form = suggestionForms[code];
  if (!form?.pattern.test(message)) return undefined;
  return { code: form.code, message: message.replace(form.pattern, form.plain) };
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
    numbers[rank] = numberDiagnostic(table, diagnostic, pathOf(diagnostic));
  }
  return countOccurrences(order, numbers, table);
}

/**
 * The identities of a base tree's and a current tree's findings, numbered alike; base findings
 * are identified under the path their file has now (`renames`). Most files keep their findings
 * across an edit: where a file's base findings have, in order, the tool, code, anchor and
 * normalised message of its current ones (however its lines moved), their texts are the same,
 * so one side's findings take the other side's numbers and are not joined or hashed again.
 * `beforeHashes`, when given, are the base findings' hashes under their own paths (stored with
 * a snapshot): the base side is then numbered from them and only the current findings of files
 * that changed are hashed; without them the current side is hashed and the base side pairs
 * with it. Findings are read in input order, which is the order they lie in memory, and ranks
 * are found in typed arrays: walking 100,000 findings in sorted order instead meets a cache miss
 * at nearly every one.
 */
export function identifyBaseAndCurrent(
  before: readonly AnchoredDiagnostic[],
  after: readonly AnchoredDiagnostic[],
  renames: ReadonlyMap<string, string> = new Map(),
  beforeHashes?: readonly string[],
): { base: Identities; current: Identities } {
  if (beforeHashes !== undefined && beforeHashes.length !== before.length) {
    throw new Error(`attribute: ${beforeHashes.length} base hashes for ${before.length} base findings`);
  }
  const slots = makePathSlots([after, before]);
  const [afterSlots, beforeSlots] = slots.slotsOf as [Int32Array, Int32Array];
  const sortedAfter = sortCompletely(after, afterSlots, slots.count);
  const sortedBefore = sortCompletely(before, beforeSlots, slots.count);

  // Each base finding is compared with the current finding of the same rank in its file; one
  // difference and the whole file is hashed.
  const partnerStarts = findPartnerStarts(slots, sortedBefore.starts, sortedAfter.starts, renames);
  const beforeRanks = findRanks(sortedBefore.order);
  for (let index = 0; index < before.length; index += 1) {
    const slot = beforeSlots[index]!;
    const partnerStart = partnerStarts[slot]!;
    if (partnerStart === -1) continue;
    const partner = sortedAfter.order[partnerStart + beforeRanks[index]! - sortedBefore.starts[slot]!]!;
    if (!isSameText(before[index]!, after[partner]!)) partnerStarts[slot] = -1;
  }

  if (beforeHashes === undefined) {
    // Sized for the current side: most base findings take its numbers.
    const table = makeHashTable(after.length);
    const afterNumbers = new Int32Array(after.length);
    for (let index = 0; index < after.length; index += 1) {
      const diagnostic = after[index]!;
      afterNumbers[index] = numberDiagnostic(table, diagnostic, diagnostic.path);
    }
    const current = countOccurrences(sortedAfter.order, permute(afterNumbers, sortedAfter.order), table);
    const numbers = new Int32Array(before.length);
    for (let index = 0; index < before.length; index += 1) {
      const slot = beforeSlots[index]!;
      const partnerStart = partnerStarts[slot]!;
      const rank = beforeRanks[index]!;
      if (partnerStart !== -1) {
        numbers[rank] = current.numbers[partnerStart + rank - sortedBefore.starts[slot]!]!;
        continue;
      }
      const diagnostic = before[index]!;
      numbers[rank] = numberDiagnostic(table, diagnostic, pathNow(diagnostic.path, renames));
    }
    return { base: countOccurrences(sortedBefore.order, numbers, table), current };
  }

  // Sized for the base side, numbered first; a stored hash is under the base path, so a renamed
  // file's findings are hashed again under the path it has now.
  const table = makeHashTable(before.length);
  const beforeNumbers = new Int32Array(before.length);
  for (let index = 0; index < before.length; index += 1) {
    const diagnostic = before[index]!;
    const currentPath = pathNow(diagnostic.path, renames);
    beforeNumbers[index] =
      currentPath === diagnostic.path
        ? table.numberOfHash(beforeHashes[index]!)
        : numberDiagnostic(table, diagnostic, currentPath);
  }
  const base = countOccurrences(sortedBefore.order, permute(beforeNumbers, sortedBefore.order), table);
  const numbers = new Int32Array(after.length).fill(-1);
  for (let slot = 0; slot < slots.count; slot += 1) {
    const partnerStart = partnerStarts[slot]!;
    if (partnerStart === -1) continue;
    const start = sortedBefore.starts[slot]!;
    numbers.set(base.numbers.subarray(start, sortedBefore.starts[slot + 1]), partnerStart);
  }
  const afterRanks = findRanks(sortedAfter.order);
  for (let index = 0; index < after.length; index += 1) {
    const rank = afterRanks[index]!;
    if (numbers[rank] !== -1) continue;
    const diagnostic = after[index]!;
    numbers[rank] = numberDiagnostic(table, diagnostic, diagnostic.path);
  }
  return { base, current: countOccurrences(sortedAfter.order, numbers, table) };
}

/** Each diagnostic's fingerprint hash under its own path, for storing with a snapshot (see identifyBaseAndCurrent). */
export function hashOwnFingerprints(diagnostics: readonly AnchoredDiagnostic[]): string[] {
  return diagnostics.map((diagnostic) => hashFingerprint(diagnostic));
}

/**
 * For each slot, the rank at which the current findings its base findings pair with start: those
 * of the path the file has now, when there are as many of them; -1 when there is nothing to pair.
 */
function findPartnerStarts(
  slots: PathSlots,
  baseStarts: Int32Array,
  currentStarts: Int32Array,
  renames: ReadonlyMap<string, string>,
): Int32Array {
  const partnerStarts = new Int32Array(slots.count).fill(-1);
  for (let slot = 0; slot < slots.count; slot += 1) {
    const length = baseStarts[slot + 1]! - baseStarts[slot]!;
    const path = slots.paths[slot]!;
    const currentSlot = length === 0 ? undefined : slots.slotOf(pathNow(path, renames));
    if (currentSlot === undefined || currentStarts[currentSlot + 1]! - currentStarts[currentSlot]! !== length) continue;
    partnerStarts[slot] = currentStarts[currentSlot]!;
  }
  return partnerStarts;
}

/** The path a base file has now: its new path when it was renamed. */
export function pathNow(path: string | null, renames: ReadonlyMap<string, string>): string | null {
  return path === null ? null : (renames.get(path) ?? path);
}

/** The number of a diagnostic's fingerprint hash in `table`, its path taken as `path`. */
function numberDiagnostic(table: HashTable, diagnostic: AnchoredDiagnostic, path: string | null): number {
  return table.numberOf(joinParts(diagnostic.tool, diagnostic.code, path, diagnostic.message, diagnostic.anchor));
}

/** `values` (by index) in the given order of indices. */
function permute(values: Int32Array, order: readonly number[]): Int32Array {
  const permuted = new Int32Array(order.length);
  for (let rank = 0; rank < order.length; rank += 1) permuted[rank] = values[order[rank]!]!;
  return permuted;
}

/** Whether a base and a current finding have the same fingerprint text but for the path. */
function isSameText(base: AnchoredDiagnostic, current: AnchoredDiagnostic): boolean {
  if (base.tool !== current.tool || base.code !== current.code || base.anchor !== current.anchor) return false;
  return base.message === current.message || haveSameNormalForm(base.message, current.message);
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
  const finding = Object.assign({}, diagnostic) as Finding;
  // Set after the copy, rather than merged from a second object, to skip that object for each of 100,000 findings.
  finding.fingerprint = `${identities.table.hashOf(identities.numbers[rank]!)}#${identities.occurrences[rank]!}`;
  return finding;
}
