/**
 * `culprit check` without `start`: the baseline is HEAD's tree (or `--base`), checked in a
 * temporary copy outside the repository and cached by content. Real git, real tsc.
 */
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { linkToolchain, makeRepo, type TestRepo } from '../helpers/repo.js';
import { captureRepoState } from '../baseline/repo-state.js';

/** These tests run culprit up to eight times, each with real tsc runs; a shared machine can be slow. */
const slow = 300_000;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const tsconfig = JSON.stringify({
  compilerOptions: {
    target: 'es2022',
    lib: ['es2022'],
    module: 'esnext',
    moduleResolution: 'bundler',
    strict: true,
    noEmit: true,
    types: [],
  },
  include: ['src', 'packages'],
});
const base = { 'package.json': '{ "name": "head", "private": true, "type": "module" }', 'tsconfig.json': tsconfig };

function makeTestRepo(files: Record<string, string>): TestRepo {
  const repo = makeRepo({ files: { ...base, ...files } });
  cleanups.push(() => repo.cleanup());
  return repo;
}

/** A private TMPDIR, so a test can see every temporary copy culprit makes (and that none is left). */
function makeTemporaryParent(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'culprit-tmpdir-')));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function check(repo: TestRepo, tmp: string, extra: string[] = []) {
  const result = runCli(repo.root, ['check', '--json', ...extra], { env: { TMPDIR: tmp, CULPRIT_DEBUG: '1' } });
  if (!result.stdout.startsWith('{'))
    throw new Error(`culprit check printed no JSON (exit ${result.exitCode}):\n${result.stderr}`);
  const report = JSON.parse(result.stdout) as {
    verdict: string;
    attempt: number;
    counts: Record<string, number>;
    shown: { path: string; code: string }[];
    notes: string[];
    [key: string]: unknown;
  };
  return { ...result, report };
}

/** The `running <checks> on <root>` debug lines: every check run culprit made, and where. */
function readRuns(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('culprit debug: running '));
}

