/**
 * A snapshot of a tree that is not checked out: git writes its files into a temporary folder
 * outside the repository, the repository's installed packages and ignored files are linked in,
 * every check runs there with the work tree's settings, and the folder is removed afterwards
 * (also on SIGINT/SIGTERM). The user's work tree, index, stash, HEAD, refs and worktree list are
 * never touched. Findings come back named as the work tree's run names them.
 */
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { ResolvedCheck } from '../checks/check.js';
import { makeUserError } from '../core/errors.js';
import { checkoutTree, listIgnoredPaths } from '../git/checkout-tree.js';
import type { Repository } from '../git/git.js';
import { isInside } from '../core/is-inside.js';
import { logDebug } from '../debug/log-debug.js';
import type { Snapshot } from '../core/snapshot.js';
import { takeSnapshot } from '../snapshot/take-snapshot.js';
import { withTemporaryDirectory } from '../state/temporary-paths.js';
import { linkIgnoredPaths } from './link-ignored-paths.js';
import { makeRunRelocator } from './relocate-run.js';

export interface BaseSnapshotRequest {
  repo: Repository;
  /** The git tree to check. */
  treeId: string;
  checks: readonly ResolvedCheck[];
  /** A directory for short-lived files, outside the work tree (private index files). */
  scratch: string;
}

/** Prefix of the temporary copies' folder names, followed by the pid that made them. */
export const baseCopyPrefix = 'culprit-base-';

export async function takeBaseSnapshot(request: BaseSnapshotRequest): Promise<Snapshot> {
  const { repo, treeId } = request;
  const rootReal = realpathSync(repo.root);
  assertOutside(realpathSync(tmpdir()), rootReal);
  return withTemporaryDirectory(baseCopyPrefix, async (copy) => {
    const started = performance.now();
    await checkoutTree(repo, treeId, copy, request.scratch);
    linkIgnoredPaths({ root: repo.root, copy, ignored: await listIgnoredPaths(repo) });
    logDebug(`base copy of tree ${treeId} ready in ${copy} after ${Math.round(performance.now() - started)} ms`);
    const { snapshot } = await takeSnapshot({
      root: copy,
      repo: null,
      checks: request.checks,
      scratch: request.scratch,
      tree: { kind: 'git', treeId },
      mapRun: makeRunRelocator(copy, [...new Set([repo.root, rootReal])]),
    });
    return snapshot;
  });
}

/** The copy must be outside the repository, or the work tree's own checks would see it. */
function assertOutside(temporary: string, root: string): void {
  if (temporary === root || isInside(root, temporary)) {
    throw makeUserError(
      `the temporary directory ${temporary} is inside the repository ${root}; set TMPDIR to a directory outside it`,
    );
  }
}
