/**
 * Both sides of the edit a check compared, for `culprit fix`: the baseline's text of every file
 * the edit touched, read from git's objects (the baseline's tree is one), and which lines of each
 * file the edit changed. Outside git the baseline is file hashes without text: nothing is known
 * of either, and fix offers nothing that needs it.
 */
import { readEditedLines, type EditedLines } from '../core/fix/edited-lines.js';
import { stripByteOrderMark } from '../core/fix/text-positions.js';
import type { TreeChanges, TreeState } from '../core/snapshot.js';
import type { Repository } from '../git/git.js';
import { readTreeTexts } from '../git/read-tree-texts.js';

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
  base: { tree: TreeState; changes: TreeChanges },
  readText: (path: string) => string | undefined,
): Promise<EditSides | undefined> {
  if (repo === null || base.tree.kind !== 'git') return undefined;
  const { changes } = base;
  const basePathOf = new Map<string, string>();
  for (const [from, to] of changes.renames) basePathOf.set(to, from);
  const changed = [...changes.changed];
  const basePaths = [...new Set([...changed.map((path) => basePathOf.get(path) ?? path), ...changes.deleted])];
  const texts = await readTreeTexts(repo, base.tree.treeId, basePaths);
  if (texts === undefined) return undefined;
  const baseFiles: Record<string, string | null> = {};
  basePaths.forEach((path, index) => (baseFiles[path] = texts[index] ?? null));
  // A file moved to a path the baseline did not have is not there on the baseline's side.
  for (const path of basePathOf.keys()) if (!(path in baseFiles)) baseFiles[path] = null;
  const edited = new Map<string, EditedLines | undefined>();
  return {
    baseFiles,
    movedTo: changes.renames,
    deleted: changes.deleted,
    baseTextOf: (path) => (path in baseFiles ? baseFiles[path] : undefined),
    editedLinesOf: (path) => {
      if (!changes.changed.has(path)) return undefined;
      if (!edited.has(path)) {
        const text = readText(path);
        const before = baseFiles[basePathOf.get(path) ?? path];
        edited.set(
          path,
          text === undefined || before === undefined ? undefined : readEditedLines(before, stripByteOrderMark(text)),
        );
      }
      return edited.get(path);
    },
  };
}
