/**
 * Snapshots on disk, one JSON file each, named by an id the caller chooses (a content key, or a
 * unique id for a snapshot that must not be shared). A file's modification time records when it
 * was last used, so the store can keep the most recently used ones.
 */
import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { Snapshot } from '../snapshot/snapshot.js';
import { writeFileAtomic } from './atomic-write.js';
import { readStateFile } from './read-state-file.js';

export function saveSnapshot(dir: string, id: string, snapshot: Snapshot): void {
  writeFileAtomic(join(dir, `${id}.json`), JSON.stringify(snapshot));
}

export function loadSnapshot(dir: string, id: string): Snapshot | null {
  return readStateFile<Snapshot>(
    join(dir, `${id}.json`),
    (snapshot) => snapshot.version === 1 && Array.isArray(snapshot.checks),
    'run culprit start again',
  );
}

/** Records that a snapshot was used now. */
export function touchSnapshot(dir: string, id: string): void {
  const now = new Date();
  try {
    utimesSync(join(dir, `${id}.json`), now, now);
  } catch {
    // Gone meanwhile: nothing to keep fresh.
  }
}

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
