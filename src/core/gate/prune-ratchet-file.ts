/**
 * `culprit baseline --prune`: the file minus what no longer exists. It never adds an identity or
 * raises a count; entries of a renamed file move to the new path (fingerprinted again there),
 * and entries keep their recorded message and source line, so the diff shows only removals. An
 * entry found again on an edited line keeps its source line too, and the file its commit: the
 * gate finds it again through the diff from that commit.
 */
import { hashFingerprint } from '../identity/fingerprint.js';
import { noFileKey, stripOccurrence, type RatchetCheck, type RatchetEntry, type RatchetFile } from './ratchet-file.js';
import type { GateReport } from './gate-report.js';

export function pruneRatchetFile(file: RatchetFile, report: GateReport): RatchetFile {
  const runs = new Map(report.checks.map((check) => [check.name, check]));
  const checks: Record<string, RatchetCheck> = {};
  for (const [name, check] of Object.entries(file.checks)) {
    const run = runs.get(name);
    // A check no longer configured finds nothing; one that did not complete proves nothing.
    if (run === undefined) continue;
    checks[name] = run.status === 'ok' ? pruneCheck(name, check, report, run.version) : check;
  }
  // The entries keep the source lines they were written with, so they still describe the commit's tree.
  return { version: 1, commit: file.commit, suppressions: file.suppressions, checks };
}

function pruneCheck(name: string, check: RatchetCheck, report: GateReport, version: string | null): RatchetCheck {
  const found = new Map<string, number>();
  const moved = new Map<string, { path: string; entry: RatchetEntry }>();
  for (const item of report.items) {
    if (item.state !== 'unchanged' || item.finding.tool !== name) continue;
    const path = item.finding.path ?? noFileKey;
    if (item.reanchoredFrom !== undefined) {
      const { path: from, fingerprint: allowed } = item.reanchoredFrom;
      const original = (check.files[from] ?? []).find((entry) => entry.fingerprint === allowed);
      if (from === path || original === undefined) {
        const key = `${from}\0${allowed}`;
        found.set(key, (found.get(key) ?? 0) + 1);
        continue;
      }
      // Renamed since the commit as well: the entry moves to the new path as a renamed file's do.
      const rehashed = hashFingerprint({
        tool: name,
        code: original.code,
        path,
        message: original.message,
        anchor: original.source,
      });
      const key = `${path}\0${rehashed}`;
      const existing = moved.get(key);
      if (existing === undefined) moved.set(key, { path, entry: { ...original, fingerprint: rehashed, count: 1 } });
      else existing.entry.count += 1;
      continue;
    }
    const fingerprint = stripOccurrence(item.finding.fingerprint);
    if (item.renamedFrom === undefined) {
      const key = `${path}\0${fingerprint}`;
      found.set(key, (found.get(key) ?? 0) + 1);
      continue;
    }
    const key = `${path}\0${fingerprint}`;
    const existing = moved.get(key);
    if (existing !== undefined) {
      existing.entry.count += 1;
      continue;
    }
    const original = (check.files[item.renamedFrom] ?? []).find(
      (entry) =>
        hashFingerprint({ tool: name, code: entry.code, path, message: entry.message, anchor: entry.source }) ===
        fingerprint,
    );
    if (original !== undefined) moved.set(key, { path, entry: { ...original, fingerprint, count: 1 } });
  }

  const files: Record<string, RatchetEntry[]> = {};
  for (const [path, entries] of Object.entries(check.files)) {
    for (const entry of entries) {
      const count = Math.min(entry.count, found.get(`${path}\0${entry.fingerprint}`) ?? 0);
      if (count > 0) (files[path] ??= []).push({ ...entry, count });
    }
  }
  for (const { path, entry } of moved.values()) (files[path] ??= []).push(entry);
  // Pruning never loosens what the file holds the check to: its recorded strength stays.
  return { version, files, strength: check.strength };
}
