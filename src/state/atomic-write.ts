/**
 * State files are replaced whole, by rename, so a reader never sees half a file and an
 * interrupted write leaves the previous version intact. The content goes to a sibling named
 * `<name>.<pid>.<random>.tmp` first: no reader ever opens such a name (they read `<name>` or list
 * `*.json`), and a temporary file left by a culprit killed mid-write (SIGKILL, a crash; a signal
 * Node handles cannot land between the synchronous write and the rename) is removed by the next
 * write of the same file.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sweepAbandonedPaths } from './temporary-paths.js';

export function writeFileAtomic(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  sweepAbandonedPaths(dirname(path), readTemporaryPid(basename(path)));
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The pid in `<name>.<pid>.<8 hex>.tmp`, the temporary names of `name`'s writes. */
function readTemporaryPid(name: string): (entry: string) => number | null {
  return (entry) => {
    if (!entry.startsWith(`${name}.`)) return null;
    const digits = /^\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(entry.slice(name.length))?.[1];
    return digits === undefined ? null : Number(digits);
  };
}
