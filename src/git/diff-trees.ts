/**
 * What changed between two trees: the files an edit touched (the frontier sorts them first) and
 * the files it renamed or moved (attribution maps their findings' identity across). Uses git's
 * own rename detection, which also pairs files with identical content.
 */
import type { TreeChanges } from '../core/snapshot.js';
import { runGit, type Repository } from './git.js';

export async function diffTrees(repo: Repository, base: string, current: string): Promise<TreeChanges> {
  const output = await runGit(['diff-tree', '-r', '-z', '--no-commit-id', '-M', '--name-status', base, current], {
    cwd: repo.root,
  });
  return parseNameStatus(output);
}

/** Parses `--name-status -z` output: a status field, then one path, or two for renames and copies. */
export function parseNameStatus(output: string): TreeChanges {
  const fields = output.split('\0');
  const changes: TreeChanges = { changed: new Set(), deleted: new Set(), renames: new Map() };
  let index = 0;
  while (index < fields.length) {
    const status = fields[index++];
    if (status === undefined || status === '') continue;
    const letter = status[0];
    const path = fields[index++];
    if (path === undefined) break;
    if (letter === 'R' || letter === 'C') {
      const to = fields[index++];
      if (to === undefined) break;
      if (letter === 'R') changes.renames.set(path, to);
      // A rename with edits is still an edit to the new file; an exact one is too, for the frontier.
      changes.changed.add(to);
    } else if (letter === 'D') {
      changes.deleted.add(path);
    } else {
      changes.changed.add(path);
    }
  }
  return changes;
}
