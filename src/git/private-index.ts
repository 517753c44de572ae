/**
 * A private index file for git plumbing (`GIT_INDEX_FILE`), so the user's index is never read
 * for writing nor locked. It lives in culprit's scratch folder and is removed afterwards, on a
 * signal too; folders left by a culprit killed with SIGKILL are swept by the next one.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  readPrefixedPid,
  releaseTemporaryPath,
  sweepAbandonedPaths,
  trackTemporaryPath,
} from '../state/temporary-paths.js';

const prefix = 'index-';

/**
 * Runs `use` with the path of a new private index, in a folder of its own
 * (`index-<pid>-<random>/index`, git's `index.lock` beside it): removing the folder leaves no
 * place where a git still running could write either file again.
 */
export async function withPrivateIndex<T>(scratchDir: string, use: (index: string) => Promise<T>): Promise<T> {
  mkdirSync(scratchDir, { recursive: true });
  sweepAbandonedPaths(scratchDir, readPrefixedPid(prefix));
  const dir = join(scratchDir, `${prefix}${process.pid}-${randomBytes(4).toString('hex')}`);
  trackTemporaryPath(dir);
  try {
    mkdirSync(dir);
    return await use(join(dir, 'index'));
  } finally {
    releaseTemporaryPath(dir);
  }
}
