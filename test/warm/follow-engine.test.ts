/**
 * An edit the warm engine follows (WarmEngine.follow): the worker starts on the changed paths at
 * once, and a run asked for while it works waits for it, then finds nothing left to do, yet
 * answers what a cold run answers. Whatever needs a new worker is not followed. Real tsc,
 * ESLint and git on the small repository.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../src/checks/runner/run-check.js';
import { readTreeState } from '../../src/snapshot/take-snapshot.js';
import { resolveTaskContext } from '../../src/tasks/context.js';
import { waitFor } from '../checks/helpers.js';
import { makeComparable, useDebugLines, useRepos, useWarmEngine } from './helpers.js';
import { makeSmallRepo, smallEdits } from './workspace.js';

const repos = useRepos();
const makeEngine = useWarmEngine();
const debug = useDebugLines();

/** The small repository, its checks, and an engine warm on its tree (the debug lines so far dropped). */
async function makeWarmRepo() {
  const repo = repos.add(makeSmallRepo());
  const context = await resolveTaskContext({ cwd: repo.root });
  const { checks } = context.settings;
  const readTree = () => readTreeState({ root: context.root, repo: context.repo, scratch: context.layout.scratch });
  const engine = makeEngine();
  const tree = await readTree();
  await engine.runChecks(checks, context.root, tree);
  debug.take();
  return { repo, context, checks, readTree, engine, tree };
}

describe('an edit the warm engine follows', () => {
  it('is run at once, and a run asked for meanwhile waits for it and answers as a cold run does', async () => {
    const { repo, context, checks, readTree, engine } = await makeWarmRepo();

    // Nothing to follow: no paths, a configuration file (a new worker's), or a root no worker serves.
    expect(engine.follow(checks, context.root, [])).toBeUndefined();
    expect(engine.follow(checks, context.root, [join(context.root, 'tsconfig.json')])).toBeUndefined();
    expect(engine.follow(checks, join(context.root, 'src'), [join(context.root, 'src/read.ts')])).toBeUndefined();

    for (const [path, content] of Object.entries(smallEdits[0]!)) repo.write(path, content);
    const followed = engine.follow(checks, context.root, [join(context.root, 'src/settings.ts')]);
    expect(followed).toBeDefined();
    // The check's run is asked for before the follow knows its tree: it waits for the follow to end.
    const tree = await readTree();
    const run = engine.runChecks(checks, context.root, tree);
    expect(await followed!.settle(tree)).toBe(true);
    const [warm, cold] = await Promise.all([run, runChecks(checks, context.root)]);
    expect(warm.map(makeComparable)).toEqual(cold.map(makeComparable));
    // The follow checked the edit; the run after it found nothing changed (its hint started from
    // the follow's tree). The worker's lines come through a pipe of their own, maybe after the answer.
    const lines: string[] = [];
    const found = 'warm: tsc found nothing changed';
    expect(
      await waitFor(() => lines.push(...debug.take()) >= 0 && lines.includes(found), 10_000),
      lines.join('\n'),
    ).toBe(true);
    expect(lines.filter((line) => /warm: tsc checked \d+ file\(s\) again/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /warm: eslint linted \d+ file\(s\) again/.test(line))).toHaveLength(1);
  });

  it('runs ahead of a check on the tree it expects, and a check on another tree asks again', async () => {
    const { repo, context, checks, readTree, engine, tree } = await makeWarmRepo();
    const lines: string[] = [];
    const waitForLine = (line: string) =>
      waitFor(() => lines.push(...debug.take()) >= 0 && lines.includes(line), 10_000);

    // The tree the worker last answered: the check's run is the one asked ahead, not a second one.
    const drop = engine.expect(checks, context.root, tree);
    const warm = await engine.runChecks(checks, context.root, tree);
    drop();
    expect(warm.map(makeComparable)).toEqual((await runChecks(checks, context.root)).map(makeComparable));
    expect(await waitForLine('warm: tsc found nothing changed')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    lines.push(...debug.take());
    expect(lines.filter((line) => line === 'warm: tsc found nothing changed')).toHaveLength(1);

    // The tree changed after the run was asked ahead: the check waits for it, then asks for its own tree.
    lines.length = 0;
    const dropAgain = engine.expect(checks, context.root, tree);
    for (const [path, content] of Object.entries(smallEdits[0]!)) repo.write(path, content);
    const edited = await engine.runChecks(checks, context.root, await readTree());
    dropAgain();
    expect(edited.map(makeComparable)).toEqual((await runChecks(checks, context.root)).map(makeComparable));
    // Whichever run met the edit (the worker may have read the tree after it was written) checked it.
    expect(
      await waitFor(
        () => lines.push(...debug.take()) >= 0 && lines.some((line) => /tsc checked [1-9]/.test(line)),
        10_000,
      ),
      lines.join('\n'),
    ).toBe(true);
  });
});

describe('a run for a command that began before the worker was last asked', () => {
  it('is answered by that run, on the very tree it answered; a command begun later asks the worker', async () => {
    const { repo, context, checks, readTree, engine } = await makeWarmRepo();
    const lines: string[] = [];
    const take = () => lines.push(...debug.take());

    // The command began, then the edit was followed: the follow read the files after it began.
    const since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (const [path, content] of Object.entries(smallEdits[0]!)) repo.write(path, content);
    const followed = engine.follow(checks, context.root, [join(context.root, 'src/settings.ts')]);
    const tree = await readTree();
    expect(await followed!.settle(tree)).toBe(true);
    const [answered, cold] = await Promise.all([
      engine.runChecks(checks, context.root, tree, since),
      runChecks(checks, context.root),
    ]);
    expect(answered.map(makeComparable)).toEqual(cold.map(makeComparable));
    await new Promise((resolve) => setTimeout(resolve, 500));
    take();
    expect(lines.some((line) => line.startsWith('warm: answered by the run begun '))).toBe(true);
    expect(lines).not.toContain('warm: tsc found nothing changed');

    // A command that began after the follow was asked: the worker looks again.
    lines.length = 0;
    const later = await engine.runChecks(checks, context.root, tree, Date.now());
    expect(later.map(makeComparable)).toEqual(cold.map(makeComparable));
    expect(await waitFor(() => take() >= 0 && lines.includes('warm: tsc found nothing changed'), 10_000)).toBe(true);
    expect(lines.some((line) => line.startsWith('warm: answered by the run begun '))).toBe(false);
  });

  it('takes a run asked ahead when it began before it was asked; a command begun after asks the worker again', async () => {
    const { context, checks, engine, tree } = await makeWarmRepo();
    const lines: string[] = [];
    const found = () => lines.filter((line) => line === 'warm: tsc found nothing changed').length;
    const settle = async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      lines.push(...debug.take());
    };

    // Asked as a client connected, for the command that client began before.
    const begun = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const drop = engine.expect(checks, context.root, tree, Date.now());
    const taken = await engine.runChecks(checks, context.root, tree, begun);
    drop();
    const cold = await runChecks(checks, context.root);
    expect(taken.map(makeComparable)).toEqual(cold.map(makeComparable));
    await settle();
    expect(lines).toContain('warm: asked the worker ahead of the tree');
    expect(found()).toBe(1);

    // Asked before this command began (another client's connection): the worker runs again for it.
    lines.length = 0;
    const dropEarlier = engine.expect(checks, context.root, tree, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = await engine.runChecks(checks, context.root, tree, Date.now());
    dropEarlier();
    expect(later.map(makeComparable)).toEqual(cold.map(makeComparable));
    await settle();
    expect(lines).toContain('warm: asked the worker ahead of the tree');
    expect(found()).toBe(2);
  });
});
