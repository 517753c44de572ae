/**
 * Finding a work tree's `.git` by looking, without running git: what a served command needs to
 * name its server's socket, so it loads no child_process (git.ts re-exports it).
 */
import { dirname, join, resolve } from 'node:path';

// Not `import … from 'node:fs'`: as an ES module node:fs loads all of itself (its promises, streams,
// watchers, readline), ~3 ms of a served check's client; the module object loads only what is used.
const { statSync } = process.getBuiltinModule('node:fs');

/**
 * The nearest `.git` at or above `cwd` (a folder, or the file of a linked work tree or submodule),
 * as git's own discovery finds it without variables or configuration changing where it looks:
 * the folder holding it and the entry's inode. Undefined when there is none, or when a variable
 * that moves git's discovery is set (GIT_DIR and the like): then only git can say.
 */
export function locateGitEntry(cwd: string): { dir: string; inode: bigint } | undefined {
  if (discoveryVariables.some((name) => process.env[name] !== undefined)) return undefined;
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    try {
      return { dir, inode: statSync(join(dir, '.git'), { bigint: true }).ino };
    } catch {
      if (dirname(dir) === dir) return undefined;
    }
  }
}

const discoveryVariables = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
];
