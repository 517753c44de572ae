/**
 * A cold check that redoes only what the edit can reach: the checks that can start from a
 * baseline (tsc, ESLint, oxlint) run in a short-lived warm worker whose sessions start from it
 * (warm/seeds.ts) instead of from nothing. tsc makes the base tree's programs from the edited
 * files' base text beside the current ones, finds what the edit reaches as a warm run does
 * (checks/tsc/lint-reach.ts), checks only that and takes the baseline's findings for the rest;
 * ESLint lints only the files tsc found reached, with tsc's programs, and takes the baseline's
 * results for the rest. A check that can find that reach in the base tree's module graph itself
 * (oxlint, whose seed carries the graph: WarmSupport.reachFromGraph) runs beside them, not after
 * tsc, in culprit's own process (run-beside.ts): on two cores the two tools overlap. The workers
 * and the tools stop with the check: nothing outlives it. A session that cannot use its seed runs
 * in full there; a check the baseline gave no seed, and every other kind, runs cold beside them
 * in a worker of its own.
 */
import type { WarmSeed } from '../checks/check-definition.js';
import type { CheckRun, ResolvedCheck } from '../checks/check.js';
import { checkDefinitions } from '../checks/registry.js';
import { runChecks, type CheckRunner } from '../checks/runner/run-check.js';
import { forkSpareWorker, whenWorkersHeard } from '../checks/runner/spawn-worker.js';
import type { TreeState } from '../core/snapshot.js';
import { makeWarmEngine, type Deferral } from '../warm/warm-engine.js';
import { logDebug } from '../debug/log-debug.js';
import { runBeside } from './run-beside.js';

/** `defer`: how the checks of the tree at `root` defer (attempt/defer-checks.ts), as a cold check's do. */
export function makeSeededRunner(
  seeds: Record<string, WarmSeed>,
  defer?: (root: string, tree: TreeState | undefined) => Deferral,
): CheckRunner {
  return async (checks, root, tree) => {
    const deferral = defer?.(root, tree);
    const apart = checks.filter((check) => seeds[check.name]?.graph !== undefined);
    const together = checks.filter((check) => !apart.includes(check));
    if (apart.length === 0 || together.length === 0) return runSeeded(checks, seeds, root, tree, deferral);
    for (const check of apart) logDebug(`${check.name} starts from the baseline in culprit's process, beside tsc`);
    const startedAt = performance.now();
    // Started first, it takes the worker forked ahead (forkSeededWorker).
    const firstRuns = runSeeded(together, pickSeeds(seeds, together), root, tree, deferral);
    // Once tsc's worker holds its request (its seed is written a piece at a time, when culprit's thread is free).
    const heard = new Promise<void>((resolve) => setImmediate(() => whenWorkersHeard(resolve)));
    const beside = runBeside(apart, seeds, root, heard);
    // Stopped early below when tsc defers the lint checks: its runs are then not waited for.
    beside.runs.catch(() => undefined);
    let first: CheckRun[];
    try {
      first = await firstRuns;
    } catch (error) {
      beside.stop();
      throw error;
    }
    const byName = new Map(first.map((run) => [run.name, run]));
    // Run apart, it is not stopped by tsc's deferral as the shared worker's checks are: it is stopped here, and answers deferred.
    const decider = first.find(
      (run) => checkDefinitions[checks.find((check) => check.name === run.name)!.kind].deferral === 'decider',
    );
    const deferred =
      deferral !== undefined &&
      decider !== undefined &&
      decider.status !== 'deferred' &&
      apart.some((check) => checkDefinitions[check.kind].deferral === 'deferrable') &&
      (await deferral.decide(decider));
    if (deferred) {
      beside.stop();
      for (const check of apart)
        byName.set(
          check.name,
          checkDefinitions[check.kind].deferral === 'deferrable'
            ? deferral.makeDeferred(check, decider.name, Math.round(performance.now() - startedAt))
            : // A check that does not defer runs cold, as a stopped worker's would.
              (await runChecks([check], root))[0]!,
        );
    } else for (const run of await beside.runs) byName.set(run.name, run);
    return checks.map((check) => byName.get(check.name)!);
  };
}

/**
 * Forks, before the baseline and the seeds are read, the warm worker a run of `checks` from the
 * baseline starts first (the one of the checks run together, tsc's, which the others wait on or
 * run beside): node's start and its modules then load beside the command's own work, on the core
 * that work leaves idle. Its engine takes it when it starts (checks/runner/spawn-worker.ts); the
 * caller stops it if nobody does (stopSpareWorkers), when the edit is not one a baseline seeds.
 */
export function forkSeededWorker(checks: readonly ResolvedCheck[], root: string): void {
  if (checks.some((check) => checkDefinitions[check.kind].warm !== undefined)) forkSpareWorker(warmWorkerModule, root);
}

/** The module a warm engine forks its workers from (warm/warm-engine.ts). */
const warmWorkerModule = new URL('../warm/warm-worker', import.meta.url);

async function runSeeded(
  checks: readonly ResolvedCheck[],
  seeds: Record<string, WarmSeed>,
  root: string,
  tree: TreeState | undefined,
  deferral: Deferral | undefined,
): Promise<CheckRun[]> {
  // The engine serves the seeded checks and runs every other one cold beside them.
  const engine = makeWarmEngine({ seeds, deferral });
  try {
    return await engine.runChecks(checks, root, tree);
  } finally {
    engine.close();
  }
}

function pickSeeds(seeds: Record<string, WarmSeed>, checks: readonly ResolvedCheck[]): Record<string, WarmSeed> {
  return Object.fromEntries(
    checks.flatMap((check) => (seeds[check.name] === undefined ? [] : [[check.name, seeds[check.name]!]])),
  );
}
