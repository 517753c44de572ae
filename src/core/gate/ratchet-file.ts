/**
 * The ratchet file, `culprit-baseline.json` (users keep that name): the findings a repository
 * accepts as standing debt, checked in so CI can hold the line; they may shrink, never grow.
 * Grouped by check and file; each entry is one identity (a fingerprint without its occurrence
 * suffix) and how many times it may occur, with the rule, severity, message and flagged source
 * line beside it so a reviewer can read the diff. Written sorted, so the same findings always give
 * the same bytes.
 *
 * The fingerprint hashes the check, rule, path, normalised message and flagged line; the entry
 * keeps all of them but the path, which is its group. So when a file is renamed, its entries can
 * be fingerprinted again under the new path, exactly as attribution does with git's renames.
 */
import { compareStrings, type Severity } from '../diagnostic.js';
import { fingerprintFindings, upgradeStoredHash } from '../identity/fingerprint.js';
import type { SnapshotCheck } from '../snapshot.js';
import { sortSummary, summarizeStrength, type StrengthSummary } from '../coverage/strength-summary.js';

export const ratchetFileName = 'culprit-baseline.json';

/** The file's group for findings tied to no file (compiler options, global diagnostics). */
export const noFileKey = '';

/** One accepted identity in one file, with what a reviewer reads beside it. */
export interface RatchetEntry {
  /** The identity, without the `#n` occurrence suffix. */
  fingerprint: string;
  /** How many findings with this identity the file may have. */
  count: number;
  /** Rule id or error code. */
  code: string;
  severity: Severity;
  /** The message of the first occurrence when the entry was written. */
  message: string;
  /** The flagged source line, whitespace folded; empty when the finding has no line. */
  source: string;
}

export interface RatchetCheck {
  /** The tool version the entries were last verified with. */
  version: string | null;
  /** Repository-relative path → entries; "" holds findings tied to no file. */
  files: Record<string, RatchetEntry[]>;
  /** How strictly the check checked when the file was written (strength-summary.ts); the gate fails on less. */
  strength?: StrengthSummary | undefined;
}

export interface RatchetFile {
  version: 1;
  /**
   * The commit HEAD was at when the entries were written (absent outside git, and in files written
   * by culprit before it recorded one): the gate finds an entry whose flagged line was edited
   * since through the diff from this commit.
   */
  commit?: string | undefined;
  /**
   * The file lists suppression directives among its entries (culprit reads them since issue 35):
   * the gate then fails on one it does not list. A file written before has none, so the gate
   * leaves directives out until `culprit baseline --write` records them.
   */
  suppressions?: true | undefined;
  /** Check name → its accepted findings. */
  checks: Record<string, RatchetCheck>;
}

/** The file for these runs: every finding accepted as it stands, at `commit` (HEAD's, when there is one). */
export function makeRatchetFile(runs: readonly SnapshotCheck[], commit?: string): RatchetFile {
  const checks: Record<string, RatchetCheck> = {};
  for (const run of runs) {
    const files: Record<string, RatchetEntry[]> = {};
    const byKey = new Map<string, RatchetEntry>();
    for (const finding of fingerprintFindings(run.diagnostics)) {
      const path = finding.path ?? noFileKey;
      const fingerprint = stripOccurrence(finding.fingerprint);
      const existing = byKey.get(`${path}\0${fingerprint}`);
      if (existing !== undefined) {
        existing.count += 1;
        continue;
      }
      const entry: RatchetEntry = {
        fingerprint,
        count: 1,
        code: finding.code,
        severity: finding.severity,
        message: finding.message,
        source: finding.anchor,
      };
      byKey.set(`${path}\0${fingerprint}`, entry);
      (files[path] ??= []).push(entry);
    }
    checks[run.name] = {
      version: run.version,
      files,
      strength: run.strength === undefined ? undefined : summarizeStrength(run.strength),
    };
  }
  return { version: 1, commit, suppressions: true, checks };
}

