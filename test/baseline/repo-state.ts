/**
 * Everything of a repository that culprit promises never to change, read with git's own commands
 * and file hashes: the work tree's files, the index file, HEAD, refs, the stash and the worktree
 * list. Two captures compare equal when nothing was touched.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

export interface RepoState {
  files: Record<string, string>;
  status: string;
  index: string;
  head: string;
  refs: string;
  stash: string;
  worktrees: string;
}

export function captureRepoState(root: string): RepoState {
  // Optional locks off: a plain `git status` may refresh and rewrite the index it is inspecting.
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } });
  const gitDir = git('rev-parse', '--absolute-git-dir').trim();
  return {
    files: hashTree(root),
    status: git('status', '--porcelain', '--ignored', '--untracked-files=all'),
    index: hashFile(join(gitDir, 'index')),
    head: `${readFileSync(join(gitDir, 'HEAD'), 'utf8')}${git('rev-parse', 'HEAD')}`,
    refs: git('for-each-ref', '--format=%(refname) %(objectname)'),
    stash: git('stash', 'list'),
    worktrees: git('worktree', 'list', '--porcelain'),
  };
}

/** Path → content hash (or link target) of everything in the work tree, node_modules included, .git excluded. */
function hashTree(root: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (prefix === '' && name === '.git') continue;
      const path = join(dir, name);
      const stat = lstatSync(path);
      const relative = `${prefix}${name}`;
      if (stat.isSymbolicLink()) hashes[relative] = `link ${readlinkSync(path)}`;
      else if (stat.isDirectory()) walk(path, `${relative}/`);
      else hashes[relative] = `${hashFile(path)} ${stat.mtimeMs}`;
    }
  };
  walk(root, '');
  return hashes;
}

function hashFile(path: string): string {
  return createHash('sha1').update(readFileSync(path)).digest('hex');
}
