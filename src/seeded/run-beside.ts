/**
 * The checks a cold check from the baseline runs beside tsc rather than after it (those whose seed
 * carries the base tree's graph: WarmSupport.reachFromGraph, oxlint), run in culprit's own process.
 * Such a session spends its run waiting for the tool's process, on a thread that otherwise waits
 * for tsc's worker: in a worker of its own it cost a node process, its modules, and its seed and
 * answer sent through IPC (on the bench's 800 files, ~0.6 MB each way, ~0.25 CPU-s in all) on
 * two cores the tools already keep busy. Its answer is made as a warm worker's would be
 * (relativised, then checks/runner/run-check.ts's makeCheckRun); a check that does not answer
 * within its timeout has timed out. It begins once the worker holds its request (`begin`): the
 * session's own start (its modules, the base run's findings taken in) would otherwise hold up
 * the writing of tsc's seed, on the path of the check. Its tools lead process groups of their own
 * (checks/runner/run-tool.ts's runToolsInOwnGroups): `stop` kills them and what they started
 * (tsgolint), as does the end of the run and culprit's exit or interruption (worker-registry.ts).
 */
import type { ChildProcess } from 'node:child_process';
import type { WarmSeed } from '../checks/check-definition.js';
import type { CheckRun, ResolvedCheck } from '../checks/check.js';
import { checkDefinitions } from '../checks/registry.js';
import { makeCheckRun } from '../checks/runner/run-check.js';
import { reportCheckProgress } from '../checks/runner/progress.js';
import { runToolsInOwnGroups } from '../checks/runner/run-tool.js';
import { killProcessGroup, trackWorker } from '../checks/runner/worker-registry.js';
import { makeFailureReply, relativizeMessages, type WorkerReply } from '../checks/runner/worker-protocol.js';
import { makeSharedStats } from '../tree/file-states.js';

export interface BesideRuns {
  /** Each check's run, in the order of the checks. */
  runs: Promise<CheckRun[]>;
  /** Stops the tools still running; their checks then answer as their tools' end makes them (the caller decides). */
  stop(): void;
}

export function runBeside(
  checks: readonly ResolvedCheck[],
  seeds: Record<string, WarmSeed>,
  root: string,
  begin: Promise<void>,
): BesideRuns {
  // Every group, its leader gone or not: a child it started may still be in it (a group's id is not reused while it has members).
  const taken: ChildProcess[] = [];
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const child of taken) killProcessGroup(child);
  };
  const take = (child: ChildProcess) => {
    trackWorker(child);
    taken.push(child);
    if (stopped) killProcessGroup(child);
  };
  const runs = begin.then(() => Promise.all(checks.map((check) => runFromSeed(check, seeds[check.name]!, root, take))));
  // Whatever a tool left behind (a child it started) does not outlive the run.
  return { runs: runs.finally(stop), stop };
}

async function runFromSeed(
  check: ResolvedCheck,
  seed: WarmSeed,
  root: string,
  take: (child: ChildProcess) => void,
): Promise<CheckRun> {
  const startedAt = performance.now();
  reportCheckProgress({ kind: 'started', check: check.name });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), check.timeoutMs);
  });
  const children: ChildProcess[] = [];
  const answering = runToolsInOwnGroups(
    (child) => {
      children.push(child);
      take(child);
    },
    () => answerFromSeed(check, seed, root),
  );
  const outcome = await Promise.race([answering, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timed-out') for (const child of children) killProcessGroup(child);
  const run = makeCheckRun(
    check,
    outcome === 'timed-out' ? { kind: 'timed-out' } : { kind: 'reply', reply: outcome },
    Math.round(performance.now() - startedAt),
  );
  reportCheckProgress({ kind: 'finished', check: check.name, status: run.status });
  return run;
}

/** The check's warm session, opened here, run once from its seed; a failure answers as a worker's would. */
async function answerFromSeed(check: ResolvedCheck, seed: WarmSeed, root: string): Promise<WorkerReply> {
  try {
    const session = await checkDefinitions[check.kind].warm!.open(
      { root, options: check.options as never },
      { stats: makeSharedStats(), once: true },
    );
    try {
      const run = await session.run(null, { sessions: [], affected: new Set(), typescriptPath: undefined }, seed);
      return { ok: true, output: relativizeMessages(await run.output, root) };
    } finally {
      session.close?.();
    }
  } catch (error) {
    return makeFailureReply(error);
  }
}
