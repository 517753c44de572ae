/**
 * A cold check that redoes only what the edit can reach: the checks that can start from a
 * baseline (tsc, ESLint) run in one short-lived warm worker whose sessions start from it
 * (warm/seeds.ts) instead of from nothing. tsc makes the base tree's programs from the edited
 * files' base text beside the current ones, finds what the edit reaches as a warm run does
 * (checks/tsc/lint-reach.ts), checks only that and takes the baseline's findings for the rest;
 * ESLint lints only the files tsc found reached, with tsc's programs, and takes the baseline's
 * results for the rest. The worker stops with the check: nothing outlives it. A session that
 * cannot use its seed runs in full there; a check the baseline gave no seed, and every other
 * kind, runs cold beside them in a worker of its own, as before.
 */
import type { WarmSeed } from '../checks/check-definition.js';
import type { CheckRunner } from '../checks/runner/run-check.js';
import type { TreeState } from '../core/snapshot.js';
import { makeWarmEngine, type Deferral } from '../warm/warm-engine.js';

/** `defer`: how the checks of the tree at `root` defer (attempt/defer-checks.ts), as a cold check's do. */
export function makeSeededRunner(
  seeds: Record<string, WarmSeed>,
  defer?: (root: string, tree: TreeState | undefined) => Deferral,
): CheckRunner {
  return async (checks, root, tree) => {
    // The engine serves the seeded checks and runs every other one cold beside them.
    const engine = makeWarmEngine({ seeds, deferral: defer?.(root, tree) });
    try {
      return await engine.runChecks(checks, root, tree);
    } finally {
      engine.close();
    }
  };
}
