/**
 * A check a cold check from the baseline runs in culprit's own process (oxlint beside TypeScript
 * 7: seeded/run-beside.ts), past its timeout: its run is timed out, never clean, while tsc's
 * worker answers as usual, and no process oxlint started is left.
 * The real oxlint, oxlint-tsgolint and TypeScript 7; the timeout is one no real run can meet.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from '../checks/helpers.js';
import { makeSeededRunner } from '../../src/seeded/seeded-runner.js';
import { readTreeState, takeSnapshot } from '../../src/snapshot/take-snapshot.js';
import { resolveTaskContext } from '../../src/tasks/context.js';
import { compareTrees } from '../../src/tree/compare-trees.js';
import { readSeeds } from '../../src/warm/seeds.js';
import { bundlerTsconfig, makeRepo } from '../helpers/repo.js';
import { linkLinter, linkTsgolint, makeTypeAwareOxlintConfig } from '../fixtures/js-linters.js';
import { useDebugLines, useRepos } from '../warm/helpers.js';
import { findProcessesIn } from './helpers.js';

const repos = useRepos();
const debug = useDebugLines();

describe("a check run from the baseline in culprit's own process", () => {
  it('that runs past its timeout is timed out, never clean, and leaves no process', async () => {
    const repo = repos.add(
      makeRepo({
        typescript: '7',
        files: {
          'tsconfig.json': bundlerTsconfig,
          '.oxlintrc.json': makeTypeAwareOxlintConfig({ typeAware: true }),
          'src/price.ts': 'export function price(amount: number): number {\n  return amount * 2;\n}\n',
          // An import: the base run's module graph is what has oxlint start from the baseline beside tsc.
          'src/cart.ts':
            "import { price } from './price';\n\nexport const total = (amounts: number[]): number => amounts.map(price).length;\n",
        },
      }),
    );
    linkLinter(repo.root, 'oxlint');
    linkTsgolint(repo.root);
    const context = await resolveTaskContext({ cwd: repo.root });
    const { checks } = context.settings;
    expect(checks.map((check) => check.name)).toEqual(['tsc', 'oxlint']);
    const request = { root: context.root, repo: context.repo, checks, scratch: context.layout.scratch };
    const baseline = (await takeSnapshot(request)).snapshot;
    expect(baseline.checks.map((check) => check.status)).toEqual(['ok', 'ok']);

    // A body edit oxlint would flag.
    repo.write('src/price.ts', 'export function price(amount: any): number {\n  return amount * 2;\n}\n');
    const tree = await readTreeState(request);
    const changes = (await compareTrees(baseline.tree, tree, () => Promise.resolve(context.repo)))!;
    const seeded = await readSeeds({ repo: context.repo!, root: context.root, baseline, changes, checks });
    if ('reason' in seeded) throw new Error(`not seeded: ${seeded.reason}`);
    debug.take();
    // No run of oxlint and tsgolint finishes within a millisecond.
    const hurried = checks.map((check) => (check.kind === 'oxlint' ? { ...check, timeoutMs: 1 } : check));
    const runs = await makeSeededRunner(seeded.seeds)(hurried, context.root, tree);
    expect(debug.take()).toContain("oxlint starts from the baseline in culprit's process, beside tsc");
    expect(runs.map(({ name, status, error }) => ({ name, status, error }))).toEqual([
      { name: 'tsc', status: 'ok', error: undefined },
      { name: 'oxlint', status: 'timed-out', error: 'oxlint did not finish within 1 ms and was stopped' },
    ]);
    expect(runs[1]!.diagnostics).toEqual([]);
    // Nothing oxlint started outlives the run (on a tree this small a run would also end by itself soon).
    expect(await waitFor(() => findProcessesIn(repo.root).length === 0, 30_000)).toBe(true);
  }, 120_000);
});
