/**
 * A served check goes on with the tree the server last read while `git status` confirms it
 * (tasks/check-task.ts, takeCheckSides): when the edit watcher saw nothing change since, that is
 * the tree. Here the watcher is told nothing (none runs), so an edit is one it missed: the guess
 * is wrong, git names another tree, and the check is made again on it; nothing of the guess is
 * answered or recorded. Real tsc, real git, the real warm worker.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';
import { checkTask } from '../../src/tasks/check-task.js';
import { makeWarmEngine } from '../../src/warm/warm-engine.js';
import { makeWarmMemory } from '../../src/warm/warm-memory.js';
import { useDebugLines, useRepos } from './helpers.js';

const repos = useRepos();
const debug = useDebugLines();
const memory = makeWarmMemory();
const engine = makeWarmEngine({ trees: memory.trees });
afterAll(() => {
  engine.close();
  memory.close();
});

const missed = 'the work tree was not the one the server expected; checking it again';

describe("a served check's guess of its tree", () => {
  it('is confirmed by git before anything is answered, and a wrong one is checked again', async () => {
    const repo = repos.add(
      makeRepo({
        files: {
          'tsconfig.json': JSON.stringify({
            compilerOptions: { lib: ['es2022'], strict: true, noEmit: true, types: [] },
          }),
          'src/rate.ts': 'export const rate = (amount: number): number => amount * 2;\n',
        },
      }),
    );
    const check = () => checkTask({ cwd: repo.root, runChecks: engine.runChecks, memory });
    const first = await check();
    expect(first.report.verdict).toBe('clean');
    // As the server's edit watcher says once it watches: every change is told (here, none is).
    memory.index.watched = true;
    debug.take();

    // An edit the watcher did not tell: the guess is the tree before it.
    repo.write('src/rate.ts', 'export const rate = (amount: number): number => `${amount}`;\n');
    const edited = await check();
    expect(debug.take()).toContain(missed);
    // The tree git named, not the guess: the attempt is of the edited tree.
    expect(edited.tree).not.toEqual(first.tree);
    expect(edited.report.counts.introduced).toBe(1);
    expect(edited.report.verdict).toBe('introduced');

    // Nothing changed since: the guess is that very tree, and git confirms it.
    const again = await check();
    expect(debug.take()).not.toContain(missed);
    expect(again.tree).toEqual(edited.tree);
    expect(again.report.counts.introduced).toBe(1);
  });
});
