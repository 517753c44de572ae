/**
 * Outside git, a tree's state is the content hash of each file, so changed and renamed files can
 * still be found. Symlinked directories are not followed (they can loop), and dependency and VCS
 * folders are skipped.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileHashes } from '../core/snapshot.js';
import type { TreeChanges } from '../core/snapshot.js';

const skippedDirectories = new Set(['node_modules', '.git', '.hg', '.svn']);

export function hashFiles(root: string): FileHashes {
  const hashes: FileHashes = {};
  const walk = (dir: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skippedDirectories.has(entry.name)) walk(join(dir, entry.name), path);
      } else if (entry.isFile()) {
        try {
          hashes[path] = createHash('sha1')
            .update(readFileSync(join(dir, entry.name)))
            .digest('hex');
        } catch {
          // Unreadable files cannot be compared; leaving them out makes them look added, never clean.
        }
      }
    }
  };
  walk(root, '');
  return hashes;
}

export function diffFileHashes(base: FileHashes, current: FileHashes): TreeChanges {
  const changes: TreeChanges = { changed: new Set(), deleted: new Set(), renames: new Map() };
  const added: string[] = [];
  for (const [path, hash] of Object.entries(current)) {
    const before = base[path];
    if (before === undefined) added.push(path);
    else if (before !== hash) changes.changed.add(path);
  }
  const removedByHash = new Map<string, string[]>();
  for (const [path, hash] of Object.entries(base)) {
    if (current[path] !== undefined) continue;
    const list = removedByHash.get(hash) ?? [];
    list.push(path);
    removedByHash.set(hash, list);
  }
  for (const path of added.sort()) {
    changes.changed.add(path);
    // Identical content under a new name is a move: pair it with a removed file of that content.
    const hash = current[path];
    const candidates = hash === undefined ? undefined : removedByHash.get(hash);
    const from = candidates?.shift();
    if (from !== undefined) changes.renames.set(from, path);
  }
  for (const list of removedByHash.values()) for (const path of list) changes.deleted.add(path);
  return changes;
}
