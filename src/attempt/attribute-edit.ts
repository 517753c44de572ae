/**
 * Attribution of one edit: findings compared by identity, then, in the files where that left a
 * finding introduced beside one resolved of the same rule (or among identical ones), matched
 * again along the edit's diff, so that editing a flagged line does not make its standing findings
 * new (core/reanchor.ts). The diff is asked of git only for those files, between the two trees'
 * ids; outside git there is no base text to diff, and identity alone decides. Those files are
 * among the ones the edit modified that had findings before, whose diffs a check asks for while
 * its checks run, or a server as it follows the edit, rather than after them (tree/line-maps-ahead.ts).
 */
import { attribute, type Attribution } from '../core/attribute.js';
import type { AnchoredDiagnostic } from '../core/diagnostic.js';
import { listReanchorPaths, reanchorAttribution } from '../core/reanchor.js';
import type { TreeChanges, TreeState } from '../core/snapshot.js';
import { logDebug } from '../debug/log-debug.js';
import type { LineMap } from '../core/identity/line-map.js';
import { readLineMaps } from '../git/diff-lines.js';
import type { Repository } from '../git/git.js';
import type { LineMapsAhead } from '../tree/line-maps-ahead.js';

export interface EditAttributionInput {
  before: readonly AnchoredDiagnostic[];
  after: readonly AnchoredDiagnostic[];
  /** The base findings' stored hashes, when the baseline has them (see AttributeOptions). */
  beforeHashes?: readonly string[] | undefined;
  /** The trees the findings were found in, and what changed between them. */
  base: TreeState;
  current: TreeState;
  changes: TreeChanges;
  repo: Repository | null;
  hasLine: (path: string, anchor: string) => boolean;
  /** The line maps asked for before attribution, when they were (tree/line-maps-ahead.ts). */
  ahead?: Promise<LineMapsAhead | undefined> | undefined;
}

export async function attributeEdit(input: EditAttributionInput): Promise<Attribution> {
  const { before, changes, hasLine } = input;
  const attributed = attribute(before, input.after, {
    renames: changes.renames,
    hasLine,
    beforeHashes: input.beforeHashes,
  });
  const paths = listReanchorPaths(attributed, changes.renames).filter((path) => changes.changed.has(path));
  if (paths.length === 0 || input.repo === null || input.base.kind !== 'git' || input.current.kind !== 'git')
    return attributed;
  const started = performance.now();
  const fromOf = new Map([...changes.renames].map(([from, to]) => [to, from]));
  const trees = { base: input.base.treeId, current: input.current.treeId };
  const ahead = await takeAhead(input.ahead, trees, paths);
  const rest = paths.filter((path) => !ahead.covered.has(path));
  let maps: LineMap[];
  try {
    maps = [
      ...ahead.maps,
      ...(rest.length === 0
        ? []
        : await readLineMaps(input.repo, input.base.treeId, input.current.treeId, [
            ...rest,
            ...rest.flatMap((to) => fromOf.get(to) ?? []),
          ])),
    ];
  } catch (error) {
    // A base tree git no longer has (its unreferenced objects pruned) leaves identity to decide, as outside git.
    logDebug(`re-anchoring: no diff (${(error as Error).message})`);
    return attributed;
  }
  // Only the pairing the comparison of the trees made: git may pair paths otherwise when asked about a few.
  const lineMaps = new Map(
    maps.filter((map) => (fromOf.get(map.to) ?? map.to) === map.from).map((map) => [map.to, map]),
  );
  const reanchored = reanchorAttribution(attributed, { before, renames: changes.renames, lineMaps, hasLine });
  logDebug(
    `re-anchoring: ${lineMaps.size} of ${paths.length} files mapped (${paths.length - rest.length} read ahead), ${reanchored.reanchored?.length ?? 0} findings found again, ${Math.round(performance.now() - started)} ms`,
  );
  return reanchored;
}

/**
 * The maps read ahead for those of `paths` they cover, when they were read between the very
 * trees compared (LineMapsAhead): a covered path without a map there is no modified text file,
 * and gets none from git now either.
 */
async function takeAhead(
  readAhead: EditAttributionInput['ahead'],
  trees: { base: string; current: string },
  paths: readonly string[],
): Promise<{ covered: ReadonlySet<string>; maps: LineMap[] }> {
  const none = { covered: new Set<string>(), maps: [] };
  const ahead = await readAhead;
  if (ahead?.base !== trees.base || ahead.current !== trees.current) return none;
  const covered = new Set(paths.filter((path) => ahead.paths.has(path)));
  const maps = covered.size === 0 ? undefined : await ahead.maps;
  if (maps === undefined) return none;
  return { covered, maps: maps.filter((map) => covered.has(map.to)) };
}
