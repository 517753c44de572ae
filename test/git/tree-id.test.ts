/**
 * The work tree's id names what is on disk, even for an edit git's stat cache cannot see: a file
 * rewritten at the same size in the clock tick its commit wrote the index in (racy git).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { findRepository } from '../../src/git/git.js';
import { makeWorkTreeId } from '../../src/git/tree-id.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

/** The tree `git add --all` names the work tree with in a new, empty index: every file hashed. */
function writeFreshTree(root: string): string {
  const env = { ...process.env, GIT_INDEX_FILE: join(root, '.git', 'fresh-index') };
  execFileSync('git', ['add', '--all', '--', '.', ':(exclude,glob)**/node_modules/**'], { cwd: root, env });
  return execFileSync('git', ['write-tree'], { cwd: root, env, encoding: 'utf8' }).trim();
}

/** Resolves at the start of the next wall-clock second, plus `ms`. */
function waitForNextSecond(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + ms));
}

test('a same-size edit in the second the commit wrote the index is part of the work tree', async () => {
  for (let round = 0; round < 3; round += 1) {
    await waitForNextSecond(20);
    const repo = makeRepo({ typescript: false, files: { 'a.js': 'export const a = 1;\n' } });
    repos.push(repo);
    // The same second as the commit's index (git may compare whole seconds), the same size and inode.
    repo.write('a.js', 'export const a = 2;\n');
    // The work tree is named a second later: a copy of the index stamped then would vouch for a.js.
    await waitForNextSecond(20);
    const found = await findRepository(repo.root);
    if (found === null) throw new Error(`${repo.root} is not a git repository`);
    const work = await makeWorkTreeId(found, join(repo.root, '.git', 'culprit', 'tmp'));
    expect(work).not.toBe(repo.git('rev-parse', 'HEAD^{tree}').trim());
    expect(work).toBe(writeFreshTree(repo.root));
  }
});
