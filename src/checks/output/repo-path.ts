/**
 * Tools report absolute paths, sometimes through symlinks and sometimes resolved; diagnostics
 * and graph edges carry repository-relative POSIX paths so two trees (the work tree and a
 * temporary copy of the base) name the same file the same way. Messages that embed an absolute
 * path get the same treatment, or a finding would change identity with the tree's location.
 */
import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { isInside } from '../../core/is-inside.js';

/**
 * A function turning an absolute path into a POSIX path relative to `root` (`../` when outside).
 * Its answers are kept per root, for the last few roots a process used: a warm session asks
 * again for every file of its programs and every linted file on every run (800 files took 18 ms
 * of a check in `path.relative`), and the answer depends on the text only.
 */
export function makeRepoPath(root: string): (absolute: string) => string {
  let toRepoPath = keptRoots.get(root);
  if (toRepoPath === undefined) {
    toRepoPath = makeKeptRepoPath(root);
    if (keptRoots.size >= maxKeptRoots) keptRoots.delete(keptRoots.keys().next().value!);
    keptRoots.set(root, toRepoPath);
  }
  return toRepoPath;
}

/** Temporary trees (a base snapshot's) are roots too: a few are kept, not every one a long-lived process saw. */
const maxKeptRoots = 8;
const keptRoots = new Map<string, (absolute: string) => string>();

function makeKeptRepoPath(root: string): (absolute: string) => string {
  const roots = readRootSpellings(root);
  const known = new Map<string, string>();
  return (absolute) => {
    let path = known.get(absolute);
    if (path === undefined) {
      // Prefer the root spelling the path already starts with, so a symlinked root does not
      // turn every file into `../../real/location/…`.
      const base = roots.find((candidate) => absolute === candidate || isInside(candidate, absolute)) ?? root;
      path = toPosix(relative(base, absolute));
      known.set(absolute, path);
    }
    return path;
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
