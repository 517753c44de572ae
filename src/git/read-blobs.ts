/**
 * File texts straight from git's objects (`<tree>:<path>`), never from a checkout: one
 * `cat-file --batch` process for all of them.
 */
import { runGitForBytes, type Repository } from './git.js';

/** Each object's text, by the order asked; undefined for one that is missing or not a blob. */
export async function readBlobTexts(repo: Repository, specs: readonly string[]): Promise<(string | undefined)[]> {
  if (specs.length === 0) return [];
  const output = await runGitForBytes(['cat-file', '--batch'], {
    cwd: repo.root,
    input: specs.map((spec) => `${spec}\n`).join(''),
  });
  const texts: (string | undefined)[] = [];
  let offset = 0;
  while (texts.length < specs.length) {
    const end = output.indexOf(10, offset);
    if (end === -1) break;
    // `<id> <type> <size>`, or `<spec> missing` (and `ambiguous`) with no content after it.
    const header = output.toString('utf8', offset, end).split(' ');
    const size = Number(header.at(-1));
    if (header.length !== 3 || !Number.isInteger(size)) {
      texts.push(undefined);
      offset = end + 1;
      continue;
    }
    texts.push(header[1] === 'blob' ? output.toString('utf8', end + 1, end + 1 + size) : undefined);
    offset = end + 1 + size + 1;
  }
  while (texts.length < specs.length) texts.push(undefined);
  return texts;
}
