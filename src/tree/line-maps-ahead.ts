/**
 * Line maps asked of git before attribution needs them (attempt/attribute-edit.ts): the maps of
 * the files an edit modified in place that had anchored findings before it, between the two trees
 * compared. A file modified in place (not a rename's either side) has the same map whichever other
 * paths git is asked about with it (rename detection pairs only added and deleted paths), so
 * attribution takes those it needs from here and asks git for the rest.
 *
 * A check asks for them while its checks run. A long-lived culprit asks sooner: as it follows an
 * edit it has read the new tree and diffed it with the last check's base (TreeDiffMemory), and
 * the next check most likely compares the same two trees, so the maps are read then, before the
 * check comes (LineMapsMemory). Tree ids name content: maps read for two trees are theirs for good.
 */
import type { AnchoredDiagnostic } from '../core/diagnostic.js';
import type { LineMap } from '../core/identity/line-map.js';
import type { TreeChanges } from '../core/snapshot.js';
import { readLineMaps } from '../git/diff-lines.js';
import type { Repository } from '../git/git.js';

export interface LineMapsAhead {
  base: string;
  current: string;
  paths: ReadonlySet<string>;
  /** Undefined when git could not tell them: attribution asks again. */
  maps: Promise<readonly LineMap[] | undefined>;
}

/** More files than this modified with findings (a sweeping change): nothing is asked ahead. */
const maxAheadPaths = 64;

/** Each check's findings on the base tree, anchored: the files among them an edit modified are the ones to map. */
export type BaseFindings = readonly (readonly AnchoredDiagnostic[])[];

/**
 * Starts reading the maps from `base` to `current` of the files `changes` modified in place that
 * had anchored findings in the base (`before`); undefined when there are none, or too many.
 */
export function readLineMapsAhead(
  repo: Repository,
  trees: { base: string; current: string; changes: TreeChanges },
  before: BaseFindings,
): LineMapsAhead | undefined {
  const { base, current, changes } = trees;
  if (changes.changed.size === 0) return undefined;
  const renamedTo = new Set(changes.renames.values());
  const paths = new Set<string>();
  for (const findings of before)
    for (const { path, anchor } of findings)
      if (path !== null && anchor !== '' && changes.changed.has(path) && !renamedTo.has(path)) paths.add(path);
  if (paths.size === 0 || paths.size > maxAheadPaths) return undefined;
  const maps = readLineMaps(repo, base, current, [...paths]).catch(() => undefined);
  return { base, current, paths, maps };
}

/**
 * A long-lived culprit's maps read ahead: a check says what it compared against (`plan`: its base
 * tree and the findings there), a follow of the next edit reads the maps from that base to
 * the tree it read (`prepare`), and the next check takes them when it compares the same two trees
 * (`find`). One plan and one reading are kept: a check's own base is the one to prepare for.
 */
export interface LineMapsMemory {
  plan(base: string, before: BaseFindings): void;
  /** `changesFrom`: the diff from a base to `current`, when it is known without asking git. */
  prepare(repo: Repository, current: string, changesFrom: (base: string) => TreeChanges | undefined): void;
  find(base: string, current: string): LineMapsAhead | undefined;
}

export function makeLineMapsMemory(): LineMapsMemory {
  let planned: { base: string; before: BaseFindings } | undefined;
  let prepared: LineMapsAhead | undefined;
  return {
    plan(base, before) {
      planned = { base, before };
    },
    prepare(repo, current, changesFrom) {
      if (planned === undefined || planned.base === current) return;
      if (prepared?.base === planned.base && prepared.current === current) return;
      const changes = changesFrom(planned.base);
      prepared =
        changes === undefined
          ? undefined
          : readLineMapsAhead(repo, { base: planned.base, current, changes }, planned.before);
    },
    find(base, current) {
      return prepared?.base === base && prepared.current === current ? prepared : undefined;
    },
  };
}
