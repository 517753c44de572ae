/**
 * What a check no longer looked at. A run says which files it checked (`checkedPaths`); a file
 * the baseline's run checked that still exists and this run did not is a finding at that file,
 * so widening an ignore list, narrowing a tsconfig's `include` or a lint pattern is never "no new
 * findings". A file the edit deleted is no loss; a renamed one is compared under its new name. A
 * run that says it left files unchecked (`unchecked`: cargo's crates behind a crate that failed)
 * is partial: the files it skipped wait for the failure that made it skip them, but one the edit
 * changed is a finding too, so a changed file that went unchecked is never clean.
 */
import type { CheckRun } from '../check-run.js';
import { compareStrings, type AnchoredDiagnostic } from '../diagnostic.js';
import type { SnapshotCheck, TreeChanges } from '../snapshot.js';
import { hasTouched, listFiles } from './removed-checks.js';

type CoverageRun = Pick<CheckRun, 'name' | 'checkedPaths' | 'configFiles' | 'unchecked'>;

export function listCoverageLoss(
  base: Pick<SnapshotCheck, 'checkedPaths' | 'configFiles'>,
  current: CoverageRun,
  changes: TreeChanges,
): AnchoredDiagnostic[] {
  const uncheckedWhy = new Map<string, string>();
  for (const part of current.unchecked ?? []) for (const path of part.paths) uncheckedWhy.set(path, part.reason);
  const lost = new Map<string, string>();
  if (base.checkedPaths !== undefined && current.checkedPaths !== undefined) {
    const checked = new Set(current.checkedPaths);
    const touched = [...new Set([...(base.configFiles ?? []), ...(current.configFiles ?? [])])]
      .filter((file) => hasTouched(changes, file))
      .sort(compareStrings);
    const why = touched.length === 0 ? '' : ` (${describeTouched(touched, changes)})`;
    for (const path of base.checkedPaths) {
      if (changes.deleted.has(path)) continue;
      const now = changes.renames.get(path) ?? path;
      // A file the run skipped behind a failure it reports (cargo's crates after one that does
      // not compile) waits for that failure, which is itself a finding; it is checked again then.
      if (checked.has(now) || uncheckedWhy.has(now)) continue;
      lost.set(now, `no longer checked by ${current.name}${why}`);
    }
  }
  // A partial run: what the edit changed and the run could not check is unchecked work, whatever the baseline did.
  for (const [path, reason] of uncheckedWhy) if (changes.changed.has(path) && !lost.has(path)) lost.set(path, reason);
  return [...lost]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([path, message]): AnchoredDiagnostic => ({
      tool: current.name,
      code: 'coverage',
      severity: 'error',
      phase: 'config',
      path,
      line: 0,
      column: 0,
      message,
      anchor: '',
      kind: 'coverage',
    }));
}

/** `eslint.config.js changed`, `tsconfig.json deleted`. */
function describeTouched(files: readonly string[], changes: TreeChanges): string {
  const deleted = files.filter((file) => changes.deleted.has(file));
  const renamed = files.filter((file) => changes.renames.has(file));
  const changed = files.filter((file) => !deleted.includes(file) && !renamed.includes(file));
  return [
    ...(changed.length === 0 ? [] : [`${listFiles(changed)} changed`]),
    ...(renamed.length === 0 ? [] : [`${listFiles(renamed)} renamed`]),
    ...(deleted.length === 0 ? [] : [`${listFiles(deleted)} deleted`]),
  ].join(', ');
}
