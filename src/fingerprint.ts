/**
 * Position-independent identities for findings. A fingerprint hashes what a finding is about
 * (tool, rule, file, message without its numbers, the flagged source line) and not where it is,
 * so inserting or moving unrelated lines keeps every identity; an occurrence suffix `#n`
 * separates identical findings so that three becoming four is one new finding.
 */
import { createHash } from 'node:crypto';
import { compareByPosition, compareStrings } from './diagnostic.js';
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
  return foldWhitespace(message.replace(/\b\d+(\.\d+)?\b/g, 'N'));
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
  const text = [parts.tool, parts.code, parts.path ?? '', normalizeMessage(parts.message), parts.anchor].join('|');
  return createHash('sha1').update(text).digest('hex').slice(0, 16);
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
  pathOf: (diagnostic: AnchoredDiagnostic) => string | null = (diagnostic) => diagnostic.path,
): Finding[] {
  const ordered = [...diagnostics].sort(compareCompletely);
  const seen = new Map<string, number>();
  return ordered.map((diagnostic) => {
    const { tool, code, message, anchor } = diagnostic;
    const hash = hashFingerprint({ tool, code, path: pathOf(diagnostic), message, anchor });
    const occurrence = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, occurrence);
    return { ...diagnostic, fingerprint: `${hash}#${occurrence}` };
  });
}

/**
 * Position order, then every remaining field: two findings at the same place that differ in any
 * way must still sort the same way in every run, or their occurrence numbers could swap.
 */
function compareCompletely(a: AnchoredDiagnostic, b: AnchoredDiagnostic): number {
  return (
    compareByPosition(a, b) ||
    compareStrings(a.tool, b.tool) ||
    compareStrings(a.severity, b.severity) ||
    compareStrings(a.phase, b.phase) ||
    (a.endLine ?? 0) - (b.endLine ?? 0) ||
    (a.endColumn ?? 0) - (b.endColumn ?? 0) ||
    compareStrings(a.anchor, b.anchor)
  );
}
