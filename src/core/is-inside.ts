/**
 * Whether a path lies below a directory, by spelling only (no links are followed). The one
 * definition for everywhere culprit asks it: a relative path that starts with `..` is not
 * necessarily outside, since a file or folder may be named `..foo`; only `..` itself, or `..`
 * followed by a separator, leaves the directory.
 */
import { isAbsolute, relative, sep } from 'node:path';

/** True when `path` is strictly below `directory`; the directory itself is not inside. */
export function isInside(directory: string, path: string): boolean {
  const rel = relative(directory, path);
  // Another drive on Windows comes back absolute.
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * Whether `path` names a file inside a tree, relative to its root: not absolute (POSIX, a drive,
 * a UNC path), no `..` segment, no NUL. Paths from elsewhere (a remote artifact) must be so
 * before culprit reads the files they name.
 */
export function isTreePath(path: string): boolean {
  if (path === '' || path.includes('\0') || isAbsolute(path) || /^[A-Za-z]:/.test(path) || /^[\\/]/.test(path))
    return false;
  return !path.split(/[\\/]/).includes('..');
}
