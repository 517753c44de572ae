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
  return `${tool}|${code}|${path ?? ''}|${normalizeMessage(message)}|${anchor}`;
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
  /** Per rank: the hash (16 hex digits) and the occurrence number of that hash. */
  hashes: string[];
  occurrences: number[];
  /** How many diagnostics have a hash: occurrences of it run from 1 to this. */
  countOf(hash: string): number;
}

export function identifyFindings(
  diagnostics: readonly AnchoredDiagnostic[],
  pathOf: (diagnostic: AnchoredDiagnostic) => string | null = (diagnostic) => diagnostic.path,
): Identities {
  const order = sortCompletely(diagnostics);
  const hashes = new Array<string>(order.length);
  const occurrences = new Array<number>(order.length);
  const counts = makeHashCounter();
  for (let rank = 0; rank < order.length; rank += 1) {
    const diagnostic = diagnostics[order[rank]!]!;
    const hashed = hashOnce(joinParts(diagnostic.tool, diagnostic.code, pathOf(diagnostic), diagnostic.message, diagnostic.anchor));
    hashes[rank] = hashed;
    occurrences[rank] = counts.add(hashed);
  }
  return { order, hashes, occurrences, countOf: counts.countOf };
}

/** The finding at `rank` of `identities`, built from its diagnostic (which is not changed). */
export function makeFinding(diagnostic: AnchoredDiagnostic, identities: Identities, rank: number): Finding {
  return Object.assign({}, diagnostic, { fingerprint: `${identities.hashes[rank]!}#${identities.occurrences[rank]!}` });
}

/**
 * Counts per hash. Keyed by the hash's first 13 hex digits as a number, because a map keyed by
 * fresh strings spends most of its time hashing the strings again; a collision of those 52 bits
 * (the full hashes differ) goes to a map keyed by the whole hash.
 */
function makeHashCounter(): { add(hash: string): number; countOf(hash: string): number } {
  const byPrefix = new Map<number, { hash: string; count: number }>();
  const collided = new Map<string, number>();
  const entryOf = (hash: string) => byPrefix.get(Number.parseInt(hash.slice(0, 13), 16));
  return {
    add(hash) {
      const prefix = Number.parseInt(hash.slice(0, 13), 16);
      const entry = byPrefix.get(prefix);
      if (entry === undefined) {
        byPrefix.set(prefix, { hash, count: 1 });
        return 1;
      }
      if (entry.hash === hash) return (entry.count += 1);
      const count = (collided.get(hash) ?? 0) + 1;
      collided.set(hash, count);
      return count;
    },
    countOf(hash) {
      const entry = entryOf(hash);
      if (entry === undefined) return 0;
      return entry.hash === hash ? entry.count : (collided.get(hash) ?? 0);
    },
  };
}

/**
 * Indices of `diagnostics` in complete order: position order (path, line, column, code,
 * message), then every remaining field, so two findings at the same place that differ in any way
 * still sort the same way in every run and their occurrence numbers cannot swap. Tools report in
 * order, so the input is usually sorted runs (one per check) and TimSort merges them in close to
 * linear time.
 */
function sortCompletely(diagnostics: readonly AnchoredDiagnostic[]): number[] {
  const order = Array.from(diagnostics.keys());
  return order.sort((a, b) => compareCompletely(diagnostics[a]!, diagnostics[b]!));
}

function compareCompletely(a: AnchoredDiagnostic, b: AnchoredDiagnostic): number {
  if (a.path !== b.path) {
    // null sorts before every path, as in compareByPosition.
    if (a.path === null) return -1;
    if (b.path === null) return 1;
    return a.path < b.path ? -1 : 1;
  }
  return a.line - b.line || a.column - b.column || compareRest(a, b);
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
