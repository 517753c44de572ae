/**
 * Deferring a check whose findings cannot change what this attempt shows. While the compiler
 * reports syntax errors the edit introduced, the ladder shows those alone, so a linter's findings
 * would all land below the rung: type-aware ESLint, the slowest check in most loops, is then
 * stopped as soon as the compiler's answer says so, and reported `deferred`. Every attempt runs
 * every check again, so a deferred check runs at the next attempt that could need it (the first
 * one without introduced syntax errors).
 *
 * Only the cold path defers: the warm engine (src/warm) answers tsc and ESLint from one worker
 * whose kept programs are what makes the next attempt cheap; stopping it mid-request would throw
 * them away and cost the next attempt a cold start, more than a warm lint run costs.
 */
import { attribute } from '../core/attribute.js';
import type { CheckRun, ResolvedCheck } from '../checks/check.js';
import { runCheck, type CheckRunner } from '../checks/runner/run-check.js';
import { checkDefinitions } from '../checks/registry.js';
import { makeAnchor } from '../core/identity/fingerprint.js';
import type { Snapshot, TreeState } from '../core/snapshot.js';
import { makeSourceCache } from '../snapshot/source-cache.js';
import type { Deferral } from '../warm/warm-engine.js';

/** A check's part in deferring, as its kind's definition names it. */
const isDecider = (check: ResolvedCheck) => checkDefinitions[check.kind].deferral === 'decider';
const isDeferrable = (check: ResolvedCheck) => checkDefinitions[check.kind].deferral === 'deferrable';

export interface DeferralContext {
  /** The baseline the attempt is compared with: only syntax errors it does not have count. */
  baseline: Snapshot;
  /** Base path → current path for the tree being checked (renamed files keep their findings). */
  readRenames: (tree: TreeState | undefined) => Promise<ReadonlyMap<string, string>>;
}

export function makeDeferringRunner(context: DeferralContext): CheckRunner {
  return async (checks, root, tree) => {
    const deciders = checks.filter((check) => isDecider(check) && isComparable(context.baseline, check.name));
    if (deciders.length === 0 || !checks.some((check) => isDeferrable(check))) {
      return Promise.all(checks.map((check) => runCheck(check, root)));
    }
    const controller = new AbortController();
    let decidedBy: string | undefined;
    return Promise.all(
      checks.map(async (check) => {
        if (!isDeferrable(check)) {
          const run = await runCheck(check, root);
          if (
            decidedBy === undefined &&
            deciders.includes(check) &&
            (await hasIntroducedSyntax(context, run, root, tree))
          ) {
            decidedBy = check.name;
            controller.abort();
          }
          return run;
        }
        const started = performance.now();
        const run = await runCheck(check, root, controller.signal);
        // A check that finished before the decision keeps its result; one stopped by it is deferred.
        if (run.status === 'ok' || decidedBy === undefined) return run;
        return makeDeferredRun(check, decidedBy, Math.round(performance.now() - started));
      }),
    );
  };
}

/**
 * The same deferral for the checks a warm worker runs one after another (a cold check from the
 * baseline): tsc's run is judged as it comes, and ESLint, if not answered by then, is stopped.
 */
export function makeWorkerDeferral(context: DeferralContext, root: string, tree: TreeState | undefined): Deferral {
  return {
    decide: async (run) => isComparable(context.baseline, run.name) && hasIntroducedSyntax(context, run, root, tree),
    makeDeferred: makeDeferredRun,
  };
}

function makeDeferredRun(check: ResolvedCheck, decidedBy: string, durationMs: number): CheckRun {
  return {
    name: check.name,
    status: 'deferred',
    durationMs,
    version: null,
    diagnostics: [],
    notes: [
      `deferred: ${decidedBy} reports syntax errors this edit introduced, which are shown alone; ${check.name} runs again at the next attempt without them`,
    ],
  };
}

function isComparable(baseline: Snapshot, name: string): boolean {
  return baseline.checks.some((check) => check.name === name && check.status === 'ok');
}

async function hasIntroducedSyntax(
  context: DeferralContext,
  run: CheckRun,
  root: string,
  tree: TreeState | undefined,
): Promise<boolean> {
  if (run.status !== 'ok') return false;
  const syntax = run.diagnostics.filter((diagnostic) => diagnostic.phase === 'syntax');
  if (syntax.length === 0) return false;
  const base =
    context.baseline.checks
      .find((check) => check.name === run.name)
      ?.diagnostics.filter((diagnostic) => diagnostic.phase === 'syntax') ?? [];
  const sources = makeSourceCache(root);
  const current = syntax.map((diagnostic) => ({
    ...diagnostic,
    anchor: makeAnchor(diagnostic, diagnostic.path === null ? undefined : sources.lines(diagnostic.path)),
  }));
  return attribute(base, current, { renames: await context.readRenames(tree) }).introduced.length > 0;
}
