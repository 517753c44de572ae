/**
 * Gives a copy of a base tree what git does not track but the checks need: the repository's
 * installed packages and other ignored files (generated code, build output of sibling packages),
 * as symbolic links to the work tree's. Ignored paths are part of no tree id, so the work tree's
 * are the right ones for the base as well.
 *
 * node_modules folders are not linked whole: each package in them is, and a package that links
 * back into the repository (a workspace package) is pointed at its counterpart in the copy, or the
 * base run would read the work tree's source of that package.
 *
 * Nothing is ever created below a symbolic link in the copy, so no write can land in the work tree.
 */
import { lstatSync, mkdirSync, readdirSync, realpathSync, statSync, symlinkSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { isInside } from '../core/is-inside.js';

/**
 * Ignored folders that tools write into as they run (caches, build directories): a base run
 * must not write the base tree's results into the user's copies, so these are not linked.
 */
const unlinkedNames: ReadonlySet<string> = new Set([
  '.mypy_cache',
  '.ruff_cache',
  '.pytest_cache',
  '__pycache__',
  '.eslintcache',
  'target',
]);

export interface LinkIgnoredRequest {
  /** The repository's work tree. */
  root: string;
  /** The copy of the base tree. */
  copy: string;
  /** Ignored paths as `git ls-files --others --ignored --directory` lists them (folders end in `/`). */
  ignored: readonly string[];
}

export function linkIgnoredPaths(request: LinkIgnoredRequest): void {
  const { root, copy } = request;
  const rootReal = realpathSync(root);
  const linked = new Set<string>();
  const isRealDirectory = makeRealDirectoryTest(copy);
  for (const entry of [...request.ignored].sort()) {
    const path = entry.replace(/\/+$/, '');
    if (path === '' || hasLinkedAncestor(path, linked) || unlinkedNames.has(basename(path))) continue;
    const parent = dirname(path);
    // An ignored path in a folder the base tree does not have belongs to an untracked folder of the edit.
    if (!isRealDirectory(parent === '.' ? '' : parent) || exists(join(copy, path))) continue;
    if (basename(path) === 'node_modules' && isDirectory(join(root, path))) {
      linkPackages({ source: join(root, path), target: join(copy, path), rootReal, copy });
    } else {
      symlinkSync(join(root, path), join(copy, path));
    }
    linked.add(path);
  }
}

interface PackageLinks {
  source: string;
  target: string;
  rootReal: string;
  copy: string;
}

function linkPackages(links: PackageLinks): void {
  mkdirSync(links.target);
  for (const entry of readEntries(links.source)) {
    const from = join(links.source, entry.name);
    const to = join(links.target, entry.name);
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      mkdirSync(to);
      for (const scoped of readEntries(from)) linkPackage(join(from, scoped.name), join(to, scoped.name), links);
    } else {
      linkPackage(from, to, links);
    }
  }
}

/** Links one installed package: a workspace package to its copy, anything else to where it really is. */
function linkPackage(from: string, to: string, links: PackageLinks): void {
  let real: string;
  try {
    real = realpathSync(from);
  } catch {
    symlinkSync(from, to); // dangling in the work tree too
    return;
  }
  const inRepository = relative(links.rootReal, real);
  const isWorkspacePackage = isInside(links.rootReal, real) && !inRepository.split(sep).includes('node_modules');
  symlinkSync(isWorkspacePackage ? join(links.copy, inRepository) : real, to);
}

function hasLinkedAncestor(path: string, linked: ReadonlySet<string>): boolean {
  for (let parent = dirname(path); parent !== '.' && parent !== '/'; parent = dirname(parent)) {
    if (linked.has(parent)) return true;
  }
  return false;
}

/** Whether every component of a folder in the copy is a real folder (no symbolic link on the way). */
function makeRealDirectoryTest(copy: string): (path: string) => boolean {
  const known = new Map<string, boolean>([['', true]]);
  const test = (path: string): boolean => {
    const cached = known.get(path);
    if (cached !== undefined) return cached;
    const parent = dirname(path);
    let result = test(parent === '.' ? '' : parent);
    if (result) {
      try {
        const stat = lstatSync(join(copy, path));
        result = stat.isDirectory() && !stat.isSymbolicLink();
      } catch {
        result = false;
      }
    }
    known.set(path, result);
    return result;
  };
  return test;
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function readEntries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
