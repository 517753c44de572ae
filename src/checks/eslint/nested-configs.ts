/**
 * The flat configs below a folder, for naming the one that failed: ESLint 10 loads the config
 * nearest each linted file, and when one of them throws, its error does not say which. The walk
 * skips node_modules and dot folders and stops after `maxFolders`, so a huge tree costs a bound.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { flatConfigNames } from './config-files.js';

const maxFolders = 5000;
const configNames = new Set<string>(flatConfigNames);

/** Absolute paths of the flat configs under `cwd`, nearest first, without `except`. */
export function findNestedFlatConfigs(cwd: string, except: string | undefined): string[] {
  const found: string[] = [];
  const queue = [cwd];
  for (let index = 0; index < queue.length && index < maxFolders; index += 1) {
    const folder = queue[index]!;
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) queue.push(path);
      else if (entry.isFile() && configNames.has(entry.name) && path !== except) found.push(path);
    }
  }
  return found;
}
