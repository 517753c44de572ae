/**
 * What a long-lived culprit (`culprit serve`, `culprit mcp`) keeps between commands so that a
 * check reads nothing twice: the baselines it parsed, the source lines it read, the tree diffs git
 * gave it (and the `git diff-tree` it asks them of), the line maps read ahead of a check, HEAD's
 * commit and tree, where each folder's repository is, and its last reading of the work tree's
 * identity (git/tree-id.ts). Each piece is keyed by content (a snapshot's file, a file's identity,
 * a pair of tree ids, the refs HEAD is read from) and dropped when that changes, so a served check
 * answers what a cold one does. A cold command has none: it reads everything once anyway.
 */
import { makeSnapshotMemory, type SnapshotMemory } from '../baseline/snapshot-cache.js';
import { makeRepositoryMemory, type RepositoryMemory } from '../git/git.js';
import { makeHeadMemory, type HeadMemory } from '../git/head-memory.js';
import { makeSourceStore, type SourceStore } from '../snapshot/source-cache.js';
import { makeTreeDiffMemory, type TreeDiffMemory } from '../tree/compare-trees.js';
import { makeKeptIndex, type KeptIndex } from '../git/tree-id.js';
import { makeLineMapsMemory, type LineMapsMemory } from '../tree/line-maps-ahead.js';

export interface WarmMemory {
  snapshots: SnapshotMemory;
  sources: SourceStore;
  trees: TreeDiffMemory;
  /** The line maps of the next check's attribution, read as the edit is followed. */
  lineMaps: LineMapsMemory;
  repositories: RepositoryMemory;
  heads: HeadMemory;
  /** The last reading of the work tree's identity, with its private index (git/tree-id.ts). */
  index: KeptIndex;
  /** Ends the git processes it keeps (they also end with culprit), and removes the kept index. */
  close(): void;
}

export function makeWarmMemory(): WarmMemory {
  const trees = makeTreeDiffMemory();
  const index = makeKeptIndex();
  return {
    snapshots: makeSnapshotMemory(),
    sources: makeSourceStore(),
    trees,
    lineMaps: makeLineMapsMemory(),
    repositories: makeRepositoryMemory(),
    heads: makeHeadMemory(),
    index,
    close: () => {
      trees.close();
      index.close();
    },
  };
}
