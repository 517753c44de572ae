/**
 * Reads the source files findings point into, once each, for anchors, code excerpts and
 * generated-file markers. Binary and huge files read as absent rather than as garbage lines.
 *
 * A long-lived culprit (`culprit serve`, `culprit mcp`) keeps the lines between checks in a
 * `SourceStore`: a file is read again only when it changed, as told by its size, inode and times
 * (tree/file-states.ts, with git's racy-clean rule), so a check reads the files its edit touched,
 * not every file with a finding.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { foldWhitespace, splitSourceLines } from '../core/identity/source-lines.js';
import { makeFileStates } from '../tree/file-states.js';
import type { AnchoredDiagnostic, Diagnostic } from '../core/diagnostic.js';

const maxBytes = 16 * 1024 * 1024;

export interface SourceCache {
  lines(path: string): readonly string[] | undefined;
  /**
   * A store's anchored findings, by the finding they anchor: a warm worker sends the same finding
   * object while its file's findings stay the same, and the lines it is anchored to are the same
   * array while the file is unchanged, so neither is anchored again (take-snapshot.ts).
   */
  readonly anchored?: WeakMap<Diagnostic, { lines: readonly string[] | undefined; anchored: AnchoredDiagnostic }>;
  head(path: string): string | undefined;
  /** Whether the file still has a line whose folded text is `anchor`. */
  hasLine(path: string, anchor: string): boolean;
}

/** Lines kept between checks, each file's as long as it has not changed. */
export interface SourceStore {
  /** The store's view of the tree at `root` now: files changed since they were read are read again. */
  open(root: string): SourceCache;
}

interface ReadFile {
  lines: readonly string[] | undefined;
  folded?: ReadonlySet<string>;
}

export function makeSourceCache(root: string, store?: SourceStore): SourceCache {
  if (store !== undefined) return store.open(root);
  return makeCacheOver(new Map(), (path) => ({ lines: readLines(join(root, path)) }));
}

export function makeSourceStore(): SourceStore {
  const states = makeFileStates();
  // Kept by the path findings name (relative to the root: no join per lookup), stat'ed by the
  // absolute one, which names the paths it was read by.
  const files = new Map<string, ReadFile>();
  const named = new Map<string, string[]>();
  const anchored = new WeakMap<Diagnostic, { lines: readonly string[] | undefined; anchored: AnchoredDiagnostic }>();
  let storeRoot: string | undefined;
  return {
    open(root) {
      if (root !== storeRoot) {
        for (const file of named.keys()) states.forget(file);
        files.clear();
        named.clear();
        storeRoot = root;
      }
      for (const changed of states.takeChanged()) {
        for (const path of named.get(changed) ?? []) files.delete(path);
        named.delete(changed);
      }
      const cache = makeCacheOver(files, (path) => {
        const file = join(root, path);
        named.set(file, [...(named.get(file) ?? []), path]);
        // Recorded before it is read: a write during the read is then seen as a change next time.
        states.record(file);
        // Frozen: every later check reads the same array.
        const lines = readLines(file);
        return { lines: lines === undefined ? undefined : Object.freeze(lines) };
      });
      return { ...cache, anchored };
    },
  };
}

/** `files`: by the path findings name, relative to the root. */
function makeCacheOver(files: Map<string, ReadFile>, read: (path: string) => ReadFile): SourceCache {
  const load = (path: string): ReadFile => {
    let file = files.get(path);
    if (file === undefined) {
      file = read(path);
      files.set(path, file);
    }
    return file;
  };
  const lines = (path: string) => load(path).lines;
  return {
    lines,
    head: (path) => lines(path)?.slice(0, 40).join('\n').slice(0, 2048),
    hasLine: (path, anchor) => {
      const file = load(path);
      file.folded ??= new Set((file.lines ?? []).map(foldWhitespace));
      return file.folded.has(anchor);
    },
  };
}

function readLines(file: string): readonly string[] | undefined {
  try {
    if (statSync(file).size > maxBytes) return undefined;
    const buffer = readFileSync(file);
    if (buffer.subarray(0, 8000).includes(0)) return undefined;
    return splitSourceLines(buffer.toString('utf8'));
  } catch {
    return undefined;
  }
}
