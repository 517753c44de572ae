/**
 * Reading and rewriting the work tree's own files for `culprit fix`. Only a regular file inside
 * the work tree is read (a link is not followed out of it, nor replaced by a file), and each file
 * is replaced whole by rename (state/atomic-write.ts: mode and owner kept, flushed to disk, its
 * folder's real path checked again right before the rename), so an interrupted fix leaves every
 * file either as it was or fixed, never half written. A file the user cannot write, or made
 * read-only, is refused before anything is written.
 */
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isInside } from '../core/is-inside.js';
import { makeUserError } from '../core/errors.js';
import { describeWriteRefusal, type WriteRefusal } from '../core/write-refusal.js';
import { findWriteRefusal, writeFileAtomic } from '../state/atomic-write.js';

/** A file's text now, or undefined when it is not a regular file inside the work tree (or cannot be read). */
export function readTreeFile(root: string, path: string): string | undefined {
  const file = join(root, path);
  try {
    if (!isInside(root, file) || !lstatSync(file).isFile() || !isInside(realpathSync(root), realpathSync(file)))
      return undefined;
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export interface FileRewrite {
  path: string;
  /** The text the edits were planned on: the file must still read so when it is replaced. */
  before: string;
  after: string;
}

/** The files culprit may not replace (read-only, another user's), with repository-relative paths. */
export function findRefusedRewrites(root: string, rewrites: readonly { path: string }[]): WriteRefusal[] {
  return rewrites.flatMap((rewrite) => {
    const refusal = findWriteRefusal(join(root, rewrite.path));
    return refusal === undefined ? [] : [{ ...refusal, path: rewrite.path }];
  });
}

/**
 * Replaces each file with its new text. Every file is compared with the text its edits were
 * planned on first, and asked whether culprit may replace it; if one differs (someone edited it
 * meanwhile) or is refused, nothing is written.
 */
export function rewriteFiles(root: string, rewrites: readonly FileRewrite[]): void {
  const changed = rewrites.filter((rewrite) => readTreeFile(root, rewrite.path) !== rewrite.before);
  if (changed.length > 0)
    throw makeUserError(
      `${changed.map((rewrite) => rewrite.path).join(', ')} changed while culprit fix ran; nothing was written (run it again)`,
    );
  const refused = findRefusedRewrites(root, rewrites);
  if (refused.length > 0)
    throw makeUserError(`culprit fix wrote nothing: ${refused.map(describeWriteRefusal).join('; ')}`);
  // Each folder's real path as checked (inside the work tree): a folder swapped for a link meanwhile stops the write.
  const planned = rewrites.map((rewrite) => {
    const file = join(root, rewrite.path);
    return { file, text: rewrite.after, realFolder: realpathSync(dirname(file)) };
  });
  for (const { file, text, realFolder } of planned) writeFileAtomic(file, text, { inTree: true, realFolder });
}
