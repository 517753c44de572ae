/**
 * What changed from one state of a tree to another, whichever way the states were read: git's
 * diff of two tree ids (with its rename detection), or the difference of two sets of file
 * hashes outside git. `check` attributes findings across the renames and sorts the changed files
 * first; the warm engine tells its worker which files to read again.
 */
import type { TreeState } from '../core/snapshot.js';
import type { TreeChanges } from '../core/snapshot.js';
import { diffTreePairs, diffTrees } from '../git/diff-trees.js';
import { openDiffTreeStream, type DiffTreeStream } from '../git/diff-tree-stream.js';
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
  memory?: TreeDiffMemory,
): Promise<TreeChanges | null> {
  if (base.kind === 'git' && current.kind === 'git') {
    // Asked first even for one tree: the memory remembers which trees are compared.
    const known = memory?.find(base.treeId, current.treeId);
    if (base.treeId === current.treeId) return makeNoChanges();
    if (known !== undefined) return known;
    const repo = await readRepository();
    if (repo === null) return null;
    const changes = await diffTrees(repo, base.treeId, current.treeId);
    memory?.keep(base.treeId, current.treeId, changes);
    return memory === undefined ? changes : copyChanges(changes);
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

/**
 * Diffs between git trees a long-lived culprit has asked for: a tree id names its content, so
 * the diff of two is the same for as long as git has them. The few most recent pairs are kept;
 * each caller gets its own copy. The trees last compared (a task's baseline, the warm worker's
 * last tree) are remembered too, so the next check can have the work tree diffed against all of
 * them as soon as it knows its tree (`prefetch`): by the `git diff-tree --stdin` the memory keeps
 * running for the repository (diff-tree-stream.ts), or, when that one fails, one git process.
 */
export interface TreeDiffMemory {
  find(base: string, current: string): TreeChanges | undefined;
  keep(base: string, current: string, changes: TreeChanges): void;
  /** Diffs `current` against each tree compared recently whose diff with it is not kept yet, in one request to git. */
  prefetch(repo: Repository, current: string): Promise<void>;
  /** Ends the git process kept for prefetching. */
  close(): void;
}

const keptDiffs = 16;
/** The baseline, the worker's last tree, the last checked tree; one more for a `--base` beside a task. */
const rememberedTrees = 4;

export function makeTreeDiffMemory(): TreeDiffMemory {
  const kept = new Map<string, TreeChanges>();
  const recent: string[] = [];
  const streams = new Map<string, DiffTreeStream>();
  const keyOf = (base: string, current: string) => `${base}..${current}`;
  const remember = (...trees: string[]) => {
    for (const tree of trees) {
      const index = recent.indexOf(tree);
      if (index !== -1) recent.splice(index, 1);
      recent.unshift(tree);
    }
    recent.length = Math.min(recent.length, rememberedTrees);
  };
  const keep = (base: string, current: string, changes: TreeChanges) => {
    const key = keyOf(base, current);
    kept.delete(key);
    kept.set(key, copyChanges(changes));
    for (const old of [...kept.keys()].slice(0, Math.max(0, kept.size - keptDiffs))) kept.delete(old);
  };
  return {
    find(base, current) {
      remember(current, base);
      const changes = kept.get(keyOf(base, current));
      return changes === undefined ? undefined : copyChanges(changes);
    },
    keep,
    async prefetch(repo, current) {
      const bases = recent.filter((base) => base !== current && !kept.has(keyOf(base, current)));
      const pairs = bases.map((base) => [base, current] as const);
      const diffs = await diffWithStream(streams, repo, pairs).catch(() => diffTreePairs(repo, pairs));
      diffs.forEach((changes, index) => keep(bases[index]!, current, changes));
    },
    close() {
      for (const stream of streams.values()) stream.close();
      streams.clear();
    },
  };
}

/** The pairs' diffs from the repository's kept `git diff-tree --stdin`, started again when it ended. */
async function diffWithStream(
  streams: Map<string, DiffTreeStream>,
  repo: Repository,
  pairs: readonly (readonly [string, string])[],
): Promise<TreeChanges[]> {
  if (pairs.length === 0) return [];
  let stream = streams.get(repo.root);
  if (stream?.isAlive() !== true) {
    stream = openDiffTreeStream(repo);
    streams.set(repo.root, stream);
  }
  return stream.diff(pairs);
}

function copyChanges(changes: TreeChanges): TreeChanges {
  return { changed: new Set(changes.changed), deleted: new Set(changes.deleted), renames: new Map(changes.renames) };
}
