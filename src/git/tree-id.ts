/**
 * Names the content of the work tree as a git tree id, without touching the user's index: git
 * adds everything (tracked and untracked, not ignored) into a private copy of the index and
 * writes a tree from it. The objects it writes are unreferenced and git's gc removes them.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { releaseTemporaryPath, trackTemporaryPath } from '../state/temporary-paths.js';
import { runGit, type Repository } from './git.js';

export async function makeWorkTreeId(repo: Repository, scratchDir: string): Promise<string> {
  mkdirSync(scratchDir, { recursive: true });
  const index = join(scratchDir, `index-${process.pid}-${randomBytes(4).toString('hex')}`);
  trackTemporaryPath(index);
  trackTemporaryPath(`${index}.lock`);
  try {
    // Starting from a copy of the real index lets git reuse its stat cache, so only changed files are hashed.
    try {
      copyFileSync(join(repo.gitDir, 'index'), index);
    } catch {
      // A repository without commits or index yet: start from empty.
    }
    const env = { ...process.env, GIT_INDEX_FILE: index, GIT_OPTIONAL_LOCKS: '0' };
    // Untracked files that are not ignored are part of the edit; an unignored node_modules is not.
    await runGit(['add', '--all', '--ignore-errors', '--', '.', ':(exclude,glob)**/node_modules/**'], { cwd: repo.root, env });
    return (await runGit(['write-tree'], { cwd: repo.root, env })).trim();
  } finally {
    releaseTemporaryPath(index);
    releaseTemporaryPath(`${index}.lock`);
  }
}

/** The tree of a commit. */
export async function readCommitTree(repo: Repository, commit: string): Promise<string> {
  return (await runGit(['rev-parse', '--verify', `${commit}^{tree}`], { cwd: repo.root })).trim();
}
