/**
 * Tells the server when a file of its work tree changes, so the warm worker can follow the edit
 * before the agent's check arrives (follow-edit.ts): an agent's hook or tool call comes a
 * few tens of milliseconds after its edit, which is about what one incremental run takes.
 *
 * It watches the folders of the files git lists (tracked, and untracked ones not ignored), one
 * `fs.watch` each, not the tree recursively: a recursive watch on Linux walks node_modules and
 * every ignored folder. A folder made later is watched when its parent reports it. Watching is an
 * optimisation only: an edit it misses is found by the check itself, as before. When the folders
 * are too many, or the system refuses a watch (inotify's limit), it stops watching and says so.
 */
import { watch, statSync, type FSWatcher } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { runGit, type Repository } from '../git/git.js';

export interface EditWatcher {
  /** How many folders are watched (0 once watching was given up). */
  readonly folders: number;
  close(): void;
}

export interface EditWatcherOptions {
  repo: Repository;
  /** Called on every change reported in a watched folder (many per edit: the caller coalesces), with the absolute path of what changed when the system names it. */
  onEdit: (path: string | undefined) => void;
  /** Called once if watching is given up after it began (a watch the system refused). */
  onGiveUp?: (() => void) | undefined;
  log: (line: string) => void;
  /** The most folders watched; more and the tree is not watched at all (default 4096). */
  maxFolders?: number | undefined;
}

/** Resolves once the folders are watched (or watching was given up); never rejects. */
export async function watchEdits(options: EditWatcherOptions): Promise<EditWatcher> {
  const { repo, log } = options;
  const maxFolders = options.maxFolders ?? 4096;
  const watchers = new Map<string, FSWatcher>();
  let closed = false;
  const close = () => {
    closed = true;
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
  const giveUp = (why: string) => {
    if (closed) return;
    close();
    log(`culprit: not following edits: ${why}`);
    options.onGiveUp?.();
  };
  const add = (folder: string) => {
    if (closed || watchers.has(folder)) return;
    if (watchers.size >= maxFolders) {
      giveUp(`more than ${maxFolders} folders`);
      return;
    }
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        // git's own files (culprit's state is in there too) are not the work tree's.
        if (name !== null && isInsideGit(name)) return;
        const path = name === null ? undefined : join(folder, name);
        options.onEdit(path);
        // A folder made since is watched too (its files are new to git, not ignored or not).
        if (path !== undefined) addIfFolder(path);
      });
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A folder gone since git listed it is nothing; a refused watch ends watching.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') giveUp(`cannot watch ${folder} (${code ?? String(error)})`);
    }
  };
  const addIfFolder = (path: string) => {
    if (watchers.has(path) || path.split(sep).includes('node_modules')) return;
    try {
      if (statSync(path).isDirectory()) add(path);
    } catch {
      // Gone already.
    }
  };
  try {
    const listed = await runGit(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repo.root,
    });
    const folders = new Set([repo.root]);
    for (const path of listed.split('\0'))
      if (path !== '')
        for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) {
          const absolute = join(repo.root, folder);
          if (folders.has(absolute)) break;
          folders.add(absolute);
        }
    if (folders.size > maxFolders) giveUp(`${folders.size} folders, more than ${maxFolders}`);
    else for (const folder of folders) add(folder);
  } catch (error) {
    giveUp(`git could not list the files (${error instanceof Error ? error.message : String(error)})`);
  }
  return {
    get folders() {
      return watchers.size;
    },
    close,
  };
}

function isInsideGit(name: string): boolean {
  return name === '.git' || name.startsWith(`.git${sep}`);
}
