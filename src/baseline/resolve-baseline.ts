/**
 * Which snapshot a `check` compares with, and which session it continues:
 *
 * - after `culprit start` (and without `--base`): the started task's baseline;
 * - otherwise the tree of a commit (HEAD, or `--base REV`), taken from the content cache or by
 *   running every check on a temporary copy of that tree; consecutive checks against the same
 *   baseline continue one session.
 */
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describeError, makeUserError } from '../core/errors.js';
import type { Repository } from '../git/git.js';
import { resolveCommitTree } from '../git/tree-id.js';
import type { HeadMemory } from '../git/head-memory.js';
import { logDebug } from '../debug/log-debug.js';
import type { Snapshot } from '../core/snapshot.js';
import type { BaselineKind, BaselineSource, ReportNote } from '../core/report/report-codes.js';
import { locateRemote } from '../core/report/locate-remote.js';
import type { NoticeSink } from '../core/task-notice.js';
import { withLockFile } from '../state/lock-file.js';
import { findImplicitSession, type SessionFile, type TaskSession } from '../state/session-store.js';
import { resolveLockWait } from '../state/lock-wait.js';
import type { StateLayout } from '../state/state-dir.js';
import type { ResolvedCheck } from '../checks/check.js';
import { makeBaselineKey } from './baseline-key.js';
import { lookUpRemoteBaseline, publishRemoteBaseline } from './remote-baseline.js';
import { dropCachedSnapshot, loadCachedSnapshot, saveCachedSnapshot, type SnapshotMemory } from './snapshot-cache.js';
import type { RemoteCacheSetup } from '../config/remote-cache-settings.js';
import { takeBaseSnapshot } from './take-base-snapshot.js';
import { resolveBaseChecks } from './base-checks.js';
import { compareTrees, makeNoChanges, type TreeDiffMemory } from '../tree/compare-trees.js';

/** What resolving a baseline reads of a command's context (tasks/context.ts's TaskContext). */
export interface BaselineContext {
  root: string;
  repo: Repository | null;
  settings: { checks: readonly ResolvedCheck[]; remoteCache: RemoteCacheSetup };
  layout: StateLayout;
  /** What a long-lived culprit keeps between commands (warm/warm-memory.ts). */
  memory?:
    | { snapshots?: SnapshotMemory | undefined; trees?: TreeDiffMemory | undefined; heads?: HeadMemory | undefined }
    | undefined;
  /** Where waiting for another culprit's baseline, or taking over its lock, is said (tasks/context.ts). */
  onNotice: NoticeSink;
}

export interface Baseline {
  /** Id of the snapshot in the snapshot store (its content key when it is cached). */
  id: string;
  snapshot: Snapshot;
  /** For messages: "culprit start", "HEAD (abc1234)", "origin/main (def5678)". */
  label: string;
  /** `started`: the task `culprit start` began. `revision`: a commit's tree, without start. `debt`: a debt campaign's start. */
  kind: BaselineKind;
  /** How the snapshot was obtained this time. */
  source: BaselineSource;
  /** The session this check continues (a new one when there is none yet). */
  session: TaskSession;
  /** A note for the report when the remote cache was asked for and could not be used. */
  remoteNote?: ReportNote | undefined;
  /** A note when a commit's own configuration could not be read (base-checks.ts), so it ran the work tree's checks. */
  configNote?: ReportNote | undefined;
  /** The upload of a baseline this check computed, under way: resolves to a note when it failed. */
  upload?: Promise<ReportNote | undefined> | undefined;
}

/**
 * Where a check's baseline came from: `started` the task's own snapshot; `cache` this
 * repository's snapshot cache (shared by its work trees); `remote` the remote cache; `run`
 * computed by this check.
 */
export type { BaselineSource };

export interface TakenTreeSnapshot {
  id: string;
  snapshot: Snapshot;
  source: Exclude<BaselineSource, 'started'>;
  remoteNote?: ReportNote | undefined;
  upload?: Promise<ReportNote | undefined> | undefined;
}

