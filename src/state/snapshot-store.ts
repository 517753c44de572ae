/**
 * Snapshots on disk, one JSON file each, named by an id the caller chooses (a content key, or a
 * unique id for a snapshot that must not be shared). A file's modification time records when it
 * was last used, so the store can keep the most recently used ones. Each check's findings are
 * stored with their fingerprint hashes: a stored snapshot is a baseline, read by every check of
 * a task, and its 100,000 findings need not be hashed again each time.
 */
import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprintScheme, hashOwnFingerprints } from '../core/identity/fingerprint.js';
import type { AnchoredDiagnostic } from '../core/diagnostic.js';
import type { Snapshot, SnapshotCheck } from '../core/snapshot.js';
import { writeFileAtomic } from './atomic-write.js';
import { readStateFile } from './read-state-file.js';

/** Returns the snapshot as stored, hashes included, so a caller attributing against it now need not hash it again. */
export function saveSnapshot(dir: string, id: string, snapshot: Snapshot): Snapshot {
  const stored = {
    ...snapshot,
    checks: snapshot.checks.map((check) => ({
      ...check,
      diagnostics: check.diagnostics.map(dropOfferedEdits),
      hashes: hashOwnFingerprints(check.diagnostics),
      hashScheme: fingerprintScheme,
    })),
  };
  writeFileAtomic(join(dir, `${id}.json`), JSON.stringify(stored));
  return stored;
}

/** A stored snapshot is a baseline: its findings' fixes are never applied, and their text would only weigh. */
function dropOfferedEdits<Finding extends AnchoredDiagnostic>(finding: Finding): Finding {
  if (finding.fix === undefined && finding.suggestions === undefined) return finding;
  const { fix: _fix, suggestions: _suggestions, ...kept } = finding;
  return kept as Finding;
}

export function loadSnapshot(dir: string, id: string): Snapshot | null {
  const snapshot = readStateFile<Snapshot>(
    join(dir, `${id}.json`),
    (snapshot: { version?: unknown; checks?: unknown }) => snapshot.version === 1 && Array.isArray(snapshot.checks),
    'run culprit start again',
  );
  // Hashes that do not fit their findings (a file written by an older culprit has none) are dropped: attribution hashes instead.
  for (const check of snapshot?.checks ?? [])
    if (check.hashes !== undefined && !haveFittingHashes(check)) delete check.hashes;
  return snapshot;
}

const storedHash = /^[0-9a-f]{16}$/;

function haveFittingHashes(check: SnapshotCheck): boolean {
  const { hashes, diagnostics } = check;
  if ((check.hashScheme ?? 1) !== fingerprintScheme) return false;
  return (
    Array.isArray(hashes) &&
    Array.isArray(diagnostics) &&
    hashes.length === diagnostics.length &&
    hashes.every((hash) => typeof hash === 'string' && storedHash.test(hash))
  );
}

/**
 * Marks the snapshot used now (its modification time is its place in the cache's order), unless
 * it was used within the last minute: true when it touched the file. A use a minute ago keeps
 * its place as well as one now, and leaving the file as it is lets a long-lived culprit that
 * parsed it go on without reading it again (baseline/snapshot-cache.ts) while cold commands use
 * the same baseline.
 */
export function touchSnapshot(dir: string, id: string): boolean {
  const file = join(dir, `${id}.json`);
  const now = Date.now();
  try {
    if (now - statSync(file).mtimeMs < recentUseMs) return false;
    utimesSync(file, new Date(now), new Date(now));
    return true;
  } catch {
    // Gone meanwhile: nothing to keep fresh.
    return false;
  }
}

const recentUseMs = 60_000;

export function deleteSnapshot(dir: string, id: string): void {
  rmSync(join(dir, `${id}.json`), { force: true });
}

export interface StoredSnapshot {
  id: string;
  /** When it was last saved or used (ms since the epoch). */
  usedAt: number;
}

/** Every stored snapshot, most recently used first. */
export function listSnapshots(dir: string): StoredSnapshot[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const stored: StoredSnapshot[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    try {
      stored.push({ id: name.slice(0, -'.json'.length), usedAt: statSync(join(dir, name)).mtimeMs });
    } catch {
      // Removed by another culprit meanwhile.
    }
  }
  return stored.sort((a, b) => b.usedAt - a.usedAt || (a.id < b.id ? -1 : 1));
}
