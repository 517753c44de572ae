/**
 * Which snapshot a `check` compares with, and which session it continues:
 *
 * - after `culprit start` (and without `--base`): the started task's baseline;
 * - otherwise the tree of a commit (HEAD, or `--base REV`), taken from the content cache or by
 *   running every check on a temporary copy of that tree; consecutive checks against the same
 *   baseline continue one session.
 */
import { basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { makeUserError } from '../errors.js';
import type { TreeChanges } from '../git/diff-trees.js';
import { resolveCommit } from '../git/git.js';
import { readCommitTree } from '../git/tree-id.js';
import { logDebug } from '../log-debug.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { findImplicitSession, type SessionFile, type TaskSession } from '../state/session-store.js';
import type { TaskContext } from '../task/context.js';
import { makeBaselineKey } from './baseline-key.js';
import { dropCachedSnapshot, loadCachedSnapshot, saveCachedSnapshot } from './snapshot-cache.js';
import { takeBaseSnapshot } from './take-base-snapshot.js';

export interface Baseline {
  /** Id of the snapshot in the snapshot store (its content key when it is cached). */
  id: string;
  snapshot: Snapshot;
  /** For messages: "culprit start", "HEAD (abc1234)", "origin/main (def5678)". */
  label: string;
  /** `started`: the task `culprit start` began. `revision`: a commit's tree, without start. */
  kind: 'started' | 'revision';
  /** How the snapshot was obtained this time. */
  source: 'session' | 'cache' | 'ran';
  /** The session this check continues (a new one when there is none yet). */
  session: TaskSession;
}

export interface ResolveBaselineOptions {
  /** Compare with this revision's tree even when a started task exists. */
  base?: string;
  /**
   * The work tree's tree and a way to snapshot it. When a baseline that is not cached is that
   * very tree (a check before any edit), the checks run once, in the work tree, instead of once
   * on a copy and again in the work tree; the caller reuses that run as its current snapshot.
   */
  workTree?: WorkTreeRun;
}

export interface WorkTreeRun {
  treeId: string;
  takeSnapshot(): Promise<Snapshot>;
}

export async function resolveBaseline(context: TaskContext, sessions: SessionFile, options: ResolveBaselineOptions = {}): Promise<Baseline> {
  if (options.base === undefined && sessions.started !== null) return resolveStartedBaseline(context, sessions.started, options.workTree);
  return resolveRevisionBaseline(context, sessions, options.base ?? 'HEAD', options.workTree);
}

async function resolveStartedBaseline(context: TaskContext, session: TaskSession, workTree: WorkTreeRun | undefined): Promise<Baseline> {
  const snapshot = loadCachedSnapshot(context.layout, session.baseline);
  if (snapshot !== null) return { id: session.baseline, snapshot, label: session.baselineLabel, kind: 'started', source: 'session', session };
  if (session.tree === undefined || context.repo === null) {
    throw makeUserError(`the baseline of this task is missing from ${context.layout.snapshots}; run \`culprit start\` again`);
  }
  // The cache was cleared, but git still has the tree the task started from.
  const taken = await ensureTreeSnapshot(context, session.tree, session.baselineLabel, workTree);
  return { ...taken, label: session.baselineLabel, kind: 'started', session: { ...session, baseline: taken.id } };
}

async function resolveRevisionBaseline(context: TaskContext, sessions: SessionFile, rev: string, workTree: WorkTreeRun | undefined): Promise<Baseline> {
  const { repo } = context;
  if (repo === null) {
    throw makeUserError(
      rev === 'HEAD'
        ? `no baseline for ${context.root}: it is not a git repository, so run \`culprit start\` before the agent's first edit`
        : `--base needs a git repository; ${context.root} is not one`,
    );
  }
  let commit: string;
  try {
    commit = await resolveCommit(repo, rev);
  } catch (error) {
    if (rev !== 'HEAD') throw error;
    throw makeUserError(`no baseline for ${context.root}: it has no commit yet, so run \`culprit start\` before the agent's first edit`, error);
  }
  const treeId = await readCommitTree(repo, commit);
  const label = `${rev} (${commit.slice(0, 7)})`;
  const taken = await ensureTreeSnapshot(context, treeId, label, workTree);
  const session = findImplicitSession(sessions, taken.id) ?? makeSession(taken.id, label, treeId);
  return { ...taken, label, kind: 'revision', session: { ...session, baselineLabel: label } };
}

/**
 * The snapshot of a git tree: from the cache when its key is there, otherwise by a base run (in
 * the work tree when it is that tree, as `start` does), cached when every check completed. An
 * incomplete one is used once and not kept, so the next check tries again.
 */
export async function ensureTreeSnapshot(
  context: TaskContext,
  treeId: string,
  label: string,
  workTree?: WorkTreeRun,
): Promise<{ id: string; snapshot: Snapshot; source: 'cache' | 'ran' }> {
  const id = makeBaselineKey({ treeId, root: context.root, checks: context.settings.checks });
  const cached = loadCachedSnapshot(context.layout, id);
  if (cached !== null) {
    logDebug(`baseline ${label}: cache hit ${id}`);
    return { id, snapshot: cached, source: 'cache' };
  }
  if (context.repo === null) throw makeUserError(`cannot take a baseline of tree ${treeId} outside git`);
  let snapshot: Snapshot;
  if (workTree?.treeId === treeId) {
    logDebug(`baseline ${label}: cache miss ${id}; the work tree is tree ${treeId}, so its run is the baseline`);
    snapshot = await workTree.takeSnapshot();
  } else {
    logDebug(`baseline ${label}: cache miss ${id}; running the checks on a copy of tree ${treeId}`);
    snapshot = await takeBaseSnapshot({ repo: context.repo, treeId, checks: context.settings.checks, scratch: context.layout.scratch });
  }
  return { id, snapshot: isComplete(snapshot) ? saveCachedSnapshot(context.layout, id, snapshot) : snapshot, source: 'ran' };
}

/**
 * A cached baseline made with other tool versions than the work tree's run just reported (a
 * tool the key could not see, such as one installed outside npm, was upgraded) is discarded and
 * taken again, so findings never differ merely because the tool did.
 */
export async function refreshStaleBaseline(context: TaskContext, baseline: Baseline, current: Snapshot): Promise<Baseline> {
  if (baseline.source !== 'cache' || baseline.session.tree === undefined || !hasOtherVersions(baseline.snapshot, current)) return baseline;
  logDebug(`baseline ${baseline.label}: cached with other tool versions; taking it again`);
  dropCachedSnapshot(context.layout, baseline.id);
  const taken = await ensureTreeSnapshot(context, baseline.session.tree, baseline.label);
  return { ...baseline, ...taken, session: { ...baseline.session, baseline: taken.id } };
}

/** Notes for the report: what the baseline is, and when its run could not reflect the edit's packages. */
export function makeBaselineNotes(baseline: Baseline, changes: TreeChanges): string[] {
  if (baseline.kind === 'started') return [];
  const notes = [`baseline: ${baseline.label}`];
  const lockfiles = [...changes.changed, ...changes.deleted, ...changes.renames.keys()].filter((path) => lockfileNames.has(basename(path)));
  if (lockfiles.length > 0) {
    notes.push(
      `${[...new Set(lockfiles)].sort().join(', ')} differ${lockfiles.length === 1 ? 's' : ''} from ${baseline.label}: the baseline ran with the packages installed in the work tree, not the ones its lockfile names`,
    );
  }
  return notes;
}

const lockfileNames: ReadonlySet<string> = new Set(['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb']);

export function isComplete(snapshot: Snapshot): boolean {
  return snapshot.checks.length > 0 && snapshot.checks.every((check) => check.status === 'ok');
}

/** A unique id for a snapshot that must not be shared through the cache (an incomplete one, one outside git). */
export function makeUniqueSnapshotId(prefix: string): string {
  return `${prefix}-${Date.now()}-${randomBytes(4).toString('hex')}`;
}

function makeSession(baseline: string, label: string, tree: string): TaskSession {
  return { baseline, baselineLabel: label, tree, startedAt: new Date().toISOString(), attempts: [] };
}

function hasOtherVersions(base: Snapshot, current: Snapshot): boolean {
  const baseVersions = new Map(base.checks.map((check) => [check.name, check.version]));
  return current.checks.some((check) => check.status === 'ok' && baseVersions.has(check.name) && baseVersions.get(check.name) !== check.version);
}
