/**
 * Files culprit writes (its state, and the work tree's files `culprit fix` rewrites) are replaced
 * whole, by rename, so a reader never sees half a file and an interrupted write leaves the
 * previous version intact:
 *
 * - a file the user cannot write, or has made read-only (root included: a rename would replace
 *   it regardless), is refused, and so is one whose owner a rename would change;
 * - the new file gets the old one's mode, owner and group;
 * - it is written under a temporary name beside the file, flushed to disk (`fsync`), renamed over
 *   it, and the folder is flushed too, so after a crash the name points at the old content or
 *   the new, never at an empty file;
 * - right before the rename the folder's real path and the file are looked at again: a folder
 *   swapped for a link, or a file swapped for another, stops the write;
 * - the temporary name carries the writer's pid, so what a writer killed with SIGKILL left (a
 *   signal Node handles cannot land between the synchronous write and the rename) is removed by
 *   the next write in that folder. write-file-atomic names its temporary files by a hash of pid
 *   and counter, from which nobody can tell whether the writer is gone (docs/ARCHITECTURE.md).
 *
 * State files use `<name>.<pid>.<8 hex>.tmp` (no reader opens such a name); files of the work
 * tree use `.<name>.culprit-<pid>-<8 hex>.tmp`, hidden and named for whoever finds one.
 */
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { makeUserError } from '../core/errors.js';
import { describeWriteRefusal, type WriteRefusal } from '../core/write-refusal.js';
import { sweepAbandonedPaths } from './temporary-paths.js';

export interface AtomicWriteOptions {
  /** A file of the work tree: a hidden temporary name (see above). */
  inTree?: boolean | undefined;
  /** The folder's real path as it was checked (inside the work tree): it must still be that right before the rename. */
  realFolder?: string | undefined;
}

export function writeFileAtomic(path: string, content: string, options: AtomicWriteOptions = {}): void {
  const folder = dirname(path);
  const naming = options.inTree === true ? treeNaming : stateNaming;
  mkdirSync(folder, { recursive: true });
  sweepAbandonedPaths(folder, naming.readPid(basename(path)));
  const existing = readExisting(path);
  if (existing !== undefined) {
    const refusal = findRefusal(path, existing);
    if (refusal !== undefined) throw makeUserError(`${describeWriteRefusal(refusal)}: culprit will not replace it`);
  }
  const temporary = join(folder, naming.make(basename(path)));
  let fd: number | undefined;
  try {
    fd = openSync(temporary, 'wx', 0o666);
    if (existing !== undefined) {
      // The owner first: changing it clears set-id bits, which the mode then restores.
      if (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.())
        fchownSync(fd, existing.uid, existing.gid);
      fchmodSync(fd, existing.mode & 0o7777);
    }
    writeFileSync(fd, content);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    checkUnmoved(path, existing, options.realFolder);
    renameSync(temporary, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temporary, { force: true });
    throw nameFailedPath(error, path);
  }
  syncFolder(folder);
}

/**
 * Why `path` would not be replaced, or undefined (also when it does not exist yet): for `culprit
 * fix` to ask of every file before it writes any.
 */
export function findWriteRefusal(path: string): WriteRefusal | undefined {
  const existing = readExisting(path);
  return existing === undefined ? undefined : findRefusal(path, existing);
}

function readExisting(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw nameFailedPath(error, path);
  }
}

function findRefusal(path: string, stats: Stats): WriteRefusal | undefined {
  if (!stats.isFile()) return { path, problem: 'not-file' };
  const uid = process.getuid?.();
  // Root may write anything: a file made read-only for everyone is still refused, as the user meant.
  if ((stats.mode & 0o222) === 0) return { path, problem: 'read-only', mode: stats.mode & 0o7777 };
  if (uid !== undefined && uid !== 0) {
    try {
      accessSync(path, constants.W_OK);
    } catch {
      return { path, problem: 'read-only', mode: stats.mode & 0o7777 };
    }
    if (stats.uid !== uid) return { path, problem: 'owner', owner: stats.uid, uid };
  }
  return undefined;
}

/** The folder must still be where it was checked, and the file the one that was checked. */
function checkUnmoved(path: string, before: Stats | undefined, realFolder: string | undefined): void {
  if (realFolder !== undefined && realpathSync(dirname(path)) !== realFolder)
    throw makeUserError(
      `${path}: its folder was moved or replaced by a link while culprit ran; nothing was written there`,
    );
  if (before === undefined) return;
  const now = readExisting(path);
  if (now?.isFile() !== true || now.ino !== before.ino || now.dev !== before.dev)
    throw makeUserError(`${path} was replaced while culprit ran; culprit did not write it`);
}

/** The folder's entry for the new name reaches the disk too (not every file system can fsync a folder). */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // EISDIR/EINVAL/EPERM where folders cannot be synced: the rename is done all the same.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * An error of a write names the file culprit was writing, not the temporary name beside it (a
 * write past a size limit names no path at all): the CLI's one line says which file failed.
 */
function nameFailedPath(error: unknown, path: string): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const errno = error as NodeJS.ErrnoException;
  if (typeof errno.code !== 'string' || typeof errno.syscall !== 'string') return error;
  errno.path = path;
  return errno;
}

interface TemporaryNaming {
  make(name: string): string;
  /** The pid in a temporary name of `name`'s writes, or null for any other entry. */
  readPid(name: string): (entry: string) => number | null;
}

const stateNaming: TemporaryNaming = {
  make: (name) => `${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  readPid: (name) => (entry) => {
    if (!entry.startsWith(`${name}.`)) return null;
    const digits = /^\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(entry.slice(name.length))?.[1];
    return digits === undefined ? null : Number(digits);
  },
};

/** Any file's leftovers in the folder, not only this name's: a fix rarely writes the same file twice. */
const treeNaming: TemporaryNaming = {
  make: (name) => `.${name}.culprit-${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
  readPid: () => (entry) => {
    const digits = /^\..+\.culprit-(\d+)-[0-9a-f]{8}\.tmp$/.exec(entry)?.[1];
    return digits === undefined ? null : Number(digits);
  },
};
