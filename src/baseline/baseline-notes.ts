/**
 * What the report notes about its baseline, as codes (core/report/report-codes.ts): where it came
 * from, why the remote cache or the tree's own configuration could not be used, and when its run
 * could not reflect the edit's packages. render/report-notes.ts words them.
 */
import type { ReportNote } from '../core/report/report-codes.js';
import type { Baseline } from './resolve-baseline.js';

/** `lockfiles`: the lockfiles the edit touched (tasks/check-task.ts finds them). */
export function makeBaselineNotes(
  baseline: Pick<Baseline, 'label' | 'kind' | 'source' | 'remoteNote' | 'configNote'>,
  lockfiles: readonly string[],
): ReportNote[] {
  const remote = [baseline.remoteNote, baseline.configNote].filter((note) => note !== undefined);
  // A started task's own snapshot goes unnamed, as it always has; any other source is named.
  if (baseline.kind !== 'revision' && baseline.source === 'started') return remote;
  const notes: ReportNote[] = [{ code: 'baseline', label: baseline.label, source: baseline.source }, ...remote];
  if (baseline.kind === 'revision' && lockfiles.length > 0)
    notes.push({ code: 'lockfiles-differ', lockfiles: [...lockfiles], label: baseline.label });
  return notes;
}
