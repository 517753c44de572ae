/**
 * Reading and rewriting the work tree's own files for `culprit fix`. Only a regular file inside
 * the work tree is read (a link is not followed out of it, nor replaced by a file), and each file
 * is replaced whole by rename, with its mode kept, so an interrupted fix leaves every file either
 * as it was or fixed, never half written.
 */
import { chmodSync, lstatSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { isInside } from '../core/is-inside.js';
import { makeUserError } from '../core/errors.js';

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

/**
 * Replaces each file with its new text. Every file is compared with the text its edits were
 * planned on first; if one differs (someone edited it meanwhile), nothing is written.
 */
export function rewriteFiles(root: string, rewrites: readonly FileRewrite[]): void {
  const changed = rewrites.filter((rewrite) => readTreeFile(root, rewrite.path) !== rewrite.before);
  if (changed.length > 0)
    throw makeUserError(
      `${changed.map((rewrite) => rewrite.path).join(', ')} changed while culprit fix ran; nothing was written (run it again)`,
    );
  for (const rewrite of rewrites) replaceFile(join(root, rewrite.path), rewrite.after);
}

function replaceFile(file: string, text: string): void {
  const temporary = join(
    dirname(file),
    `.${basename(file)}.culprit-${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    chmodSync(temporary, statSync(file).mode & 0o7777);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
