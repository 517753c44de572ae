/**
 * Snapshots on disk, one JSON file each, named by an id the caller chooses.
 */
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
