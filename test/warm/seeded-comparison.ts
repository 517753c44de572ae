/**
 * A cold check from a baseline (seeded/seeded-runner.ts) set against a full cold run on the
 * same tree: each step runs the checks both ways and expects the same runs, tables and coverage.
 */
import { expect } from 'vitest';
import { runChecks } from '../../src/checks/runner/run-check.js';
import { readTreeState, takeSnapshot } from '../../src/snapshot/take-snapshot.js';
import { resolveTaskContext } from '../../src/tasks/context.js';
import { compareTrees } from '../../src/tree/compare-trees.js';
import { readSeeds } from '../../src/warm/seeds.js';
import { makeSeededRunner } from '../../src/seeded/seeded-runner.js';
import type { TestRepo } from '../helpers/repo.js';
import { listFindings, makeComparable } from './helpers.js';

/** Takes the baseline of the tree as it is; each step then runs the checks from it and in full, and expects the same runs. */
export async function makeSeededComparison(repo: TestRepo, debug: { take(): string[] }) {
  const context = await resolveTaskContext({ cwd: repo.root });
  const { checks } = context.settings;
  const snapshot = { root: context.root, repo: context.repo, checks, scratch: context.layout.scratch };
  const baseline = (await takeSnapshot(snapshot)).snapshot;
  return async (step: string): Promise<{ findings: string[]; unseeded?: string; lines: string[] }> => {
    debug.take();
    const tree = await readTreeState(snapshot);
    const changes = (await compareTrees(baseline.tree, tree, () => Promise.resolve(context.repo)))!;
    const seeded = await readSeeds({ repo: context.repo!, root: context.root, baseline, changes, checks });
    const fullRuns = await runChecks(checks, context.root);
    const full = fullRuns.map(makeComparable);
    if ('reason' in seeded) return { findings: listFindings(full), unseeded: seeded.reason, lines: debug.take() };
    const runs = await makeSeededRunner(seeded.seeds)(checks, context.root, tree);
    expect(runs.map(makeComparable), step).toEqual(full);
    // The declaration tables (what causes are traced from), and what each run covered and how strictly.
    const tables = (list: typeof runs) =>
      list.map(({ declarations, checkedPaths, configFiles, strength }) => ({
        declarations,
        checkedPaths,
        configFiles,
        strength,
      }));
    expect(tables(runs), step).toEqual(tables(fullRuns));
    return { findings: listFindings(full), lines: debug.take() };
  };
}
