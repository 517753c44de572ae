/**
 * Reads the source files findings point into, once each, for anchors, code excerpts and
 * generated-file markers. Binary and huge files read as absent rather than as garbage lines.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { foldWhitespace, splitSourceLines } from '../core/identity/source-lines.js';

const maxBytes = 16 * 1024 * 1024;

export interface SourceCache {
  lines(path: string): readonly string[] | undefined;
  head(path: string): string | undefined;
  /** Whether the file still has a line whose folded text is `anchor`. */
  hasLine(path: string, anchor: string): boolean;
}

export function makeSourceCache(root: string): SourceCache {
  const lineCache = new Map<string, readonly string[] | undefined>();
  const foldedCache = new Map<string, ReadonlySet<string>>();
  const lines = (path: string) => {
    if (!lineCache.has(path)) lineCache.set(path, readLines(join(root, path)));
    return lineCache.get(path);
  };
  return {
    lines,
    head: (path) => lines(path)?.slice(0, 40).join('\n').slice(0, 2048),
    hasLine: (path, anchor) => {
      let folded = foldedCache.get(path);
      if (folded === undefined) {
        folded = new Set((lines(path) ?? []).map(foldWhitespace));
        foldedCache.set(path, folded);
      }
      return folded.has(anchor);
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
