/**
 * Where culprit keeps its state: inside git's common directory, which every work tree of the
 * repository shares and which is never part of a work tree, index or stash; outside git, a
 * per-repository folder in the user's cache directory.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { hashPath } from './path-hash.js';

export interface StateLayout {
  /** Everything culprit stores for this repository. */
  dir: string;
  /** Snapshots of trees, shared by all work trees. */
  snapshots: string;
  /** This work tree's task session. */
  sessionFile: string;
  /** Short-lived files (private indexes, temporary copies' bookkeeping). */
  scratch: string;
  /** Held while a command works on this work tree's session or ratchet file (lock-file.ts). */
  lockFile: string;
}

/**
 * `repo` is the repository (git/git.ts's Repository); only its common dir is read, so state/
 * needs nothing from git/ (which keeps its temporary files here).
 */
export function resolveStateLayout(root: string, repo: { commonDir: string } | null): StateLayout {
  const dir = repo === null ? resolveCacheDir(hashPath(root)) : join(repo.commonDir, 'culprit');
  return {
    dir,
    snapshots: join(dir, 'snapshots'),
    // Work trees of one repository share the common dir but each has its own task.
    sessionFile: join(dir, 'sessions', `${hashPath(root)}.json`),
    scratch: join(dir, 'tmp'),
    lockFile: join(dir, 'locks', `${hashPath(root)}.lock`),
  };
}

/**
 * `<cache home>/culprit/<...names>`: the one folder outside git culprit writes to (state of a
 * repository without git, tools' build caches). The cache home is `XDG_CACHE_HOME` or `~/.cache`.
 */
export function resolveCacheDir(...names: string[]): string {
  return join(resolveCacheHome(), 'culprit', ...names);
}

function resolveCacheHome(): string {
  const xdg = process.env['XDG_CACHE_HOME'];
  return xdg !== undefined && xdg !== '' ? xdg : join(homedir(), '.cache');
}
