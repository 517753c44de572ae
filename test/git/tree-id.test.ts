/**
 * The work tree's id names what is on disk, even for an edit git's stat cache cannot see: a file
 * rewritten at the same size in the clock tick its commit wrote the index in (racy git). A kept
 * index confirms an unchanged tree with one git process and names every change as a fresh
 * reading does (git's own trace says which commands ran).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { findRepository } from '../../src/git/git.js';
import { makeKeptIndex, makeWorkTreeId, type KeptIndex } from '../../src/git/tree-id.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

/** The tree `git add --all` names the work tree with in a new, empty index: every file hashed. */
function writeFreshTree(root: string): string {
  const index = join(root, '.git', 'fresh-index');
  rmSync(index, { force: true });
  const env = { ...process.env, GIT_INDEX_FILE: index };
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

describe('a kept index (a long-lived culprit)', () => {
  /** What each reading asked git (GIT_TRACE, which runGit passes on), and the tree it named. */
  async function read(repo: TestRepo, kept: KeptIndex): Promise<{ treeId: string; commands: string[] }> {
    const trace = join(repo.root, '.git', 'trace.log');
    rmSync(trace, { force: true });
    const found = await findRepository(repo.root);
    if (found === null) throw new Error(`${repo.root} is not a git repository`);
    process.env['GIT_TRACE'] = trace;
    try {
      const treeId = await makeWorkTreeId(found, join(repo.root, '.git', 'culprit', 'tmp'), kept);
      // No trace: no git process ran.
      const traced = existsSync(trace) ? readFileSync(trace, 'utf8') : '';
      const commands = [...traced.matchAll(/trace: built-in: git (\w[\w-]*)/g)].map((m) => m[1]!);
      return { treeId, commands };
    } finally {
      delete process.env['GIT_TRACE'];
    }
  }

  test('confirms an unchanged tree with one git status and names every change as a fresh reading does', async () => {
    const repo = makeRepo({
      typescript: false,
      files: { 'a.js': 'export const a = 1;\n', 'b.js': 'export const b = 1;\n' },
    });
    repos.push(repo);
    const kept = makeKeptIndex();
    try {
      const first = await read(repo, kept);
      expect(first.commands).toEqual(['add', 'write-tree']);
      expect(first.treeId).toBe(writeFreshTree(repo.root));
      // No edit watcher tells it of changes: every reading is a fresh one, no status first.
      expect(await read(repo, kept)).toEqual({ treeId: first.treeId, commands: ['add', 'write-tree'] });
      expect(kept.expect(repo.root)).toBeUndefined();
      kept.watched = true;
      // The tree the next reading will most likely confirm: the kept one, while no change was seen.
      expect(kept.expect(repo.root)).toBe(first.treeId);
      expect(kept.expect(join(repo.root, 'elsewhere'))).toBeUndefined();
      const again = await read(repo, kept);
      expect(again).toEqual({ treeId: first.treeId, commands: ['status'] });

      // A change nobody said: status finds it, and the tree is read afresh.
      repo.write('a.js', 'export const a = 22;\n');
      const edited = await read(repo, kept);
      expect(edited.commands).toEqual(['status', 'add', 'write-tree']);
      expect(edited.treeId).toBe(writeFreshTree(repo.root));
      repo.write('c.js', 'export const c = 1;\n');
      const created = await read(repo, kept);
      expect(created.commands).toEqual(['status', 'add', 'write-tree']);
      expect(created.treeId).toBe(writeFreshTree(repo.root));

      // A change seen (the edit watcher touches): no status first.
      repo.write('b.js', 'export const b = 2;\n');
      kept.touch();
      expect(kept.expect(repo.root)).toBeUndefined();
      const touched = await read(repo, kept);
      expect(touched.commands).toEqual(['add', 'write-tree']);
      expect(touched.treeId).toBe(writeFreshTree(repo.root));

      // Ignoring an untracked file the kept index holds, in .git/info/exclude: read afresh, without it.
      writeFileSync(join(repo.root, '.git', 'info', 'exclude'), 'c.js\n');
      const excluded = await read(repo, kept);
      expect(excluded.commands).toEqual(['add', 'write-tree']);
      expect(excluded.treeId).toBe(writeFreshTree(repo.root));
      expect(excluded.treeId).not.toBe(touched.treeId);
      // The user's own index changed: read afresh from its copy.
      repo.git('add', 'b.js');
      expect((await read(repo, kept)).commands).toEqual(['add', 'write-tree']);
      const confirmed = await read(repo, kept);
      expect(confirmed.commands).toEqual(['status']);
      // Nothing references the tree a reading wrote: once git prunes it, it is written again.
      repo.git('prune', '--expire=now');
      const pruned = await read(repo, kept);
      expect(pruned.commands).toEqual(['add', 'write-tree']);
      expect(pruned.treeId).toBe(confirmed.treeId);
      expect(repo.git('cat-file', '-t', pruned.treeId).trim()).toBe('tree');
    } finally {
      kept.close();
    }
  });

  test('takes a reading begun ahead while no change was told since, and reads afresh after one', async () => {
    const repo = makeRepo({ typescript: false, files: { 'a.js': 'export const a = 1;\n' } });
    repos.push(repo);
    const found = await findRepository(repo.root);
    if (found === null) throw new Error(`${repo.root} is not a git repository`);
    const scratch = join(repo.root, '.git', 'culprit', 'tmp');
    const kept = makeKeptIndex();
    kept.watched = true;
    try {
      const first = await read(repo, kept);
      // A client connected (its command starts): the tree is read from then.
      kept.readAhead(found, scratch);
      // After that reading began: the command's concurrent edit, which no watcher told here.
      await new Promise((resolve) => setTimeout(resolve, 300));
      repo.write('a.js', 'export const a = 2;\n');
      const taken = await read(repo, kept);
      // The reading begun ahead is the command's: no git process ran for it now.
      expect(taken).toEqual({ treeId: first.treeId, commands: [] });
      // Taken once: the next reading reads again, and status finds the edit.
      const next = await read(repo, kept);
      expect(next.commands).toEqual(['status', 'add', 'write-tree']);
      expect(next.treeId).toBe(writeFreshTree(repo.root));

      // After a change told, nothing is read ahead: the command's reading is a fresh one.
      repo.write('a.js', 'export const a = 4;\n');
      kept.touch();
      kept.readAhead(found, scratch);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const fresh = await read(repo, kept);
      expect(fresh.commands).toEqual(['add', 'write-tree']);
      expect(fresh.treeId).toBe(writeFreshTree(repo.root));

      // A change told after the reading ahead began: the command reads afresh, and names it.
      kept.readAhead(found, scratch);
      await new Promise((resolve) => setTimeout(resolve, 300));
      repo.write('a.js', 'export const a = 3;\n');
      kept.touch();
      const told = await read(repo, kept);
      expect(told.commands).toEqual(['add', 'write-tree']);
      expect(told.treeId).toBe(writeFreshTree(repo.root));
      expect(told.treeId).not.toBe(fresh.treeId);
    } finally {
      kept.close();
    }
  });
});
