/**
 * `culprit check`: one attempt of the task. Runs every check on the tree as it is now, compares
 * with the baseline by fingerprint, and triages what the edit introduced into the payload the
 * agent should act on.
 */
import type { CheckRun } from '../checks/check.js';
import { attribute } from '../attribute.js';
import type { AnchoredDiagnostic } from '../diagnostic.js';
import { makeUserError } from '../errors.js';
import { diffTrees, type TreeChanges } from '../git/diff-trees.js';
import { makeReport, type Report } from '../report.js';
import type { Snapshot, TreeState } from '../snapshot/snapshot.js';
import { takeSnapshot } from '../snapshot/take-snapshot.js';
import type { SourceCache } from '../snapshot/source-cache.js';
import { loadSession, saveSession } from '../state/session-store.js';
import { loadSnapshot } from '../state/snapshot-store.js';
import { diffFileHashes } from '../tree/file-hashes.js';
import { makeEditabilityClassifier } from '../triage/non-editable.js';
import { resolveTaskContext, type TaskContext, type TaskOptions } from './context.js';

export interface CheckResult {
  context: TaskContext;
  report: Report;
  /** Source lines of the checked tree, for rendering code excerpts. */
  sources: SourceCache;
}

export async function checkTask(options: TaskOptions = {}): Promise<CheckResult> {
  const context = await resolveTaskContext(options);
  const { layout, settings } = context;
  const session = loadSession(layout.sessionFile);
  if (session === null) {
    throw makeUserError(`no baseline for ${context.root}: run \`culprit start\` before the agent's first edit`);
  }
  const baseline = loadSnapshot(layout.snapshots, session.baseline);
  if (baseline === null) {
    throw makeUserError(`the baseline of this task is missing from ${layout.snapshots}; run \`culprit start\` again`);
  }

  const after = await takeSnapshot({ root: context.root, repo: context.repo, checks: settings.checks, scratch: layout.scratch });
  const changes = await compareTrees(context, baseline.tree, after.snapshot.tree);
  const paired = pairChecks(baseline, after.snapshot);
  const attribution = attribute(paired.before, paired.after, { renames: changes.renames, hasLine: after.sources.hasLine });
  const { report, attemptRecord } = makeReport({
    attribution,
    graph: after.graph,
    changedFiles: changes.changed,
    classify: makeEditabilityClassifier({ rules: settings.nonEditable, readHead: after.sources.head }),
    checks: paired.checks,
    previous: session.attempts.at(-1),
    baseWidth: settings.maxFiles,
    notes: paired.notes,
  });
  // An attempt some check could not finish is not evidence of progress or of being stuck.
  if (report.verdict !== 'check-failed') {
    saveSession(layout.sessionFile, { ...session, attempts: [...session.attempts, attemptRecord] });
  }
  return { context, report, sources: after.sources };
}

export async function compareTrees(context: TaskContext, base: TreeState, current: TreeState): Promise<TreeChanges> {
  if (base.kind === 'git' && current.kind === 'git' && context.repo !== null) {
    return diffTrees(context.repo, base.treeId, current.treeId);
  }
  if (base.kind === 'files' && current.kind === 'files') return diffFileHashes(base.hashes, current.hashes);
  // The repository changed kind under the task (git init mid-task): nothing can be called moved.
  return { changed: new Set(), deleted: new Set(), renames: new Map() };
}

interface PairedChecks {
  before: AnchoredDiagnostic[];
  after: AnchoredDiagnostic[];
  /** The after runs, with checks whose baseline is unusable marked failed. */
  checks: CheckRun[];
  notes: string[];
}

/**
 * Findings can only be attributed for checks that completed on both trees. A check that failed
 * on either side contributes nothing to the difference and is reported as failed, so a broken
 * baseline never turns a repository's whole standing debt into "introduced".
 */
export function pairChecks(baseline: Snapshot, current: Snapshot): PairedChecks {
  const baseByName = new Map(baseline.checks.map((check) => [check.name, check]));
  const paired: PairedChecks = { before: [], after: [], checks: [], notes: [] };
  for (const check of current.checks) {
    const base = baseByName.get(check.name);
    if (check.status !== 'ok') {
      paired.checks.push(check);
      continue;
    }
    if (base === undefined) {
      paired.checks.push({
        ...check,
        status: 'failed',
        error: `${check.name} is not in this task's baseline (the configuration changed); run culprit start again`,
      });
      continue;
    }
    if (base.status !== 'ok') {
      paired.checks.push({
        ...check,
        status: 'failed',
        error: `${check.name} has no usable baseline: it was ${base.status} when the baseline was taken (${base.error ?? 'no detail'}); run culprit start again once it works`,
      });
      continue;
    }
    if (base.version !== check.version) {
      paired.notes.push(`${check.name} changed version since the baseline (${base.version ?? '?'} → ${check.version ?? '?'}); some findings may differ for that reason`);
    }
    paired.before.push(...base.diagnostics);
    paired.after.push(...check.diagnostics);
    paired.checks.push(check);
  }
  return paired;
}
