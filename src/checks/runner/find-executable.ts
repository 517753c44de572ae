/**
 * Finds the repository's own copy of a command before one on PATH: node_modules/.bin (walking
 * up, for monorepos) and the repository's virtualenv. A temporary copy of a base tree has no
 * virtualenv (it is not in git), so the work tree's is looked at after the checked tree's.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

export type LocalBin = 'node' | 'python';

export interface FindExecutableOptions {
  /** Where the repository may keep its own copy. */
  local: readonly LocalBin[];
  /** Folders whose local copies count, in order: the checked tree, then the work tree. */
  roots: readonly string[];
  /** PATH to search last; by default the process's own. */
  path?: string;
}

const virtualenvNames = ['.venv', 'venv'];

/** The absolute path of `name`, or null when neither the repository nor PATH has it. */
export function findExecutable(name: string, options: FindExecutableOptions): string | null {
  const candidates: string[] = [];
  for (const root of new Set(options.roots)) {
    if (options.local.includes('node'))
      candidates.push(...listAncestors(root).map((dir) => join(dir, 'node_modules', '.bin', name)));
    if (options.local.includes('python'))
      candidates.push(...virtualenvNames.map((venv) => join(root, venv, 'bin', name)));
  }
  const searchPath = options.path ?? process.env['PATH'] ?? '';
  candidates.push(
    ...searchPath
      .split(delimiter)
      .filter((dir) => dir !== '')
      .map((dir) => join(dir, name)),
  );
  return candidates.find(isExecutableFile) ?? null;
}

function listAncestors(start: string): string[] {
  const dirs: string[] = [];
  let dir = start;
  for (;;) {
    dirs.push(dir);
    const parent = dirname(dir);
    if (parent === dir) return dirs;
    dir = parent;
  }
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
