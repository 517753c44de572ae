/**
 * HEAD's commit and tree kept by a long-lived culprit, against real git moving HEAD every way it
 * moves: a commit, a checkout of another branch, update-ref, refs packed (and a packed ref moved),
 * a detached HEAD, a linked work tree. Every step happens within the same second, so nothing rests
 * on file times alone. Which git processes ran is read from a `git` on PATH that logs its
 * arguments before it runs the real one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { findRepository, type Repository } from '../../src/git/git.js';
import { makeHeadMemory, readHeadStamp } from '../../src/git/head-memory.js';
import { resolveCommitTree } from '../../src/git/tree-id.js';
import { makeLoggingGit } from '../helpers/logging-git.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const makeDir = useTemporaryDirectories();
let repo: TestRepo | undefined;
const originalPath = process.env['PATH'];
let takeCalls: () => string[] = () => [];

beforeEach(() => {
  const git = makeLoggingGit(makeDir('culprit-git-log-'));
  takeCalls = git.take;
  process.env['PATH'] = `${git.bin}:${originalPath ?? ''}`;
});

afterEach(() => {
  process.env['PATH'] = originalPath;
  repo?.cleanup();
});

/** The git commands culprit ran since the last call (the test's own git runs with the real one). */
function takeGitCalls(): string[] {
  return takeCalls().map((call) => call.split(' ')[0]!);
}

async function findRepo(at: string): Promise<Repository> {
  const found = await findRepository(at);
  if (found === null) throw new Error(`${at} is not a git repository`);
  return found;
}

test('HEAD is asked of git once while its refs stay, and again after each way it moves', async () => {
  repo = makeRepo({ typescript: false, files: { 'a.ts': 'a\n' } });
  const git = await findRepo(repo.root);
  takeGitCalls();
  const memory = makeHeadMemory();
  const expectHead = async (asked: boolean) => {
    const answer = await memory.resolve(git, 'HEAD');
    expect(answer).toEqual(await resolveCommitTree(git, 'HEAD'));
    expect(answer.commit).toBe(repo!.git('rev-parse', 'HEAD').trim());
    const calls = takeGitCalls();
    // The second call is the test's own resolveCommitTree.
    expect(calls).toEqual(asked ? ['cat-file', 'cat-file'] : ['cat-file']);
    return answer;
  };
  const first = await expectHead(true);
  await expectHead(false);

  repo.write('a.ts', 'b\n');
  repo.commit('second');
  const second = await expectHead(true);
  expect(second.commit).not.toBe(first.commit);
  expect(second.tree).not.toBe(first.tree);
  await expectHead(false);

  repo.git('checkout', '--quiet', '-b', 'other', first.commit);
  expect((await expectHead(true)).commit).toBe(first.commit);
  repo.git('checkout', '--quiet', 'main');
  expect((await expectHead(true)).commit).toBe(second.commit);

  repo.git('update-ref', 'refs/heads/main', first.commit);
  expect((await expectHead(true)).commit).toBe(first.commit);

  // Packed: the loose ref is gone, and a packed ref moved is read from packed-refs alone.
  repo.git('pack-refs', '--all');
  expect((await expectHead(true)).commit).toBe(first.commit);
  await expectHead(false);
  repo.git('update-ref', 'refs/heads/main', second.commit);
  repo.git('pack-refs', '--all');
  expect((await expectHead(true)).commit).toBe(second.commit);
  await expectHead(false);

  repo.git('checkout', '--quiet', '--detach', first.commit);
  expect((await expectHead(true)).commit).toBe(first.commit);
  await expectHead(false);

  // A replace ref swaps the commit git reads: its folder changed.
  repo.git('checkout', '--quiet', 'main');
  await expectHead(true);
  repo.git('replace', second.commit, first.commit);
  expect((await expectHead(true)).tree).toBe(first.tree);
});

test("a linked work tree's HEAD is its own, and moves with its branch in the common directory", async () => {
  repo = makeRepo({ typescript: false, files: { 'a.ts': 'a\n' } });
  const linked = join(makeDir('culprit-linked-'), 'wt');
  repo.git('worktree', 'add', '--quiet', '-b', 'side', linked);
  const git = await findRepo(linked);
  expect(git.gitDir).not.toBe(git.commonDir);
  const memory = makeHeadMemory();
  const head = await memory.resolve(git, 'HEAD');
  takeGitCalls();
  mkdirSync(join(linked, 'more'));
  writeFileSync(join(linked, 'more', 'b.ts'), 'b\n');
  repo.git('-C', linked, 'add', '-A');
  repo.git('-C', linked, 'commit', '--quiet', '-m', 'side');
  const moved = await memory.resolve(git, 'HEAD');
  expect(moved.commit).not.toBe(head.commit);
  expect(moved.commit).toBe(repo.git('rev-parse', 'side').trim());
  expect(takeGitCalls()).toEqual(['cat-file']);
  // The main work tree's HEAD is another: kept apart.
  expect((await memory.resolve(await findRepo(repo.root), 'HEAD')).commit).toBe(head.commit);
});

test('what cannot be told from files is asked of git every time', async () => {
  repo = makeRepo({ typescript: false, files: { 'a.ts': 'a\n' } });
  const git = await findRepo(repo.root);
  // A chain of symbolic refs.
  repo.git('symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
  repo.git('symbolic-ref', 'HEAD', 'refs/heads/alias');
  expect(readHeadStamp(git)).toBeUndefined();
  const memory = makeHeadMemory();
  takeGitCalls();
  await memory.resolve(git, 'HEAD');
  await memory.resolve(git, 'HEAD');
  expect(takeGitCalls()).toEqual(['cat-file', 'cat-file']);
  // Any revision but HEAD.
  repo.git('symbolic-ref', 'HEAD', 'refs/heads/main');
  await memory.resolve(git, 'main');
  await memory.resolve(git, 'main');
  expect(takeGitCalls()).toEqual(['cat-file', 'cat-file']);
  // An unborn branch is an error, and not kept.
  repo.git('symbolic-ref', 'HEAD', 'refs/heads/unborn');
  await expect(memory.resolve(git, 'HEAD')).rejects.toThrow(/not a commit/);
  await expect(memory.resolve(git, 'HEAD')).rejects.toThrow(/not a commit/);
  expect(takeGitCalls()).toEqual(['cat-file', 'cat-file']);
});
