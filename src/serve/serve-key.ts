/**
 * What a `culprit serve` was started with that a later change makes it stale: culprit's
 * configuration and the files that decide which tools are installed (the manifest, lockfiles,
 * package managers' install state). A server whose key no longer matches the work tree's stops,
 * and the client starts a fresh one: settings, detected checks and tools are read again.
 * Only file sizes and times are read, so a request pays a few `stat` calls for it.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { configFileName } from '../config/load-config.js';
import { installStateFiles, packageFileNames } from '../checks/runner/install-state.js';

export function readServeKey(root: string): string {
  const files = [configFileName, ...packageFileNames, ...installStateFiles.map((name) => join('node_modules', name))];
  const hash = createHash('sha1');
  for (const file of files) hash.update(`${file}:${describeFile(join(root, file))}\n`);
  return hash.digest('hex').slice(0, 16);
}

function describeFile(path: string): string {
  try {
    const stats = statSync(path);
    return `${stats.size}:${stats.mtimeMs}`;
  } catch {
    return 'none';
  }
}