/** Sorted, two-space JSON with a final newline: the same content always gives the same bytes. */
export function serializeRatchetFile(file: RatchetFile): string {
  const checks: Record<string, RatchetCheck> = {};
  for (const name of Object.keys(file.checks).sort(compareStrings)) {
    const check = file.checks[name]!;
    const files: Record<string, RatchetEntry[]> = {};
    for (const path of Object.keys(check.files).sort(compareStrings)) {
      const entries = check.files[path]!;
      if (entries.length > 0) files[path] = [...entries].sort(compareEntries).map(orderEntry);
    }
    checks[name] = {
      version: check.version,
      files,
      strength: check.strength === undefined ? undefined : sortSummary(check.strength),
    };
  }
  return `${JSON.stringify({ version: 1, commit: file.commit, suppressions: file.suppressions, checks }, null, 2)}\n`;
}

/** Whether two files allow the same findings, whatever commit each records. */
export function haveSameEntries(a: RatchetFile, b: RatchetFile): boolean {
  return serializeRatchetFile({ ...a, commit: undefined }) === serializeRatchetFile({ ...b, commit: undefined });
}

/**
 * A file as read: entries of an older identity hashed again, and one identity listed twice in a
 * file (hand edits, merges) merged into one allowance.
 */
export function normalizeRatchetFile(file: RatchetFile): RatchetFile {
  return mergeDuplicates(upgradeFingerprints(file));
}

/** Counts every occurrence the file allows. */
export function countRatchetEntries(file: RatchetFile): number {
  let count = 0;
  for (const check of Object.values(file.checks)) {
    for (const entries of Object.values(check.files)) for (const entry of entries) count += entry.count;
  }
  return count;
}

export function stripOccurrence(fingerprint: string): string {
  const hash = fingerprint.indexOf('#');
  return hash === -1 ? fingerprint : fingerprint.slice(0, hash);
}

/**
 * Entries written by culprit 0.1.0 hold the old identity of a finding whose message names a
 * union or an intersection, or that carries a TypeScript suggestion; each is hashed again from
 * the parts it stores, so such a file keeps passing and `baseline --prune` rewrites only those
 * hashes.
 */
function upgradeFingerprints(file: RatchetFile): RatchetFile {
  for (const [check, { files }] of Object.entries(file.checks)) {
    for (const [path, entries] of Object.entries(files)) {
      for (const entry of entries) {
        const parts = {
          tool: check,
          code: entry.code,
          path: path === noFileKey ? null : path,
          message: entry.message,
          anchor: entry.source,
        };
        entry.fingerprint = upgradeStoredHash(entry.fingerprint, parts);
      }
    }
  }
  return file;
}

/** Hand edits and merges can list one identity twice in a file: their allowances add up. */
function mergeDuplicates(file: RatchetFile): RatchetFile {
  for (const check of Object.values(file.checks)) {
    for (const [path, entries] of Object.entries(check.files)) {
      const byFingerprint = new Map<string, RatchetEntry>();
      for (const entry of entries) {
        const seen = byFingerprint.get(entry.fingerprint);
        if (seen === undefined) byFingerprint.set(entry.fingerprint, { ...entry });
        else seen.count += entry.count;
      }
      check.files[path] = [...byFingerprint.values()];
    }
  }
  return file;
}

function compareEntries(a: RatchetEntry, b: RatchetEntry): number {
  return (
    compareStrings(a.code, b.code) ||
    compareStrings(a.message, b.message) ||
    compareStrings(a.source, b.source) ||
    compareStrings(a.fingerprint, b.fingerprint)
  );
}

function orderEntry(entry: RatchetEntry): RatchetEntry {
  return {
    fingerprint: entry.fingerprint,
    count: entry.count,
    code: entry.code,
    severity: entry.severity,
    message: entry.message,
    source: entry.source,
  };
}
