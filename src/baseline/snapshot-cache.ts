/**
 * The content-addressed baseline cache: snapshots stored under their baseline key in the state
 * directory's snapshot store. Bounded, and safe to delete: a missing or unreadable entry is a
 * miss, and the baseline is taken again.
 */
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/**
 * Snapshots a long-lived culprit (`culprit serve`, `culprit mcp`) has parsed, so a check against
 * the same baseline does not read and parse its JSON again: each is kept with its file's identity
 * (inode, size, times) as it was after it was read and touched here, and read again whenever the
 * file is not that one any more (rewritten, refreshed, removed). The kept snapshot is deeply
 * frozen: every later check reads the same object, so none may change it.
 */
export interface SnapshotMemory {
  /** The stored snapshot `id` of `dir`, or undefined when it is not kept or its file changed since. */
  find(dir: string, id: string): Snapshot | undefined;
  keep(dir: string, id: string, snapshot: Snapshot): Snapshot;
}

/** Few baselines are in use at once: the started task's, HEAD's, a campaign's. */
const keptSnapshots = 4;

export function makeSnapshotMemory(): SnapshotMemory {
  const kept = new Map<string, { stamp: string; snapshot: Snapshot }>();
  return {
    find(dir, id) {
      const file = join(dir, `${id}.json`);
      const entry = kept.get(file);
      if (entry === undefined) return undefined;
      if (entry.stamp !== readStamp(file)) {
        kept.delete(file);
        return undefined;
      }
      // Most recently used last.
      kept.delete(file);
      kept.set(file, entry);
      return entry.snapshot;
    },
    keep(dir, id, snapshot) {
      const file = join(dir, `${id}.json`);
      const stamp = readStamp(file);
      if (stamp === undefined) return snapshot;
      const frozen = freezeDeeply(snapshot);
      kept.delete(file);
      kept.set(file, { stamp, snapshot: frozen });
      for (const old of [...kept.keys()].slice(0, Math.max(0, kept.size - keptSnapshots))) kept.delete(old);
      return frozen;
    },
  };
}

export function loadCachedSnapshot(layout: StateLayout, id: string, memory?: SnapshotMemory): Snapshot | null {
  const known = memory?.find(layout.snapshots, id);
  if (known !== undefined) {
    // Its own touch moves the file's times: what is kept is the file as this culprit left it.
    return touchSnapshot(layout.snapshots, id) ? memory!.keep(layout.snapshots, id, known) : known;
  }
  let snapshot: Snapshot | null;
  try {
    snapshot = loadSnapshot(layout.snapshots, id);
  } catch {
    deleteSnapshot(layout.snapshots, id);
    return null;
  }
  if (snapshot === null) return null;
  touchSnapshot(layout.snapshots, id);
  return memory === undefined ? snapshot : memory.keep(layout.snapshots, id, snapshot);
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

function readStamp(file: string): string | undefined {
  try {
    const stats = statSync(file, { bigint: true });
    return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/** Freezes an object graph of plain data (what JSON.parse gives) in place, and returns it. */
function freezeDeeply<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) freezeDeeply(child);
  return Object.freeze(value);
}
