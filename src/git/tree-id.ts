/**
 * Names the content of the work tree as a git tree id, without touching the user's index: git
 * adds everything (tracked and untracked, not ignored) into a private copy of the index and
 * writes a tree from it. The objects it writes are unreferenced and git's gc removes them.
 */
import { copyFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { makeUserError } from '../core/errors.js';
import { runGit, type Repository } from './git.js';
import { withPrivateIndex } from './private-index.js';

export async function makeWorkTreeId(repo: Repository, scratchDir: string): Promise<string> {
  return withPrivateIndex(scratchDir, async (index) => {
    // Starting from a copy of the real index lets git reuse its stat cache, so only changed files are hashed.
    try {
      copyPreservingTime(join(repo.gitDir, 'index'), index);
    } catch {
      // A repository without commits or index yet: start from empty.
    }
    const env = { ...process.env, GIT_INDEX_FILE: index, GIT_OPTIONAL_LOCKS: '0' };
    // Untracked files that are not ignored are part of the edit; an unignored node_modules is not.
    await runGit(['add', '--all', '--ignore-errors', '--', '.', ':(exclude,glob)**/node_modules/**'], {
      cwd: repo.root,
      env,
    });
    return (await runGit(['write-tree'], { cwd: repo.root, env })).trim();
  });
}

/**
 * Copies an index file with its modification time. Git trusts an entry's stat data only when the
 * file's mtime is older than the index's own (racy git): a copy stamped now would make a file
 * rewritten in the same clock tick as the index, at the same size, look unchanged, and the work
 * tree would be named by its last commit's tree. The copy's mtime is the original's, a
 * microsecond earlier rather than later for rounding, which only makes more entries re-checked.
 */
function copyPreservingTime(source: string, target: string): void {
  copyFileSync(source, target);
  const { atime, mtimeMs } = statSync(source);
  utimesSync(target, atime, (mtimeMs - 0.001) / 1000);
}

/** The tree of a commit. */
export async function readCommitTree(repo: Repository, commit: string): Promise<string> {
  return (await runGit(['rev-parse', '--verify', `${commit}^{tree}`], { cwd: repo.root })).trim();
}

export interface CommitTree {
  commit: string;
  tree: string;
}

/**
 * A revision's commit and that commit's tree, from one git process (`cat-file --batch-check`
 * resolves both names, where `rev-parse --verify` answers one): a check against HEAD asks this
 * every time. Anything that does not name a commit is one user error.
 */
export async function resolveCommitTree(repo: Repository, rev: string): Promise<CommitTree> {
  const notCommit = (cause?: unknown) => makeUserError(`not a commit in ${repo.root}: ${rev}`, cause);
  // One name a line: a revision with a line break would be two.
  if (/[\r\n]/.test(rev)) throw notCommit();
  let output: string;
  try {
    output = await runGit(['cat-file', '--batch-check=%(objectname) %(objecttype)'], {
      cwd: repo.root,
      input: `${rev}^{commit}\n${rev}^{tree}\n`,
    });
  } catch (error) {
    throw notCommit(error);
  }
  const [commit, tree] = output.split('\n').map((line) => /^([0-9a-f]{40,64}) (commit|tree)$/.exec(line));
  if (commit?.[2] !== 'commit' || tree?.[2] !== 'tree') throw notCommit();
  return { commit: commit[1]!, tree: tree[1]! };
}
