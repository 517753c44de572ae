/**
 * What the report says about its baseline: where it came from, when its run could not reflect
 * the edit's packages, and why a check could not be compared with it. `check` (tasks/check-task.ts)
 * decides; these are only its sentences.
 */
import type { Report } from '../core/report/report.js';
import type { SnapshotCheck } from '../core/snapshot.js';

type BaselineSource = NonNullable<Report['baseline']>['source'];

/** The baseline as the notes name it (baseline/resolve-baseline.ts's Baseline). */
export interface NotedBaseline {
  /** "culprit start", "HEAD (abc1234)". */
  label: string;
  kind: 'started' | 'revision' | 'debt';
  source: BaselineSource;
  /** One line for the report when the remote cache was asked for and could not be used. */
  remoteNote?: string | undefined;
  /** One line when the tree's own configuration could not be read, so it ran the work tree's checks. */
  configNote?: string | undefined;
}

/**
 * Notes for the report: what the baseline is, and when its run could not reflect the edit's
 * packages. `lockfiles`: the lockfiles the edit touched (tasks/check-task.ts finds them).
 */
export function makeBaselineNotes(baseline: NotedBaseline, lockfiles: readonly string[]): string[] {
  const remote = [baseline.remoteNote, baseline.configNote].filter((note) => note !== undefined);
  // A started task's own snapshot goes unnamed, as it always has; any other source is named.
  if (baseline.kind !== 'revision' && baseline.source === 'started') return remote;
  const notes = [`baseline: ${baseline.label}, ${describeSource[baseline.source]}`, ...remote];
  if (baseline.kind !== 'revision') return notes;
  if (lockfiles.length > 0) {
    notes.push(
      `${[...new Set(lockfiles)].sort().join(', ')} differ${lockfiles.length === 1 ? 's' : ''} from ${baseline.label}: the baseline ran with the packages installed in the work tree, not the ones its lockfile names`,
    );
  }
  return notes;
}

const describeSource: Record<BaselineSource, string> = {
  started: 'the started task',
  cache: 'from the local cache',
  remote: 'from the remote cache',
  run: 'computed by this check',
};

/** What to do about a baseline a check cannot be compared with: take it again. */
export function describeRemedy(kind: NotedBaseline['kind']): string {
  if (kind === 'debt') return 'run culprit debt start again';
  return kind === 'started' ? 'run culprit start again' : 'run culprit check again';
}

type PairedCheck = Pick<SnapshotCheck, 'name' | 'status' | 'version' | 'error'>;

/** The error of a check the baseline has no run of. */
export function describeCheckNotInBaseline(check: PairedCheck, remedy: string): string {
  return `${check.name} is not in this task's baseline (the configuration changed); ${remedy}`;
}

/** The error of a check whose baseline run did not complete. */
export function describeUnusableBaseline(check: PairedCheck, base: PairedCheck, remedy: string): string {
  return `${check.name} has no usable baseline: it was ${base.status} when the baseline was taken (${base.error ?? 'no detail'}); ${remedy} once it works`;
}

/** A note when a check's tool is not the version the baseline ran. */
export function describeVersionChange(check: PairedCheck, base: PairedCheck): string {
  return `${check.name} changed version since the baseline (${base.version ?? '?'} → ${check.version ?? '?'}); some findings may differ for that reason`;
}

/** `remote cache http://host:port`, naming a remote cache by its API without credentials, if any. */
export function nameRemote(remote: { api: string }): string {
  try {
    const url = new URL(remote.api);
    url.username = '';
    url.password = '';
    return `remote cache ${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return 'remote cache';
  }
}

/** The note when the remote cache was not asked for the baseline: its settings are incomplete. */
export function describeRemoteNotUsed(reason: string): string {
  return `remote cache not used: ${reason}; the baseline ran here`;
}

/** The note when the remote cache was asked for the baseline and could not give it. */
export function describeRemoteMiss(remote: { api: string }, reason: string): string {
  return `${nameRemote(remote)}: ${reason}; the baseline ran here`;
}

/** The note when a baseline this check computed could not be uploaded. */
export function describeUploadFailure(remote: { api: string }, reason: string): string {
  return `${nameRemote(remote)}: the baseline this check computed was not uploaded: ${reason}`;
}
