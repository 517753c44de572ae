/**
 * Folders where tools keep build files and caches (cargo's target dir, mypy's cache) for one
 * repository, in the user's cache directory, never in the tree: a base run on a temporary copy
 * must not write into the user's target/, and the work tree should not change because culprit
 * looked at it.
 *
 * The work tree and temporary copies get separate slots. Tools decide freshness by file
 * modification times; a copy's files are written when the copy is made, so a build from a copy
 * would look newer than the work tree's older, edited files and be reused for them. Copies
 * share one slot among themselves: each is written after the last build, so they always look
 * changed, and dependencies built once stay warm.
 */
import { realpathSync } from 'node:fs';
import { hashPath } from '../../state/path-hash.js';
import { resolveCacheDir } from '../../state/state-dir.js';

export type CacheSlot = 'work' | 'copies';

/** `<cache home>/culprit/<tool>/<hash of the work tree>/<work|copies>`. */
export function resolveToolCacheDir(tool: string, workTree: string, root: string): string {
  return resolveCacheDir(tool, hashPath(readRealPath(workTree)), readCacheSlot(workTree, root));
}

export function readCacheSlot(workTree: string, root: string): CacheSlot {
  return readRealPath(workTree) === readRealPath(root) ? 'work' : 'copies';
}

function readRealPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
