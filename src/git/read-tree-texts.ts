/**
 * Files' text in a git tree, read from git's objects in one `cat-file --batch`, never from a
 * checkout: the baseline's side of an edit (a started task's tree, or a commit's).
 */
import { runGitForBytes, type Repository } from './git.js';

/**
 * Each path's text in the tree as TypeScript reads a file (a leading byte order mark dropped), or
 * null where the tree has no such file (an added file); undefined for all when git cannot say.
 */
export async function readTreeTexts(
  repo: Repository,
  treeId: string,
  paths: readonly string[],
): Promise<(string | null)[] | undefined> {
  if (paths.length === 0) return [];
  let output: Buffer;
  try {
    output = await runGitForBytes(['cat-file', '--batch'], {
      cwd: repo.root,
      input: paths.map((path) => `${treeId}:${path}\n`).join(''),
    });
  } catch {
    return undefined;
  }
  const texts: (string | null)[] = [];
  let offset = 0;
  while (texts.length < paths.length) {
    const end = output.indexOf(10, offset);
    if (end === -1) return undefined;
    const header = output.toString('utf8', offset, end).split(' ');
    // `<name> missing` (or `ambiguous`) has no content after it.
    if (header[1] === 'missing' || header[1] === 'ambiguous') {
      texts.push(null);
      offset = end + 1;
      continue;
    }
    if (header[1] !== 'blob') return undefined;
    const size = Number(header[2]);
    texts.push(output.toString('utf8', end + 1, end + 1 + size).replace(/^\uFEFF/, ''));
    offset = end + 1 + size + 1;
  }
  return texts;
}
