/**
 * Both sides of the edit a check compared, for `culprit fix`: the baseline's text of every file
 * the edit touched, read from git's objects (the baseline's tree is one), and which lines of each
 * file the edit changed (git's diff between the two trees, as attribution re-anchors by). Outside git the baseline is file hashes without text: nothing is known
 * of either, and fix offers nothing that needs it.
 */
import { readEditedLines, splitTextLines, type EditedLines } from '../core/fix/edited-lines.js';
import type { LineMap } from '../core/identity/line-map.js';
import { stripByteOrderMark } from '../core/fix/text-positions.js';
import type { TreeChanges, TreeState } from '../core/snapshot.js';
import type { Repository } from '../git/git.js';
import { readBlobTexts } from '../git/read-blobs.js';
import { readLineMaps } from '../git/diff-lines.js';

export interface EditSides {
  /** The baseline's text of every path the edit touched, by path (base paths, and the current paths of added and moved files): null where the baseline has none. */
  baseFiles: Record<string, string | null>;
  /** Base path → current path of the files the edit moved. */
  movedTo: ReadonlyMap<string, string>;
  /** Base paths of the files the edit deleted. */
  deleted: ReadonlySet<string>;
  /** The baseline's text of a file by base path: undefined for a file the edit did not touch. */
  baseTextOf(basePath: string): string | null | undefined;
  /** The lines the edit changed in a file (current path); undefined for one it did not touch. */
  editedLinesOf(path: string): EditedLines | undefined;
}

export async function readEditSides(
  repo: Repository | null,
  edit: { tree: TreeState; current: TreeState; changes: TreeChanges },
  readText: (path: string) => string | undefined,
): Promise<EditSides | undefined> {
  if (repo === null || edit.tree.kind !== 'git' || edit.current.kind !== 'git') return undefined;
  const { changes } = edit;
  const basePathOf = new Map<string, string>();
  for (const [from, to] of changes.renames) basePathOf.set(to, from);
  const changed = [...changes.changed];
  const basePaths = [...new Set([...changed.map((path) => basePathOf.get(path) ?? path), ...changes.deleted])];
  let texts: (string | undefined)[];
  let maps: LineMap[];
  try {
    texts = await readBlobTexts(
      repo,
      basePaths.map((path) => `${(edit.tree as { treeId: string }).treeId}:${path}`),
    );
    // What the edit made of each line: the hunks of git's own diff between the two trees.
    maps = await readLineMaps(repo, edit.tree.treeId, edit.current.treeId, [...changed, ...changes.renames.keys()]);
  } catch {
    // Objects git no longer has (a started task's tree pruned by gc): nothing is known of the baseline's side.
    return undefined;
  }
  const baseFiles: Record<string, string | null> = {};
  basePaths.forEach((path, index) => (baseFiles[path] = texts[index]?.replace(/^\uFEFF/, '') ?? null));
  // A file moved to a path the baseline did not have is not there on the baseline's side.
  for (const path of basePathOf.keys()) if (!(path in baseFiles)) baseFiles[path] = null;
  const mapOf = new Map(maps.map((map) => [map.to, map]));
  const edited = new Map<string, EditedLines | undefined>();
  return {
    baseFiles,
    movedTo: changes.renames,
    deleted: changes.deleted,
    baseTextOf: (path) => (path in baseFiles ? baseFiles[path] : undefined),
    editedLinesOf: (path) => {
      if (!changes.changed.has(path)) return undefined;
      if (!edited.has(path)) {
        const map = mapOf.get(path);
        const text = readText(path);
        const before = baseFiles[basePathOf.get(path) ?? path];
        // Added, or changed in a way git gives no line map of: every line is the edit's.
        const whole = { added: text === undefined ? 0 : splitTextLines(stripByteOrderMark(text)).length };
        edited.set(
          path,
          before === undefined ? undefined : readEditedLines(before === null || map === undefined ? whole : map),
        );
      }
      return edited.get(path);
    },
  };
}
