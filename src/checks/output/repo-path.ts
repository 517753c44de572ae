/**
 * Tools report absolute paths, sometimes through symlinks and sometimes resolved; diagnostics
 * and graph edges carry repository-relative POSIX paths so two trees (the work tree and a
 * temporary copy of the base) name the same file the same way. Messages that embed an absolute
 * path get the same treatment, or a finding would change identity with the tree's location.
 */
import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { isInside } from '../../core/is-inside.js';

/** A function turning an absolute path into a POSIX path relative to `root` (`../` when outside). */
export function makeRepoPath(root: string): (absolute: string) => string {
  const roots = readRootSpellings(root);
  return (absolute) => {
    // Prefer the root spelling the path already starts with, so a symlinked root does not
    // turn every file into `../../real/location/…`.
    const base = roots.find((candidate) => absolute === candidate || isInside(candidate, absolute)) ?? root;
    return toPosix(relative(base, absolute));
  };
}

/** A function removing `<root>/` from a message, leaving the paths in it repository-relative. */
export function makeRootStripper(root: string): (message: string) => string {
  const prefixes = readRootSpellings(root)
    .map((spelling) => spelling.replace(/[/\\]+$/, '') + sep)
    .sort((a, b) => b.length - a.length);
  return (message) => prefixes.reduce((text, prefix) => text.split(prefix).join(''), message);
}

function readRootSpellings(root: string): string[] {
  return [...new Set([root, readRealPath(root)])];
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

function readRealPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
