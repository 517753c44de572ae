/**
 * What changed from one state of a tree to another, whichever way the states were read: git's
 * diff of two tree ids (with its rename detection), or the difference of two sets of file
 * hashes outside git. `check` attributes findings across the renames and sorts the changed files
 * first; the warm engine tells its worker which files to read again.
 */
import type { TreeState } from '../core/snapshot.js';
import type { TreeChanges } from '../core/snapshot.js';
import { diffTrees } from '../git/diff-trees.js';
import type { Repository } from '../git/git.js';
import { diffFileHashes } from './file-hashes.js';

/**
 * The changes from `base` to `current`, or null when they cannot be told: the states are of
 * different kinds (git init mid-task), or two git trees outside a repository. The repository is
 * asked for only when two different git trees are compared.
 */
export async function compareTrees(
  base: TreeState,
  current: TreeState,
  readRepository: () => Promise<Repository | null>,
): Promise<TreeChanges | null> {
  if (base.kind === 'git' && current.kind === 'git') {
    if (base.treeId === current.treeId) return makeNoChanges();
    const repo = await readRepository();
    return repo === null ? null : diffTrees(repo, base.treeId, current.treeId);
  }
  if (base.kind === 'files' && current.kind === 'files') return diffFileHashes(base.hashes, current.hashes);
  return null;
}

/** Every path the changes touch on either side: changed (current paths), deleted, and renamed from. */
export function listTouchedPaths(changes: TreeChanges): string[] {
  return [...changes.changed, ...changes.deleted, ...changes.renames.keys()];
}

export function makeNoChanges(): TreeChanges {
  return { changed: new Set(), deleted: new Set(), renames: new Map() };
}
