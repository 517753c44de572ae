/**
 * What a warm session knows about the files it read, so it can tell later which of them changed
 * without reading them all again: size, inode, and modification and change times in
 * nanoseconds. Like git's racy-clean rule, a file modified shortly before it was recorded may be
 * modified again without its times moving (coarse timestamps), so it counts as possibly changed
 * until it has been recorded once more, later.
 */
import { hash } from 'node:crypto';
import { readFileSync, statSync, type BigIntStats } from 'node:fs';

/** Modifications closer than this to the moment a file was recorded may not move its timestamps. */
const racyWindowNs = 2_000_000_000n;

interface FileState {
  /** Stat fields joined, or `missing`. */
  stamp: string;
  mtimeNs: bigint;
  recordedAtNs: bigint;
  /** With `compareContent`: the hash of the content, which decides when the stat says "maybe". */
  content?: string | undefined;
}

export interface FileStates {
  /** Remembers the file as it is now. */
  record(path: string): void;
  /** Forgets a file no one reads any more. */
  forget(path: string): void;
  has(path: string): boolean;
  /**
   * Files recorded earlier that differ now (changed, deleted, created where one was missing) or
   * may differ (racily clean); each is recorded again as it is now.
   */
  takeChanged(): string[];
  readonly size: number;
}

/**
 * The stats of one warm worker request, shared by its sessions: tsc's and ESLint's each stat every
 * file they read (the same 800 files on the bench, ~2 ms a pass), so each file is asked of the
 * system once per request. `renew` forgets them (a request starts, or ends).
 */
export interface SharedStats {
  read(path: string): BigIntStats | undefined;
  renew(): void;
}

export function makeSharedStats(): SharedStats {
  let read = new Map<string, BigIntStats | undefined>();
  return {
    read(path) {
      if (read.has(path)) return read.get(path);
      const stats = readStats(path);
      read.set(path, stats);
      return stats;
    },
    renew: () => void (read = new Map()),
  };
}

/**
 * `compareContent`: keep a hash of each file's content and report a file only when its content
 * changed (for configuration files: few, small, and a false alarm costs a cold restart).
 * `hashChanged`: a file reported changed is recorded with the hash of its content then, which its
 * reader reads after (a tool that reads the files itself: tsgo, oxlint), so the next look reports
 * it again only when its content differs from that, not because its stat is racily clean (the
 * check right after the server followed the edit) or was touched; no file is read before it changed.
 * `stats`: where stats are read, when a worker shares them between its sessions.
 */
export function makeFileStates({
  compareContent = false,
  hashChanged = false,
  stats: shared,
}: { compareContent?: boolean; hashChanged?: boolean; stats?: SharedStats | undefined } = {}): FileStates {
  const states = new Map<string, FileState>();
  const readStatsOf = shared === undefined ? readStats : shared.read;
  const record = (path: string, content?: string) => {
    const stats = readStatsOf(path);
    const recordedAtNs = process.hrtime.bigint() + readClockOffset();
    const state: FileState = { stamp: makeStamp(stats), mtimeNs: stats?.mtimeNs ?? 0n, recordedAtNs };
    if (compareContent) state.content = readContentHash(path);
    else if (content !== undefined) state.content = content;
    states.set(path, state);
  };
  return {
    record: (path) => record(path),
    forget: (path) => void states.delete(path),
    has: (path) => states.has(path),
    get size() {
      return states.size;
    },
    takeChanged() {
      const changed: string[] = [];
      for (const [path, state] of states) {
        const stats = readStatsOf(path);
        const racy = stats !== undefined && state.recordedAtNs - state.mtimeNs < racyWindowNs;
        if (makeStamp(stats) === state.stamp && !racy) continue;
        if (hashChanged) {
          // Read before the reader reads the file: it reads this content or a later one, and a
          // later one differs from what is recorded here, so the next look reports it.
          const content = readContentHash(path);
          record(path, content);
          if (state.content === undefined || content !== state.content) changed.push(path);
          continue;
        }
        record(path);
        if (!compareContent || states.get(path)?.content !== state.content) changed.push(path);
      }
      return changed;
    },
  };
}

/** Whether `path` is a regular file now (following links); false when it is missing or unreadable. */
export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function readStats(path: string): BigIntStats | undefined {
  try {
    return statSync(path, { bigint: true });
  } catch {
    return undefined;
  }
}

/** The hash FileStates compares contents by, of a file as it is now; undefined when it cannot be read. */
function readContentHash(path: string): string | undefined {
  try {
    return hash('sha1', readFileSync(path), 'hex');
  } catch {
    return undefined;
  }
}

function makeStamp(stats: BigIntStats | undefined): string {
  if (stats === undefined) return 'missing';
  return `${stats.size}:${stats.ino}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

/** hrtime is monotonic from an arbitrary origin; file times are wall-clock. The offset between them, read once. */
let clockOffset: bigint | undefined;
function readClockOffset(): bigint {
  clockOffset ??= BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();
  return clockOffset;
}
