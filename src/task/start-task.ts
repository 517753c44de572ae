/**
 * `culprit start`: snapshot the tree as it is before the agent's first edit and make it the
 * baseline of a new task session for this work tree.
 */
import { randomBytes } from 'node:crypto';
import { countFindings, type Snapshot } from '../snapshot/snapshot.js';
import { takeSnapshot } from '../snapshot/take-snapshot.js';
import { saveSession } from '../state/session-store.js';
import { saveSnapshot } from '../state/snapshot-store.js';
import { resolveTaskContext, type TaskContext, type TaskOptions } from './context.js';

export interface StartResult {
  context: TaskContext;
  baseline: Snapshot;
  /** Findings standing in the tree before the task, across checks that ran. */
  findings: number;
  errors: number;
  /** Every check ran to completion; otherwise the baseline cannot attribute that check's findings. */
  complete: boolean;
}

export async function startTask(options: TaskOptions = {}): Promise<StartResult> {
  const context = await resolveTaskContext(options);
  const { snapshot } = await takeSnapshot({
    root: context.root,
    repo: context.repo,
    checks: context.settings.checks,
    scratch: context.layout.scratch,
  });
  const id = `start-${Date.now()}-${randomBytes(4).toString('hex')}`;
  saveSnapshot(context.layout.snapshots, id, snapshot);
  saveSession(context.layout.sessionFile, {
    version: 1,
    root: context.root,
    startedAt: snapshot.takenAt,
    baseline: id,
    baselineLabel: 'culprit start',
    attempts: [],
  });
  return {
    context,
    baseline: snapshot,
    ...countFindings(snapshot),
    complete: snapshot.checks.every((check) => check.status === 'ok'),
  };
}

/** One line for the agent: was the repository clean before this task? */
export function describeStart(result: StartResult): string {
  const failed = result.baseline.checks.filter((check) => check.status !== 'ok');
  const perCheck = result.baseline.checks
    .filter((check) => check.status === 'ok')
    .map((check) => `${check.name}${check.version === null ? '' : ` ${check.version}`}: ${check.diagnostics.length}`)
    .join(', ');
  const state =
    result.findings === 0
      ? `the repository was clean before this task (${perCheck})`
      : `the repository was not clean before this task: ${result.findings} finding${result.findings === 1 ? '' : 's'}, ${result.errors} error${result.errors === 1 ? '' : 's'} (${perCheck}); they are the baseline and will not be shown again`;
  const problems = failed.map((check) => `${check.name} ${check.status}: ${check.error ?? 'no detail'}`);
  const tail =
    problems.length === 0
      ? ''
      : `\nthe baseline is incomplete, so these checks cannot be attributed until start succeeds: ${problems.join('; ')}`;
  return `culprit: baseline taken; ${state}.${tail}\n`;
}
