/**
 * A snapshot is every configured check run once on one tree: their anchored findings, statuses
 * and versions, and the identity of the tree they ran on. A task's baseline is a snapshot; so is
 * each attempt's "after" state.
 */
import { createHash } from 'node:crypto';
import type { CheckRun, ImportRecord } from './check-run.js';
import type { AnchoredDiagnostic } from './diagnostic.js';

export interface SnapshotCheck extends Omit<CheckRun, 'diagnostics' | 'imports'> {
  diagnostics: AnchoredDiagnostic[];
  /**
   * The imports of the tree's own files as the check resolved them (installed packages' files
   * left out): a cold check against this baseline reads again only the edited files' imports
   * (checks/tsc/native-seed.ts). Absent from snapshots taken before, and from remote ones.
   */
  imports?: ImportRecord | undefined;
  /**
   * Each diagnostic's fingerprint hash under its own path, by index, in a snapshot read from the
   * store (which writes them): attribution against it need not hash its findings again.
   */
  hashes?: string[];
  /** The fingerprintScheme the hashes were made with; hashes of another scheme (or none recorded: 1) are not used. */
  hashScheme?: number;
}

/** Repository-relative POSIX path → sha1 of the content (a tree's state outside git). */
export type FileHashes = Record<string, string>;

/** Identity of the tree a snapshot was taken on: a git tree id, or per-file hashes outside git. */
export type TreeState = { kind: 'git'; treeId: string } | { kind: 'files'; hashes: FileHashes };

/** What changed between two trees, as paths of the current tree. */
export interface TreeChanges {
  /** Current paths of files added, modified or renamed. */
  changed: Set<string>;
  /** Deleted paths. */
  deleted: Set<string>;
  /** Base path → current path. */
  renames: Map<string, string>;
}

export interface Snapshot {
  version: 1;
  takenAt: string;
  tree: TreeState;
  checks: SnapshotCheck[];
}

/** The findings about the code; the suppression directives a check reports are not debt of their own. */
export function countFindings(snapshot: Snapshot): { findings: number; errors: number } {
  let findings = 0;
  let errors = 0;
  for (const check of snapshot.checks) {
    for (const diagnostic of check.diagnostics) {
      if (diagnostic.kind !== undefined) continue;
      findings += 1;
      if (diagnostic.severity === 'error') errors += 1;
    }
  }
  return { findings, errors };
}

/** A short identity for a tree state: the git tree id, or a hash over the per-file hashes. */
export function makeTreeKey(tree: TreeState): string {
  if (tree.kind === 'git') return tree.treeId;
  const hash = createHash('sha1');
  for (const path of Object.keys(tree.hashes).sort()) hash.update(`${path}\0${tree.hashes[path]}\0`);
  return `files:${hash.digest('hex')}`;
}
