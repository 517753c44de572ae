/**
 * Tree diffs from real git: several pairs in one process give what one process per pair gives,
 * in order, whatever the paths hold (spaces, a newline, names that look like tree ids); so does
 * one `git diff-tree --stdin` kept running across requests, with trees written after it started
 * and a pair git cannot read between them; and the repository of a folder, kept by a long-lived
 * culprit, is asked again once its `.git` changed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { diffTreePairs, diffTrees } from '../../src/git/diff-trees.js';
import { openDiffTreeStream } from '../../src/git/diff-tree-stream.js';
import { findRepository, makeRepositoryMemory, type Repository } from '../../src/git/git.js';
import { makeTreeDiffMemory } from '../../src/tree/compare-trees.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const tree = (at: TestRepo) => at.git('write-tree').trim();

async function findRepo(at: TestRepo): Promise<Repository> {
  const found = await findRepository(at.root);
  if (found === null) throw new Error(`${at.root} is not a git repository`);
  return found;
}

test('diffs several pairs of trees in one git process, each as a diff of its own', async () => {
  repo = makeRepo({
    typescript: false,
    files: { 'a.ts': 'a\n', 'moved.ts': 'export const moved = 1;\n'.repeat(20), 'gone.ts': 'gone\n' },
  });
  repo.git('add', '-A');
  const first = tree(repo);
  repo.write('a.ts', 'a changed\n');
  repo.write('with space.ts', 'space\n');
  repo.write('new\nline.ts', 'newline\n');
  repo.remove('gone.ts');
  repo.git('add', '-A');
  const second = tree(repo);
  // A path that reads like the next pair's echo must not end this pair's entries.
  repo.write(`${first} ${second}`, 'looks like an echo\n');
  repo.move('moved.ts', 'lib/moved.ts');
  repo.git('add', '-A');
  const third = tree(repo);
  const git = await findRepo(repo);

  const pairs = [
    [first, second],
    [second, second],
    [second, third],
    [first, third],
    [third, first],
  ] as const;
  const batched = await diffTreePairs(git, pairs);
  const single = await Promise.all(pairs.map(([base, current]) => diffTrees(git, base, current)));
  expect(batched).toEqual(single);
  expect(batched[2]).toEqual({
    changed: new Set([`${first} ${second}`, 'lib/moved.ts']),
    deleted: new Set(),
    renames: new Map([['moved.ts', 'lib/moved.ts']]),
  });
  expect(batched[0]!.changed).toEqual(new Set(['a.ts', 'with space.ts', 'new\nline.ts']));
  expect(await diffTreePairs(git, [])).toEqual([]);
});

test('a kept git diff-tree --stdin answers request after request as one process per request does', async () => {
  repo = makeRepo({ typescript: false, files: { 'a.ts': 'a\n', 'moved.ts': 'export const moved = 1;\n'.repeat(20) } });
  repo.git('add', '-A');
  const first = tree(repo);
  const git = await findRepo(repo);
  const stream = openDiffTreeStream(git);
  try {
    expect(await stream.diff([[first, first]])).toEqual([await diffTrees(git, first, first)]);
    // Trees written after git started, one holding a path that reads like a request's end.
    repo.write('a.ts', 'changed\n');
    repo.write('culprit-end-0-1\n', 'looks like an end\n');
    repo.move('moved.ts', 'lib/moved.ts');
    repo.git('add', '-A');
    const second = tree(repo);
    const pairs = [
      [first, second],
      [second, first],
      [second, second],
    ] as const;
    const [streamed, batched] = await Promise.all([stream.diff(pairs), diffTreePairs(git, pairs)]);
    expect(streamed).toEqual(batched);
    expect(streamed[0]!.renames).toEqual(new Map([['moved.ts', 'lib/moved.ts']]));
    // A tree git does not have fails that request only.
    await expect(stream.diff([[first, '0'.repeat(first.length)]])).rejects.toThrow(/no output/);
    expect(await stream.diff([[second, first]])).toEqual([batched[1]]);
    expect(stream.isAlive()).toBe(true);
  } finally {
    stream.close();
  }
  expect(stream.isAlive()).toBe(false);
  await expect(stream.diff([[first, first]])).rejects.toThrow(/not running/);
});

test('a tree diff memory reads ahead against the trees compared last, and hands out copies', async () => {
  repo = makeRepo({ typescript: false, files: { 'a.ts': 'a\n' } });
  repo.git('add', '-A');
  const base = tree(repo);
  repo.write('a.ts', 'b\n');
  repo.git('add', '-A');
  const previous = tree(repo);
  repo.write('a.ts', 'c\n');
  repo.git('add', '-A');
  const current = tree(repo);
  const git = await findRepo(repo);
  const memory = makeTreeDiffMemory();
  try {
    expect(memory.find(base, previous)).toBeUndefined();
    memory.keep(base, previous, await diffTrees(git, base, previous));
    // Both trees of that comparison are diffed against the new one at once.
    await memory.prefetch(git, current);
    expect(memory.find(base, current)).toEqual(await diffTrees(git, base, current));
    expect(memory.find(previous, current)).toEqual(await diffTrees(git, previous, current));
    const copy = memory.find(base, current)!;
    copy.changed.add('other.ts');
    expect(memory.find(base, current)!.changed).toEqual(new Set(['a.ts']));
    // A tree git does not have: the kept process fails that request, one process is asked instead, and fails too.
    await expect(memory.prefetch(git, '0'.repeat(current.length))).rejects.toThrow(/git diff-tree/);
    repo.write('a.ts', 'd\n');
    repo.git('add', '-A');
    const next = tree(repo);
    await memory.prefetch(git, next);
    expect(memory.find(current, next)).toEqual(await diffTrees(git, current, next));
  } finally {
    memory.close();
  }
});

test("a folder's repository is kept until its .git is another one", async () => {
  repo = makeRepo({ typescript: false, files: { 'a.ts': 'a\n', 'sub/b.ts': 'b\n' } });
  const memory = makeRepositoryMemory();
  const sub = join(repo.root, 'sub');
  expect((await memory.find(sub))?.root).toBe(repo.root);
  expect(await memory.find(sub)).toEqual(await findRepository(sub));
  // A repository made inside it since: git's answer now, not the kept one.
  mkdirSync(join(sub, 'inner'));
  repo.git('init', '-q', 'sub/inner');
  expect((await memory.find(join(sub, 'inner')))?.root).toBe(join(sub, 'inner'));
  repo.git('init', '-q', 'sub');
  expect((await memory.find(sub))?.root).toBe(sub);
});
