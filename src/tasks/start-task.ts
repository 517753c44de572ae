/**
 * `culprit start`: snapshot the tree as it is before the agent's first edit and make it the
 * baseline of a new task session for this work tree. Snapshots are cached by content, so
 * starting on a tree that was already snapshotted (HEAD's tree after a `check` without start, or
 * a previous start) runs nothing.
 */
import type { ReportNote } from '../core/report/report-codes.js';
import { ensureTreeSnapshot, keepStartedSnapshot } from '../baseline/resolve-baseline.js';
import { logDebug } from '../debug/log-debug.js';
import { countFindings, type Snapshot } from '../core/snapshot.js';
import { readTreeState, takeSnapshot } from '../snapshot/take-snapshot.js';
import { loadSessionFile, saveSessionFile } from '../state/session-store.js';
import type { CheckRunner } from '../checks/runner/run-check.js';
import { resolveTaskContext, withWorkTreeLock, type TaskContext, type TaskOptions } from './context.js';

export interface StartTaskOptions extends TaskOptions {
  /** What runs the checks on the work tree: `culprit serve` passes its warm engine, which is then primed. */
  runChecks?: CheckRunner;
}

export interface StartResult {
  context: TaskContext;
  baseline: Snapshot;
  /** Findings standing in the tree before the task, across checks that ran. */
  findings: number;
  errors: number;
  /** Every check ran to completion; otherwise the baseline cannot attribute that check's findings. */
  complete: boolean;
  /** The tree had been snapshotted before with the same checks and tools (here or, `source: 'remote'`, elsewhere): nothing ran. */
  cached: boolean;
  /** Where the baseline came from: this repository's cache, the remote cache, or this run. */
  source: 'cache' | 'remote' | 'run';
  /** One line about the remote cache, when it could not be used, then each check's own notes. */
  notes: ReportNote[];
}

export async function startTask(options: StartTaskOptions = {}): Promise<StartResult> {
  const { runChecks, ...taskOptions } = options;
  const context = await resolveTaskContext(taskOptions);
  return withWorkTreeLock(context, 'start', () => startLocked(context, runChecks));
}

async function startLocked(context: TaskContext, runChecks: CheckRunner | undefined): Promise<StartResult> {
  const { layout, settings } = context;
  const tree = await readTreeState({ root: context.root, repo: context.repo, scratch: layout.scratch });
  const run = async () =>
    (
      await takeSnapshot({
        root: context.root,
        repo: context.repo,
        checks: settings.checks,
        scratch: layout.scratch,
        tree,
        runChecks,
        sources: context.memory?.sources,
      })
    ).snapshot;
  let snapshot: Snapshot;
  let id: string;
  let source: StartResult['source'] = 'run';
  let notes: ReportNote[] = [];
  if (tree.kind === 'git') {
    // The local cache, then the remote one, then this work tree's own run (uploaded when complete).
    const taken = await ensureTreeSnapshot(context, tree.treeId, 'culprit start', {
      workTree: { treeId: tree.treeId, takeSnapshot: run },
    });
    ({ snapshot, source } = taken);
    logDebug(`start: cache ${source === 'cache' ? 'hit' : 'miss'} ${taken.id}`);
    const uploadNote = await taken.upload;
    notes = [taken.remoteNote, uploadNote].filter((note) => note !== undefined);
    id = keepStartedSnapshot(layout, snapshot, taken.id);
  } else {
    logDebug('start: outside git, nothing to reuse');
    snapshot = await run();
    id = keepStartedSnapshot(layout, snapshot, null);
  }

  const sessions = loadSessionFile(layout.sessionFile, context.root);
  saveSessionFile(layout.sessionFile, {
    ...sessions,
    root: context.root,
    started: {
      baseline: id,
      baselineLabel: 'culprit start',
      tree: tree.kind === 'git' ? tree.treeId : undefined,
      startedAt: new Date().toISOString(),
      attempts: [],
    },
  });
  // What the checks say about how they ran (an eslintrc run as ESLint 9 would not by default) is part of what start says.
  notes = [
    ...notes,
    ...snapshot.checks.flatMap((check) => (check.notes ?? []).map((note) => `${check.name}: ${note}`)),
  ];
  return {
    context,
    baseline: snapshot,
    ...countFindings(snapshot),
    complete: snapshot.checks.every((check) => check.status === 'ok'),
    cached: source !== 'run',
    source,
    notes,
  };
}
