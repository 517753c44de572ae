/**
 * `culprit baseline --publish`: the snapshot of HEAD's tree (or `--base`'s), found in the local
 * or remote cache or computed, uploaded to the remote cache under its content key, so agents on
 * other machines checking against that commit run no base checks. For a CI job on main. Unlike
 * the best-effort upload of `check`, a failure here is the command's failure (exit 2).
 */
import { makeBaselineKey } from '../baseline/baseline-key.js';
import { lookUpRemoteBaseline, publishRemoteBaseline } from '../baseline/remote-baseline.js';
import { ensureTreeSnapshot, isComplete, type TakenTreeSnapshot } from '../baseline/resolve-baseline.js';
import { makeUserError } from '../core/errors.js';
import { resolveCommit } from '../git/git.js';
import { readCommitTree } from '../git/tree-id.js';
import { countFindings } from '../core/snapshot.js';
import { describeFailedChecks } from '../core/check-run.js';
import { locateRemote } from '../core/report/locate-remote.js';
import { readTreeState, takeSnapshot } from '../snapshot/take-snapshot.js';
import { resolveTaskContext, withWorkTreeLock, type TaskContext, type TaskOptions } from './context.js';

export interface PublishOptions extends TaskOptions {
  /** The revision whose tree is published (default HEAD). */
  base?: string;
}

export interface PublishResult {
  context: TaskContext;
  /** `HEAD (abc1234)`. */
  label: string;
  /** The content key it is stored under, locally and remotely. */
  key: string;
  /** Where the snapshot came from before the upload. */
  source: TakenTreeSnapshot['source'];
  /** False when the remote cache already held it (nothing was uploaded). */
  uploaded: boolean;
  /** The remote cache's API URL without credentials (`https://…`), or null when it is no URL. */
  remote: string | null;
  findings: number;
}

export async function publishBaselineTask(options: PublishOptions = {}): Promise<PublishResult> {
  const context = await resolveTaskContext(options);
  const { remoteCache } = context.settings;
  if (remoteCache.kind === 'off') {
    throw makeUserError(
      'culprit baseline --publish needs a remote cache: set TURBO_TOKEN and TURBO_TEAM (or TURBO_TEAMID), and TURBO_API for a server other than Vercel, or remoteCache in culprit.config.json',
    );
  }
  if (remoteCache.kind === 'incomplete')
    throw makeUserError(`culprit baseline --publish cannot reach the remote cache: ${remoteCache.reason}`);
  const { repo } = context;
  if (repo === null)
    throw makeUserError(`culprit baseline --publish needs a git repository; ${context.root} is not one`);
  return withWorkTreeLock(context, 'baseline --publish', async () => {
    const rev = options.base ?? 'HEAD';
    const commit = await resolveCommit(repo, rev);
    const treeId = await readCommitTree(repo, commit);
    const label = `${rev} (${commit.slice(0, 7)})`;
    // A clean checkout of that commit (the usual CI job) runs its checks in place, not on a copy.
    const current = await readTreeState({ root: context.root, repo, scratch: context.layout.scratch });
    const workTree =
      current.kind === 'git' && current.treeId === treeId
        ? {
            treeId,
            takeSnapshot: async () =>
              (
                await takeSnapshot({
                  root: context.root,
                  repo,
                  checks: context.settings.checks,
                  scratch: context.layout.scratch,
                  tree: current,
                })
              ).snapshot,
          }
        : undefined;
    // Asked first even when the local cache has it: a copy there that does not verify is replaced.
    const key = makeBaselineKey({ treeId, root: context.root, checks: context.settings.checks });
    const held = await lookUpRemoteBaseline(remoteCache, key, treeId);
    const remote = locateRemote(remoteCache.api);
    // A thrown error is one line in words, whoever throws it (core/errors.ts).
    const named = remote === null ? 'remote cache' : `remote cache ${remote}`;
    const result = { context, label, key, remote };
    // Unreachable or refused: the upload would be too, so the checks are not run for nothing.
    if (held.kind === 'failed')
      throw makeUserError(`${named}: the baseline of ${label} was not published: ${held.reason}`);
    if (held.kind === 'found')
      return { ...result, source: 'remote', uploaded: false, findings: countFindings(held.snapshot).findings };
    const taken = await ensureTreeSnapshot(context, treeId, label, { workTree, lookUp: false, upload: false });
    if (!isComplete(taken.snapshot))
      throw makeUserError(`the baseline of ${label} was not published: ${describeFailedChecks(taken.snapshot.checks)}`);
    const failure = await publishRemoteBaseline(remoteCache, taken.id, taken.snapshot);
    if (failure !== null) throw makeUserError(`${named}: the baseline of ${label} was not published: ${failure}`);
    return { ...result, source: taken.source, uploaded: true, findings: countFindings(taken.snapshot).findings };
  });
}
