/**
 * Runs checks in worker processes and turns what happened into a CheckRun: the adapter's output,
 * or why there is none (missing tool, failure, crash, timeout). A check never takes culprit down
 * and never comes back as clean when it did not finish.
 */
import { failFatalRun } from '../../core/fatal-run.js';
import type { TreeState } from '../../core/snapshot.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { CheckRun, ResolvedCheck } from '../check.js';
import { normalizeDiagnostic } from '../output/normalize-diagnostic.js';
import { checkDefinitions } from '../registry.js';
import { spawnWorker, type WorkerOutcome } from './spawn-worker.js';
import { isCheckProgressHeard, reportCheckProgress } from './progress.js';

export async function runCheck(check: ResolvedCheck, root: string, signal?: AbortSignal): Promise<CheckRun> {
  const started = performance.now();
  reportCheckProgress({ kind: 'started', check: check.name });
  const progress = isCheckProgressHeard();
  const outcome = await spawnWorker({ kind: check.kind, root, options: check.options, progress }, check.timeoutMs, {
    signal,
    onFiles: (done, total) => reportCheckProgress({ kind: 'files', check: check.name, done, total }),
  });
  const run = makeCheckRun(check, outcome, Math.round(performance.now() - started));
  reportCheckProgress({ kind: 'finished', check: check.name, status: run.status });
  return run;
}

/**
 * Something that runs checks on a tree: `runChecks` below (cold: a new worker per check), or a
 * warm engine that keeps workers between runs. `tree` is the identity of the tree at `root` when
 * the caller read it, which lets a warm engine find what changed since its last run.
 */
export type CheckRunner = (checks: readonly ResolvedCheck[], root: string, tree?: TreeState) => Promise<CheckRun[]>;

/** Independent checks run side by side; results come back in the order of `checks`. */
export function runChecks(checks: readonly ResolvedCheck[], root: string): Promise<CheckRun[]> {
  return Promise.all(checks.map((check) => runCheck(check, root)));
}

/**
 * `normalize`: a warm engine's, which keeps what it normalised from one reply to the next (the
 * findings of files an edit did not touch are the same objects in every reply).
 */
export function makeCheckRun(
  check: ResolvedCheck,
  outcome: WorkerOutcome,
  durationMs: number,
  normalize: (diagnostic: Diagnostic) => Diagnostic = (diagnostic) =>
    normalizeDiagnostic({ ...diagnostic, tool: check.name }),
): CheckRun {
  const failed = (status: CheckRun['status'], error: string): CheckRun => ({
    name: check.name,
    status,
    durationMs,
    version: null,
    diagnostics: [],
    error,
  });
  switch (outcome.kind) {
    case 'timed-out':
      return failed('timed-out', `${check.name} did not finish within ${check.timeoutMs} ms and was stopped`);
    case 'crashed':
      return failed('failed', describeCrash(check.name, outcome));
    case 'reply': {
      const { reply } = outcome;
      if (!reply.ok) return failed(reply.status, reply.error);
      // Findings carry the check's configured name, so two checks of one kind stay apart; positions
      // a tool got wrong are dropped here, once for every adapter.
      const diagnostics = reply.output.diagnostics.map(normalize);
      // A run whose tool checked nothing, or could check few of its files for its configuration, or
      // says it failed (its definition's `failureCodes`), failed (core/fatal-run.ts).
      const run: CheckRun = { name: check.name, status: 'ok', durationMs, ...reply.output, diagnostics };
      return failFatalRun(run, checkDefinitions[check.kind].failureCodes);
    }
  }
}

function describeCrash(name: string, outcome: Extract<WorkerOutcome, { kind: 'crashed' }>): string {
  const how = outcome.signal === null ? `exit code ${outcome.code ?? 'unknown'}` : `signal ${outcome.signal}`;
  const said = outcome.stderr.length === 0 ? 'it wrote nothing to stderr' : outcome.stderr.join(' | ');
  return `${name} stopped without a result (${how}): ${said}`;
}
