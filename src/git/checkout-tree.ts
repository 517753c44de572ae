/**
 * Writes the files of a git tree into a directory outside the work tree, with git's own
 * plumbing: `read-tree` into a private index (GIT_INDEX_FILE) and `checkout-index --prefix`.
 * The user's index, work tree, HEAD, refs, stash and worktree list are never touched. Unlike
 * `git archive`, this honours the attributes a checkout does (line endings, smudge filters) and
 * ignores `export-ignore`, so the copy has every file a checkout of that tree would have.
 */
import { runGit, type Repository } from './git.js';
import { withPrivateIndex } from './private-index.js';

export async function checkoutTree(
  repo: Repository,
  treeId: string,
  target: string,
  scratchDir: string,
): Promise<void> {
  await withPrivateIndex(scratchDir, async (index) => {
    const env = { ...process.env, GIT_INDEX_FILE: index, GIT_OPTIONAL_LOCKS: '0' };
    await runGit(['read-tree', treeId], { cwd: repo.root, env });
    await runGit(['checkout-index', '--all', '--force', `--prefix=${target}/`], { cwd: repo.root, env });
  });
}

/**
 * Writes only the named files of a git tree into `target` (as checkoutTree does the whole tree):
 * enough to read a tree's configuration without paying for a copy of all its sources.
 */
export async function checkoutTreeFiles(
  repo: Repository,
  treeId: string,
  target: string,
  scratchDir: string,
  select: (path: string) => boolean,
): Promise<void> {
  const listed = await runGit(['ls-tree', '-r', '-z', '--name-only', treeId], {
    cwd: repo.root,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
  });
  const paths = listed.split('\0').filter((path) => path !== '' && select(path));
  if (paths.length === 0) return;
  await withPrivateIndex(scratchDir, async (index) => {
    const env = { ...process.env, GIT_INDEX_FILE: index, GIT_OPTIONAL_LOCKS: '0' };
    await runGit(['read-tree', treeId], { cwd: repo.root, env });
    await runGit(['checkout-index', '--force', `--prefix=${target}/`, '-z', '--stdin'], {
      cwd: repo.root,
      env,
      input: `${paths.join('\0')}\0`,
    });
  });
}

/**
 * Untracked paths git ignores, repository-relative; an ignored directory is one entry ending in
 * `/` (git does not list its content). These are not part of any tree id, so the work tree's
 * copies are what a base run should see too.
 */
export async function listIgnoredPaths(repo: Repository): Promise<string[]> {
  const output = await runGit(['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory'], {
    cwd: repo.root,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
  });
  return output.split('\0').filter((path) => path !== '');
}
