/**
 * `culprit-baseline.json`: the findings a repository accepts as standing debt, checked in so CI
 * can hold the line. Grouped by check and file; each entry is one identity (a fingerprint without
 * its occurrence suffix) and how many times it may occur, with the rule, severity, message and
 * flagged source line beside it so a reviewer can read the diff. Written sorted, so the same
 * findings always give the same bytes.
 *
 * The fingerprint hashes the check, rule, path, normalised message and flagged line; the entry
 * keeps all of them but the path, which is its group. So when a file is renamed, its entries can
 * be fingerprinted again under the new path, exactly as attribution does with git's renames.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { makeConfigError, parseJsonText } from '../../config/load-config.js';
import { compareStrings, type Severity } from '../diagnostic.js';
import { makeUserError } from '../errors.js';
import { fingerprintFindings, upgradeStoredHash } from '../identity/fingerprint.js';
import type { SnapshotCheck } from '../snapshot.js';

export const baselineFileName = 'culprit-baseline.json';

/** The file's group for findings tied to no file (compiler options, global diagnostics). */
export const noFileKey = '';

const entrySchema = z.strictObject({
  fingerprint: z.string().regex(/^[0-9a-f]{16}$/).describe('The identity, without the `#n` occurrence suffix.'),
  count: z.number().int().positive().describe('How many findings with this identity the file may have.'),
  code: z.string().describe('Rule id or error code.'),
  severity: z.enum(['error', 'warning']),
  message: z.string().describe('The message of the first occurrence when the entry was written.'),
  source: z.string().describe('The flagged source line, whitespace folded; empty when the finding has no line.'),
});

const checkSchema = z.strictObject({
  version: z.string().nullable().describe('The tool version the entries were last verified with.'),
  files: z.record(z.string(), z.array(entrySchema)).describe('Repository-relative path → entries; "" holds findings tied to no file.'),
});

const fileSchema = z.strictObject({
  version: z.literal(1),
  checks: z.record(z.string(), checkSchema).describe('Check name → its accepted findings.'),
});

export type BaselineEntry = z.infer<typeof entrySchema> & { severity: Severity };
export type BaselineCheck = z.infer<typeof checkSchema>;
export type BaselineFile = z.infer<typeof fileSchema>;

/** The file for these runs: every finding accepted as it stands. */
export function makeBaselineFile(runs: readonly SnapshotCheck[]): BaselineFile {
  const checks: Record<string, BaselineCheck> = {};
  for (const run of runs) {
    const files: Record<string, BaselineEntry[]> = {};
    const byKey = new Map<string, BaselineEntry>();
    for (const finding of fingerprintFindings(run.diagnostics)) {
      const path = finding.path ?? noFileKey;
      const fingerprint = stripOccurrence(finding.fingerprint);
      const existing = byKey.get(`${path}\0${fingerprint}`);
      if (existing !== undefined) {
        existing.count += 1;
        continue;
      }
      const entry: BaselineEntry = { fingerprint, count: 1, code: finding.code, severity: finding.severity, message: finding.message, source: finding.anchor };
      byKey.set(`${path}\0${fingerprint}`, entry);
      (files[path] ??= []).push(entry);
    }
    checks[run.name] = { version: run.version, files };
  }
  return { version: 1, checks };
}

/** Sorted, two-space JSON with a final newline: the same content always gives the same bytes. */
export function serializeBaselineFile(file: BaselineFile): string {
  const checks: Record<string, BaselineCheck> = {};
  for (const name of Object.keys(file.checks).sort(compareStrings)) {
    const check = file.checks[name]!;
    const files: Record<string, BaselineEntry[]> = {};
    for (const path of Object.keys(check.files).sort(compareStrings)) {
      const entries = check.files[path]!;
      if (entries.length > 0) files[path] = [...entries].sort(compareEntries).map(orderEntry);
    }
    checks[name] = { version: check.version, files };
  }
  return `${JSON.stringify({ version: 1, checks }, null, 2)}\n`;
}

export function parseBaselineFile(text: string, source = baselineFileName): BaselineFile {
  const json = parseJsonText(text, source, 'fix it or write it again with `culprit baseline --write`');
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw makeConfigError(source, parsed.error.issues);
  return mergeDuplicates(upgradeFingerprints(parsed.data as BaselineFile));
}

/** The file at the repository root, or null when there is none. */
export function loadBaselineFile(root: string): { file: BaselineFile; text: string } | null {
  let text: string;
  try {
    text = readFileSync(join(root, baselineFileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw makeUserError(`${baselineFileName}: cannot be read: ${(error as Error).message}`, error);
  }
  return { file: parseBaselineFile(text), text };
}

/** Counts every occurrence the file allows. */
export function countBaselineEntries(file: BaselineFile): number {
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
function upgradeFingerprints(file: BaselineFile): BaselineFile {
  for (const [check, { files }] of Object.entries(file.checks)) {
    for (const [path, entries] of Object.entries(files)) {
      for (const entry of entries) {
        const parts = { tool: check, code: entry.code, path: path === noFileKey ? null : path, message: entry.message, anchor: entry.source };
        entry.fingerprint = upgradeStoredHash(entry.fingerprint, parts);
      }
    }
  }
  return file;
}

/** Hand edits and merges can list one identity twice in a file: their allowances add up. */
function mergeDuplicates(file: BaselineFile): BaselineFile {
  for (const check of Object.values(file.checks)) {
    for (const [path, entries] of Object.entries(check.files)) {
      const byFingerprint = new Map<string, BaselineEntry>();
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

function compareEntries(a: BaselineEntry, b: BaselineEntry): number {
  return compareStrings(a.code, b.code) || compareStrings(a.message, b.message) || compareStrings(a.source, b.source) || compareStrings(a.fingerprint, b.fingerprint);
}

function orderEntry(entry: BaselineEntry): BaselineEntry {
  return { fingerprint: entry.fingerprint, count: entry.count, code: entry.code, severity: entry.severity, message: entry.message, source: entry.source };
}
