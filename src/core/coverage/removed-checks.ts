/**
 * A check of the baseline that no longer runs: its configuration was deleted or renamed, it was
 * taken out of culprit.config.json, or detection no longer finds it. Dropping it in silence would
 * let an edit reach "no new findings" by switching a check off, so each one is a finding of its
 * own, placed on the file whose change explains it.
 */
import type { AnchoredDiagnostic } from '../diagnostic.js';
import type { SnapshotCheck, TreeChanges } from '../snapshot.js';

export interface RemovedChecksInput {
  base: readonly Pick<SnapshotCheck, 'name' | 'configFiles'>[];
  current: readonly { name: string }[];
  changes: TreeChanges;
  /** culprit's own configuration file, repository-relative: listing checks there replaces detection. */
  configFile: string;
}

export function listRemovedChecks({ base, current, changes, configFile }: RemovedChecksInput): AnchoredDiagnostic[] {
  const running = new Set(current.map((check) => check.name));
  return base
    .filter((check) => !running.has(check.name))
    .map((check): AnchoredDiagnostic => {
      const configs = check.configFiles ?? [];
      const deleted = configs.filter((file) => changes.deleted.has(file));
      const renamed = configs.filter((file) => changes.renames.has(file));
      const { path, why } =
        deleted.length > 0
          ? { path: deleted[0]!, why: `${listFiles(deleted)} ${deleted.length === 1 ? 'was' : 'were'} deleted` }
          : renamed.length > 0
            ? {
                path: changes.renames.get(renamed[0]!)!,
                why: `${listFiles(renamed)} ${renamed.length === 1 ? 'was' : 'were'} renamed`,
              }
            : hasTouched(changes, configFile)
              ? { path: configFile, why: `${configFile} changed` }
              : { path: configs[0] ?? null, why: 'its configuration is no longer found' };
      return {
        tool: check.name,
        code: 'check-removed',
        severity: 'error',
        phase: 'config',
        path,
        line: 0,
        column: 0,
        message: `${check.name} no longer runs: ${why}`,
        anchor: '',
        kind: 'check-removed',
      };
    });
}

/** Whether the edit created, changed, deleted or renamed the file. */
export function hasTouched(changes: TreeChanges, path: string): boolean {
  return changes.changed.has(path) || changes.deleted.has(path) || changes.renames.has(path);
}

/** `a`, `a and b`, `a, b and c`. */
export function listFiles(files: readonly string[]): string {
  return files.length <= 1 ? files.join('') : `${files.slice(0, -1).join(', ')} and ${files.at(-1)}`;
}
