/**
 * The content-addressed baseline cache: snapshots stored under their baseline key in the state
 * directory's snapshot store. Bounded, and safe to delete: a missing or unreadable entry is a
 * miss, and the baseline is taken again.
 */
import { dirname } from 'node:path';
import type { Snapshot } from '../core/snapshot.js';
import { listStartedBaselines } from '../state/session-store.js';
import type { StateLayout } from '../state/state-dir.js';
import { deleteSnapshot, listSnapshots, loadSnapshot, saveSnapshot, touchSnapshot } from '../state/snapshot-store.js';

/**
 * How many snapshots the store keeps, most recently used first. A repository needs one per
 * base it is checked against (HEAD of each branch in use, a merge base in CI) plus one per
 * started task; each is one JSON file, from a few KB to a few MB for thousands of standing
 * findings. Snapshots that started tasks depend on are kept beyond this bound.
 */
const maxSnapshots = 16;

export function loadCachedSnapshot(layout: StateLayout, id: string): Snapshot | null {
  let snapshot: Snapshot | null;
  try {
    snapshot = loadSnapshot(layout.snapshots, id);
  } catch {
    deleteSnapshot(layout.snapshots, id);
    return null;
  }
  if (snapshot !== null) touchSnapshot(layout.snapshots, id);
  return snapshot;
}

/** Returns the snapshot as stored (see saveSnapshot). */
export function saveCachedSnapshot(layout: StateLayout, id: string, snapshot: Snapshot): Snapshot {
  const stored = saveSnapshot(layout.snapshots, id, snapshot);
  evictSnapshots(layout);
  return stored;
}

export function dropCachedSnapshot(layout: StateLayout, id: string): void {
  deleteSnapshot(layout.snapshots, id);
}

function evictSnapshots(layout: StateLayout): void {
  const stored = listSnapshots(layout.snapshots);
  if (stored.length <= maxSnapshots) return;
  const pinned = listStartedBaselines(dirname(layout.sessionFile));
  let kept = 0;
  for (const { id } of stored) {
    if (pinned.has(id)) continue;
    if (kept < maxSnapshots) kept += 1;
    else deleteSnapshot(layout.snapshots, id);
  }
}
