/**
 * What changed between two trees: the files an edit touched (the frontier sorts them first) and
 * the files it renamed or moved (attribution maps their findings' identity across). Uses git's
 * own rename detection, which also pairs files with identical content.
 */
import type { TreeChanges } from '../core/snapshot.js';
import { runGit, type Repository } from './git.js';

/** How every tree diff is asked for: recursive, NUL-separated names with their status, renames detected. */
export const diffTreeArgs = ['-r', '-z', '--no-commit-id', '-M', '--name-status'] as const;

export async function diffTrees(repo: Repository, base: string, current: string): Promise<TreeChanges> {
  const output = await runGit(['diff-tree', ...diffTreeArgs, base, current], { cwd: repo.root });
  return parseNameStatus(output);
}

/**
 * Several pairs of trees in one git process (`diff-tree --stdin`), each as diffTrees gives it, in
 * the order asked.
 */
export async function diffTreePairs(
  repo: Repository,
  pairs: readonly (readonly [base: string, current: string])[],
): Promise<TreeChanges[]> {
  if (pairs.length === 0) return [];
  const input = pairs.map(([base, current]) => `${base} ${current}\n`).join('');
  const output = await runGit(['diff-tree', '--stdin', ...diffTreeArgs], { cwd: repo.root, input });
  return splitPairOutputs(output, pairs).map(parseNameStatus);
}

/**
 * `diff-tree --stdin` echoes each pair (`<base> <current>\n`) before its entries: the output is cut
 * at the next pair's echo, looked for where an entry would start (entries are NUL-separated, so a
 * path holding such a line is skipped whole).
 */
export function splitPairOutputs(output: string, pairs: readonly (readonly [string, string])[]): string[] {
  const outputs: string[] = [];
  let at = 0;
  for (const [index, [base, current]] of pairs.entries()) {
    const header = `${base} ${current}\n`;
    if (!output.startsWith(header, at)) throw new Error(`git diff-tree --stdin: no output for ${base} ${current}`);
    const start = at + header.length;
    const next = pairs[index + 1];
    at = next === undefined ? output.length : findNextHeader(output, start, `${next[0]} ${next[1]}\n`);
    outputs.push(output.slice(start, at));
  }
  return outputs;
}

function findNextHeader(output: string, from: number, header: string): number {
  let at = from;
  while (at < output.length && !output.startsWith(header, at)) {
    // Skip one entry: its status, then one path, or two for renames and copies.
    const status = output.slice(at, output.indexOf('\0', at));
    const fields = /^[RC]/.test(status) ? 3 : 2;
    for (let field = 0; field < fields; field += 1) {
      const end = output.indexOf('\0', at);
      if (end === -1) throw new Error('git diff-tree --stdin: a truncated entry');
      at = end + 1;
    }
  }
  return at;
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