test(
  'without start, HEAD is the baseline; untracked files are part of the edit; nothing of the repository changes',
  () => {
    const repo = makeTestRepo({ 'src/a.ts': "export const standing: number = 'old debt';\n" });
    const tmp = makeTemporaryParent();
    // A lived-in repository: a stash entry, a staged and an unstaged change, an untracked file, a second worktree.
    repo.write('src/a.ts', "export const standing: number = 'old debt';\nexport const stashed = 1;\n");
    repo.git('stash', 'push', '--quiet');
    repo.write('src/staged.ts', 'export const staged: number = 1;\n');
    repo.git('add', 'src/staged.ts');
    repo.write('src/a.ts', "export const standing: number = 'old debt';\nexport const edited: number = 'new';\n");
    repo.write('src/untracked.ts', 'export const fresh: string = 42;\n');
    const worktree = `${repo.root}-worktree`;
    repo.git('worktree', 'add', '--quiet', '--detach', worktree);
    cleanups.push(() => rmSync(worktree, { recursive: true, force: true }));
    const before = captureRepoState(repo.root);

    const first = check(repo, tmp);
    expect(first.exitCode, first.stderr).toBe(1);
    expect(first.report.counts).toEqual({
      introduced: 2,
      resolved: 0,
      standing: 1,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
    expect(first.report.shown.map((f) => [f.path, f.code])).toEqual([
      ['src/a.ts', 'TS2322'],
      ['src/untracked.ts', 'TS2322'],
    ]);
    const head = repo.git('rev-parse', '--short=7', 'HEAD').trim();
    expect(first.report.notes).toContain(`baseline: HEAD (${head}), computed by this check`);
    expect(first.report['baseline']).toEqual({ label: `HEAD (${head})`, source: 'run' });
    expect(readRuns(first.stderr)).toEqual([
      expect.stringMatching(new RegExp(`^culprit debug: running tsc on ${tmp}/culprit-base-\\d+-\\w+$`)),
      `culprit debug: running tsc on ${repo.root}`,
    ]);

    const text = runCli(repo.root, ['check'], { env: { TMPDIR: tmp } });
    expect(text.stdout).toContain(`note: baseline: HEAD (${head}), from the local cache`);

    expect(captureRepoState(repo.root)).toEqual(before);
    expect(readdirSync(tmp)).toEqual([]);
  },
  slow,
);

test(
  'a second check against the same base reuses the cached baseline and runs no base checks',
  () => {
    const repo = makeTestRepo({ 'src/a.ts': 'export const a: number = 1;\n' });
    const tmp = makeTemporaryParent();
    repo.write('src/a.ts', "export const a: number = 'one';\n");
    const first = check(repo, tmp);
    expect(first.stderr).toContain('cache miss');
    expect(readRuns(first.stderr)).toHaveLength(2);

    repo.write('src/a.ts', "export const a: number = 'two';\n");
    const second = check(repo, tmp);
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toMatch(/baseline HEAD \(\w+\): cache hit/);
    expect(readRuns(second.stderr)).toEqual([`culprit debug: running tsc on ${repo.root}`]);
    // The same session: the second attempt, whose findings differ from the first.
    expect(second.report.attempt).toBe(2);

    // start on a tree that was already snapshotted runs nothing: HEAD's tree is in the cache.
    repo.write('src/a.ts', 'export const a: number = 1;\n');
    const start = runCli(repo.root, ['start'], { env: { TMPDIR: tmp, CULPRIT_DEBUG: '1' } });
    expect(start.exitCode, start.stderr).toBe(0);
    expect(start.stderr).toContain('start: cache hit');
    expect(readRuns(start.stderr)).toEqual([]);
    expect(start.stdout).toContain('nothing ran');
    expect(readdirSync(tmp)).toEqual([]);
  },
  slow,
);

test(
  'a check before any edit runs the checks once, in the work tree, and that run is the cached baseline',
  () => {
    const repo = makeTestRepo({ 'src/a.ts': "export const standing: number = 'old debt';\n" });
    const tmp = makeTemporaryParent();
    const first = check(repo, tmp);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.report.counts).toEqual({
      introduced: 0,
      resolved: 0,
      standing: 1,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
    expect(first.stderr).toMatch(/cache miss \w+; the work tree is tree \w+, so its run is the baseline/);
    expect(readRuns(first.stderr)).toEqual([`culprit debug: running tsc on ${repo.root}`]);

    repo.write('src/a.ts', "export const standing: number = 'old debt';\nexport const fresh: number = 'new';\n");
    const second = check(repo, tmp);
    expect(second.stderr).toMatch(/baseline HEAD \(\w+\): cache hit/);
    expect(readRuns(second.stderr)).toEqual([`culprit debug: running tsc on ${repo.root}`]);
    expect(second.report.counts).toEqual({
      introduced: 1,
      resolved: 0,
      standing: 1,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
    expect(second.report.attempt).toBe(2);
    expect(readdirSync(tmp)).toEqual([]);
  },
  slow,
);

test(
  'checks without start form a session per base: stuck works, a new commit starts over, start takes over',
  () => {
    const repo = makeTestRepo({ 'src/a.ts': 'export const a: number = 1;\n' });
    const tmp = makeTemporaryParent();
    repo.write('src/a.ts', "export const a: number = 'one';\n");
    expect(check(repo, tmp).report.attempt).toBe(1);
    // The agent's "fix" only moves the offending line: a new tree, the same finding by content.
    repo.write('src/a.ts', "// Should be a number.\nexport const a: number = 'one';\n");
    const stuck = check(repo, tmp);
    expect(stuck.report.verdict).toBe('stuck');
    expect(stuck.exitCode).toBe(3);

    repo.commit('the agent commits');
    repo.write('src/b.ts', "export const b: number = 'b';\n");
    const afterCommit = check(repo, tmp);
    expect(afterCommit.report.attempt).toBe(1);
    expect(afterCommit.report.counts).toEqual({
      introduced: 1,
      resolved: 0,
      standing: 1,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });

    expect(runCli(repo.root, ['start'], { env: { TMPDIR: tmp } }).exitCode).toBe(0);
    repo.write('src/c.ts', "export const c: number = 'c';\n");
    const started = check(repo, tmp);
    expect(started.report.counts).toEqual({
      introduced: 1,
      resolved: 0,
      standing: 2,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
    expect(started.report.notes.filter((note) => note.startsWith('baseline:'))).toEqual([]);
    expect(started.report['baseline']).toEqual({ label: 'culprit start', source: 'started' });

    // --base still compares with a revision, in that revision's own session.
    const againstHead = check(repo, tmp, ['--base', 'HEAD~1']);
    const parent = repo.git('rev-parse', '--short=7', 'HEAD~1').trim();
    expect(againstHead.report.notes).toContain(`baseline: HEAD~1 (${parent}), from the local cache`);
    expect(againstHead.report.counts).toEqual({
      introduced: 3,
      resolved: 0,
      standing: 0,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
  },
  slow,
);

test(
  'a workspace package linked into node_modules is read from the base copy, not the work tree',
  () => {
    const repo = makeTestRepo({
      'packages/lib/package.json': JSON.stringify({
        name: '@acme/lib',
        type: 'module',
        types: './src/index.ts',
        exports: './src/index.ts',
      }),
      'packages/lib/src/index.ts': 'export interface Rate { amount: number }\n',
      'packages/app/src/app.ts':
        "import type { Rate } from '@acme/lib';\nexport const total = (rate: Rate): number => rate.amount;\n",
    });
    mkdirSync(join(repo.root, 'node_modules', '@acme'), { recursive: true });
    symlinkSync('../../packages/lib', join(repo.root, 'node_modules', '@acme', 'lib'));
    const tmp = makeTemporaryParent();
    repo.write('packages/lib/src/index.ts', 'export interface Rate { value: number }\n');
    const result = check(repo, tmp);
    expect(result.exitCode, result.stderr).toBe(1);
    // Had the base run read the work tree's lib, this error would stand in the base too.
    expect(result.report.shown.map((f) => [f.path, f.code])).toEqual([['packages/app/src/app.ts', 'TS2339']]);
    expect(result.report.counts.standing).toBe(0);
  },
  slow,
);

test(
  '--base takes any revision; a changed lockfile is noted; a corrupt cache entry is a miss',
  () => {
    const repo = makeTestRepo({
      'src/a.ts': 'export const a: number = 1;\n',
      'package-lock.json': '{ "lockfileVersion": 3 }\n',
    });
    const tmp = makeTemporaryParent();
    repo.write('src/a.ts', "export const a: number = 'one';\n");
    repo.commit('break a');
    repo.write('package-lock.json', '{ "lockfileVersion": 3, "packages": {} }\n');
    const result = check(repo, tmp, ['--base', 'main~1']);
    expect(result.report.counts).toEqual({
      introduced: 1,
      resolved: 0,
      standing: 0,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
    expect(result.report.notes).toContain(
      `package-lock.json differs from main~1 (${repo.git('rev-parse', '--short=7', 'main~1').trim()}): the baseline ran with the packages installed in the work tree, not the ones its lockfile names`,
    );

    const snapshots = join(repo.root, '.git', 'culprit', 'snapshots');
    for (const name of readdirSync(snapshots)) writeFileSync(join(snapshots, name), '{ not json');
    // A new tree (a check of the same one would repeat the attempt), with the same findings.
    repo.write('src/note.ts', 'export {};\n');
    const again = check(repo, tmp, ['--base', 'main~1']);
    expect(again.stderr).toContain('cache miss');
    // Taken again under the same key: the session goes on, and the same findings twice are stuck.
    expect(again.report.verdict, again.stderr).toBe('stuck');

    const missing = runCli(repo.root, ['check', '--base', 'no-such-branch']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr.trim()).toBe(`culprit: not a commit in ${repo.root}: no-such-branch`);
  },
  slow,
);

test(
  'another installed tool version is another cache key',
  () => {
    const repo = makeTestRepo({ 'src/a.ts': 'export const a: number = 1;\n' });
    const tmp = makeTemporaryParent();
    expect(check(repo, tmp).stderr).toContain('cache miss');
    expect(check(repo, tmp).stderr).toContain('cache hit');
    rmSync(join(repo.root, 'node_modules'), { recursive: true });
    linkToolchain(repo.root, '5.9', false);
    const upgraded = check(repo, tmp);
    expect(upgraded.stderr).toContain('cache miss');
    expect(upgraded.exitCode, upgraded.stderr).toBe(0);
  },
  slow,
);

test('outside git, or before the first commit, check says to run start', () => {
  const repo = makeTestRepo({ 'src/a.ts': 'export const a = 1;\n' });
  rmSync(join(repo.root, '.git'), { recursive: true });
  repo.git('init', '--quiet');
  const result = runCli(repo.root, ['check']);
  expect(result.exitCode).toBe(2);
  expect(result.stderr.trim()).toBe(
    `culprit: no baseline for ${repo.root}: it has no commit yet, so run \`culprit start\` before the agent's first edit`,
  );
});
