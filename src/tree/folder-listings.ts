/**
 * Files that appeared where no one said: a file git ignores (generated code, a build output) is
 * in no tree diff, yet tsc's `include` and ESLint's patterns take it in on a cold run. A warm
 * session watches the folders its files are in, and their parents up to the work tree's root; a
 * file created in one of them changes the folder's times, and its listing then names the file.
 * A folder that appeared is walked whole (node_modules and .git aside: an install is watched
 * separately, and git's own files are not sources).
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { isInside } from '../core/is-inside.js';
import { makeFileStates } from './file-states.js';

export interface FolderListings {
  /** Watches the folder of `file`, and every folder above it up to the root (files outside the root or in node_modules are ignored). */
  watchFileFolder(file: string): void;
  /** Files that appeared in a watched folder, or below it in a folder that appeared, since the last call (absolute paths). */
  takeAdded(): string[];
}

const skippedFolders = new Set(['node_modules', '.git']);

export function makeFolderListings(root: string): FolderListings {
  const stamps = makeFileStates();
  const listings = new Map<string, Set<string>>();

  /** The folder's entries, read after its times are recorded: a file created meanwhile moves them again. */
  const list = (folder: string) => {
    stamps.record(folder);
    const entries = readEntries(folder);
    listings.set(folder, new Set(entries.map((entry) => entry.name)));
    return entries;
  };

  /** Every file below a folder that appeared; its folders are watched from now on. */
  const walkNew = (folder: string, found: string[]) => {
    for (const entry of list(folder)) {
      const path = join(folder, entry.name);
      if (!entry.isDirectory()) found.push(path);
      else if (!skippedFolders.has(entry.name)) walkNew(path, found);
    }
  };

  return {
    watchFileFolder(file) {
      if (
        !isInside(root, file) ||
        relative(root, file)
          .split(sep)
          .some((part) => skippedFolders.has(part))
      )
        return;
      for (let folder = dirname(file); !listings.has(folder); folder = dirname(folder)) {
        list(folder);
        if (folder === root || dirname(folder) === folder) break;
      }
    },
    takeAdded() {
      const added: string[] = [];
      // takeChanged records each folder's times again before its entries are read.
      for (const folder of stamps.takeChanged()) {
        const before = listings.get(folder);
        if (before === undefined) continue;
        const now = readEntries(folder);
        listings.set(folder, new Set(now.map((entry) => entry.name)));
        for (const entry of now) {
          if (before.has(entry.name)) continue;
          const path = join(folder, entry.name);
          if (!entry.isDirectory()) added.push(path);
          else if (!skippedFolders.has(entry.name)) walkNew(path, added);
        }
      }
      return added;
    },
  };
}

function readEntries(folder: string) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}