export interface EnsureSnapshotOptions {
  workTree?: WorkTreeRun | undefined;
  /** The checks the tree runs by its own configuration (base-checks.ts); default the work tree's. */
  checks?: readonly ResolvedCheck[] | undefined;
  /** Ask the remote cache before running (default true). */
  lookUp?: boolean;
  /** Upload what was computed, best effort (default true). */
  upload?: boolean;
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

export async function resolveBaseline(
  context: BaselineContext,
  sessions: SessionFile,
  options: ResolveBaselineOptions = {},
): Promise<Baseline> {
  if (options.base === undefined && sessions.started !== null)
    return resolveSessionBaseline(context, sessions.started, 'started', options.workTree);
  return resolveRevisionBaseline(context, sessions, options.base ?? 'HEAD', options.workTree);
}

/** The baseline a session took when it began (`culprit start`, `culprit debt start`), taken again from its tree when the cache lost it. */
export async function resolveSessionBaseline<Session extends TaskSession>(
  context: BaselineContext,
  session: Session,
  kind: 'started' | 'debt',
  workTree: WorkTreeRun | undefined,
): Promise<Baseline & { session: Session }> {
  const snapshot = loadCachedSnapshot(context.layout, session.baseline, context.memory?.snapshots);
  if (snapshot !== null)
    return {
      id: session.baseline,
      snapshot,
      label: session.baselineLabel,
      kind,
      source: 'started',
      session,
    };
  if (session.tree === undefined || context.repo === null) {
    throw makeUserError(
      `the baseline of this ${kind === 'debt' ? 'debt campaign' : 'task'} is missing from ${context.layout.snapshots}; run \`culprit ${kind === 'debt' ? 'debt start' : 'start'}\` again`,
    );
  }
  // The cache was cleared, but git still has the tree the task started from.
  const taken = await ensureTreeSnapshot(context, session.tree, session.baselineLabel, { workTree });
  return { ...taken, label: session.baselineLabel, kind, session: { ...session, baseline: taken.id } };
}

async function resolveRevisionBaseline(
  context: BaselineContext,
  sessions: SessionFile,
  rev: string,
  workTree: WorkTreeRun | undefined,
): Promise<Baseline> {
  const { repo } = context;
  if (repo === null) {
    throw makeUserError(
      rev === 'HEAD'
        ? `no baseline for ${context.root}: it is not a git repository, so run \`culprit start\` before the agent's first edit`
        : `--base needs a git repository; ${context.root} is not one`,
    );
  }
  let commit: string;
  let treeId: string;
  try {
    // A long-lived culprit keeps HEAD's while its refs are unchanged.
    ({ commit, tree: treeId } = await (context.memory?.heads?.resolve(repo, rev) ?? resolveCommitTree(repo, rev)));
  } catch (error) {
    if (rev !== 'HEAD') throw error;
    throw makeUserError(
      `no baseline for ${context.root}: it has no commit yet, so run \`culprit start\` before the agent's first edit`,
      error,
    );
  }
  const label = `${rev} (${commit.slice(0, 7)})`;
  const base = await resolveBaseChecks({
    repo,
    root: context.root,
    treeId,
    checks: context.settings.checks,
    changes:
      workTree === undefined || workTree.treeId === treeId
        ? null
        : ((await compareTrees(
            { kind: 'git', treeId },
            { kind: 'git', treeId: workTree.treeId },
            () => Promise.resolve(repo),
            context.memory?.trees,
          )) ?? makeNoChanges()),
    scratch: context.layout.scratch,
  });
  const taken = await ensureTreeSnapshot(context, treeId, label, { workTree, checks: base.checks });
  const session = findImplicitSession(sessions, taken.id) ?? makeSession(taken.id, label, treeId);
  return {
    ...taken,
    configNote: base.note,
    label,
    kind: 'revision',
    session: { ...session, baselineLabel: label },
  };
}

/**
 * The snapshot of a git tree: from the cache when its key is there, else from the remote cache,
 * else by a base run (in the work tree when it is that tree, as `start` does), cached and
 * uploaded when every check completed. An incomplete one is used once and not kept, so the next
 * check tries again. Work trees of one repository that need the same key at once take turns on
 * a lock named by the key: the first computes it, the others then find it in the cache.
 */
export async function ensureTreeSnapshot(
  context: BaselineContext,
  treeId: string,
  label: string,
  options: EnsureSnapshotOptions = {},
): Promise<TakenTreeSnapshot> {
  const checks = options.checks ?? context.settings.checks;
  const id = makeBaselineKey({ treeId, root: context.root, checks });
  const cached = loadCachedSnapshot(context.layout, id, context.memory?.snapshots);
  if (cached !== null) {
    logDebug(`baseline ${label}: cache hit ${id}`);
    return { id, snapshot: cached, source: 'cache' };
  }
  if (context.repo === null) throw makeUserError(`cannot take a baseline of tree ${treeId} outside git`);
  const lock = join(dirname(context.layout.lockFile), `baseline-${id}.lock`);
  return withLockFile(
    lock,
    {
      command: `check (baseline ${label})`,
      waitMs: resolveLockWait(context.settings.checks),
      onWait: (holder) => context.onNotice({ code: 'baseline-wait', holder }),
      onTakeOver: (holder, why) => context.onNotice({ code: 'lock-taken-over', file: lock, holder, why }),
    },
    () => takeTreeSnapshot(context, { id, treeId, label, checks }, options),
  );
}

async function takeTreeSnapshot(
  context: BaselineContext,
  tree: { id: string; treeId: string; label: string; checks: readonly ResolvedCheck[] },
  options: EnsureSnapshotOptions,
): Promise<TakenTreeSnapshot> {
  const { id, treeId, label, checks } = tree;
  // Another work tree may have computed it while this one waited for the lock.
  const cached = loadCachedSnapshot(context.layout, id, context.memory?.snapshots);
  if (cached !== null) {
    logDebug(`baseline ${label}: cache hit ${id} (computed by another culprit meanwhile)`);
    return { id, snapshot: cached, source: 'cache' };
  }
  const { remoteCache } = context.settings;
  let remoteNote: ReportNote | undefined;
  if (remoteCache.kind === 'incomplete') remoteNote = { code: 'remote-not-used', reason: remoteCache.reason };
  if (remoteCache.kind === 'on' && options.lookUp !== false) {
    const found = await lookUpRemoteBaseline(remoteCache, id, treeId);
    if (found.kind === 'found') {
      logDebug(`baseline ${label}: remote hit ${id}`);
      return { id, snapshot: saveCachedSnapshot(context.layout, id, found.snapshot), source: 'remote' };
    }
    if (found.kind === 'failed' || found.kind === 'rejected')
      remoteNote = { code: 'remote-miss', remote: locateRemote(remoteCache.api), reason: found.reason };
  }
  if (context.repo === null) throw makeUserError(`cannot take a baseline of tree ${treeId} outside git`);
  let snapshot: Snapshot;
  if (options.workTree?.treeId === treeId) {
    logDebug(`baseline ${label}: cache miss ${id}; the work tree is tree ${treeId}, so its run is the baseline`);
    snapshot = await options.workTree.takeSnapshot();
  } else {
    logDebug(`baseline ${label}: cache miss ${id}; running the checks on a copy of tree ${treeId}`);
    snapshot = await takeBaseSnapshot({
      repo: context.repo,
      treeId,
      checks,
      scratch: context.layout.scratch,
    });
  }
  const taken: TakenTreeSnapshot = { id, snapshot, source: 'run', remoteNote };
  if (!isComplete(snapshot)) return taken;
  taken.snapshot = saveCachedSnapshot(context.layout, id, snapshot);
  // A remote that failed the lookup is not asked again this run: it would cost a second timeout.
  // A machine that can only verify (a public key and no signing key: an agent) uploads nothing:
  // no verifier would take what it cannot sign, and its token is meant to read.
  const canSign =
    remoteCache.kind === 'on' && (remoteCache.publicKey === undefined || remoteCache.signingKey !== undefined);
  if (remoteCache.kind === 'on' && canSign && remoteNote === undefined && options.upload !== false) {
    const describe = (reason: string): ReportNote => ({
      code: 'upload-failed',
      remote: locateRemote(remoteCache.api),
      reason,
    });
    taken.upload = publishRemoteBaseline(remoteCache, id, snapshot).then(
      (reason) => (reason === null ? undefined : describe(reason)),
      // Best effort means never the check's failure, whatever went wrong building the request.
      (error: unknown) => describe(describeError(error)),
    );
  }
  return taken;
}

/**
 * A cached baseline made with other tool versions than the work tree's run just reported (a
 * tool the key could not see, such as one installed outside npm, was upgraded) is discarded and
 * taken again, so findings never differ merely because the tool did.
 */
export async function refreshStaleBaseline(
  context: BaselineContext,
  baseline: Baseline,
  current: Snapshot,
): Promise<Baseline> {
  const stored = baseline.source === 'cache' || baseline.source === 'remote';
  if (!stored || baseline.session.tree === undefined || !hasOtherVersions(baseline.snapshot, current)) return baseline;
  logDebug(
    `baseline ${baseline.label}: ${baseline.source === 'cache' ? 'cached' : 'published'} with other tool versions; taking it again`,
  );
  dropCachedSnapshot(context.layout, baseline.id);
  // A published one made with other versions would come back from the remote: run it here.
  const taken = await ensureTreeSnapshot(context, baseline.session.tree, baseline.label, {
    lookUp: false,
    upload: false,
  });
  return { ...baseline, ...taken, session: { ...baseline.session, baseline: taken.id } };
}

export function isComplete(snapshot: Snapshot): boolean {
  return snapshot.checks.length > 0 && snapshot.checks.every((check) => check.status === 'ok');
}

/**
 * The id a started task keeps its baseline under: a complete snapshot of a git tree is already
 * cached under its content key; an incomplete one, or one taken outside git (`key` null), is
 * stored under a unique id, kept for this task but never shared through the cache.
 */
export function keepStartedSnapshot(layout: StateLayout, snapshot: Snapshot, key: string | null): string {
  if (key !== null && isComplete(snapshot)) return key;
  const id = makeUniqueSnapshotId('start');
  saveCachedSnapshot(layout, id, snapshot);
  return id;
}

/** A unique id for a snapshot that must not be shared through the cache (an incomplete one, one outside git). */
function makeUniqueSnapshotId(prefix: string): string {
  return `${prefix}-${Date.now()}-${randomBytes(4).toString('hex')}`;
}

function makeSession(baseline: string, label: string, tree: string): TaskSession {
  return { baseline, baselineLabel: label, tree, startedAt: new Date().toISOString(), attempts: [] };
}

function hasOtherVersions(base: Snapshot, current: Snapshot): boolean {
  const baseVersions = new Map(base.checks.map((check) => [check.name, check.version]));
  return current.checks.some(
    (check) => check.status === 'ok' && baseVersions.has(check.name) && baseVersions.get(check.name) !== check.version,
  );
}
