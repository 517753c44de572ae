/**
 * Names the content of the work tree as a git tree id, without touching the user's index: git
 * adds everything (tracked and untracked, not ignored) into a private copy of the index and
 * writes a tree from it. The objects it writes are unreferenced and git's gc removes them.
 */
import { copyFileSync, mkdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { makeUserError } from '../core/errors.js';
import { releaseTemporaryPath, trackTemporaryPath } from '../state/temporary-paths.js';
import { runGit, type Repository } from './git.js';
import { withPrivateIndex } from './private-index.js';

/** Untracked files that are not ignored are part of the edit; an unignored node_modules is not. */
const treePathspec = ['--', '.', ':(exclude,glob)**/node_modules/**'];

/**
 * A long-lived culprit's last reading of its work tree's identity, with the private index it
 * wrote (warm/warm-memory.ts). Where an edit watcher tells it of every change it sees (`watched`,
 * `touch`) and saw none since (the check after the server followed the edit), the reading is
 * confirmed by one `git status` against that index, which is the very tree the last reading
 * named: no tracked file differs (git compares content where a stat cannot be trusted) and no
 * file is untracked. Anything else — a change seen, status finding one, the user's index or
 * `.git/info/exclude` changed, the kept index not as written — reads afresh, as a cold reading
 * does (copy the user's index, `add`, `write-tree`), so the tree named is always the one a fresh
 * reading names. One reading at a time: git locks the index it writes.
 */
export interface KeptIndex {
  /**
   * Whether an edit watcher tells this index of changes: only then is status asked first (without
   * one, most readings follow a change, and status would be a third process before the two).
   */
  watched: boolean;
  /** Something in the work tree changed (the next reading starts afresh, without asking status first). */
  touch(): void;
  /**
   * The tree id the next reading of `root` will most likely name: the kept one, when an edit
   * watcher saw no change since it was read (status then only confirms it). A guess, for work
   * that can start before the reading ends; the reading decides.
   */
  expect(root: string): string | undefined;
  /**
   * Starts confirming the kept reading of `repo`'s tree now (its `git status`, queued after a
   * reading under way), ahead of the reading a command asks next (a client connected: its command
   * is about to read the tree), when that reading would be a confirmation: an edit watcher runs
   * and told no change since the kept reading began. That reading takes this one
   * when nothing was seen to change since it began, since it then names the tree as it is: every
   * edit before the client's start is in it, and one after is the command's concurrent edit either
   * way. After a change, nothing is read ahead: the server's follow of the edit reads the tree
   * (and has git diff it with the trees compared last), or the command does.
   */
  readAhead(repo: Repository, scratchDir: string): void;
  /** Removes the index (its folder is a tracked temporary path: a signal removes it too). */
  close(): void;
}

interface KeptReading {
  dir: string;
  treeId: string | undefined;
  /** The kept index's stat when written, and the user's index's and exclude file's then. */
  stamps: string | undefined;
  touched: boolean;
}

interface KeptIndexState extends KeptIndex {
  /** By repository root. */
  readonly kept: Map<string, KeptReading>;
  queue: Promise<unknown>;
  /** Changes told so far (touch): a reading ahead stands while none came since it began. */
  changes: number;
  /** Readings begun ahead, by repository root, with the changes told when each began. */
  readonly ahead: Map<string, { changes: number; startedAt: number; reading: Promise<string> }>;
}

/** A reading ahead older than this is dropped: its client went quiet, and the tree is read afresh. */
const aheadMs = 2_000;

export function makeKeptIndex(): KeptIndex {
  const state: KeptIndexState = {
    watched: false,
    kept: new Map(),
    queue: Promise.resolve(),
    changes: 0,
    ahead: new Map(),
    touch() {
      state.changes += 1;
      for (const reading of state.kept.values()) reading.touched = true;
    },
    expect(root) {
      const reading = state.kept.get(root);
      return isConfirmable(state, reading) ? reading.treeId : undefined;
    },
    readAhead(repo, scratchDir) {
      // A confirmation only: of the kept reading, or of the one under way (the follow's; its tree is not named yet).
      if (!isConfirmable(state, state.kept.get(repo.root))) return;
      const reading = queueReading(state, repo, scratchDir);
      // Taken, or dropped unread: its failure is the taker's, or nobody's.
      reading.catch(() => undefined);
      state.ahead.set(repo.root, { changes: state.changes, startedAt: performance.now(), reading });
    },
    close() {
      for (const { dir } of state.kept.values()) releaseTemporaryPath(dir);
      state.kept.clear();
      state.ahead.clear();
    },
  };
  return state;
}

/** Whether the next reading after `reading` would only confirm it: a watcher tells every change, and told none since it began. */
function isConfirmable(state: KeptIndexState, reading: KeptReading | undefined): reading is KeptReading {
  return state.watched && reading !== undefined && !reading.touched;
}

export async function makeWorkTreeId(repo: Repository, scratchDir: string, kept?: KeptIndex): Promise<string> {
  if (kept === undefined)
    return withPrivateIndex(scratchDir, (index) => {
      copyUserIndex(repo, index);
      return addWorkTree(repo, index);
    });
  const state = kept as KeptIndexState;
  const ahead = state.ahead.get(repo.root);
  state.ahead.delete(repo.root);
  if (ahead?.changes === state.changes && performance.now() - ahead.startedAt < aheadMs) return ahead.reading;
  return queueReading(state, repo, scratchDir);
}

/** One reading at a time: git locks the index it writes. */
function queueReading(state: KeptIndexState, repo: Repository, scratchDir: string): Promise<string> {
  const reading = state.queue.then(() => readKept(state, repo, scratchDir));
  state.queue = reading.catch(() => undefined);
  return reading;
}

async function readKept(state: KeptIndexState, repo: Repository, scratchDir: string): Promise<string> {
  let reading = state.kept.get(repo.root);
  if (reading === undefined) {
    const dir = join(scratchDir, `index-${process.pid}-kept-${state.kept.size}`);
    mkdirSync(dir, { recursive: true });
    trackTemporaryPath(dir);
    reading = { dir, treeId: undefined, stamps: undefined, touched: true };
    state.kept.set(repo.root, reading);
  }
  const index = join(reading.dir, 'index');
  const { treeId, stamps, touched } = reading;
  reading.touched = false;
  if (
    state.watched &&
    !touched &&
    treeId !== undefined &&
    readStamps(repo, index, treeId) === stamps &&
    (await isWorkTreeAsIndexed(repo, index))
  )
    return treeId;
  reading.treeId = undefined;
  copyUserIndex(repo, index);
  const written = await addWorkTree(repo, index);
  reading.stamps = readStamps(repo, index, written);
  reading.treeId = written;
  return written;
}

/** The work tree added to `index` (every file not ignored), and the tree written from it. */
async function addWorkTree(repo: Repository, index: string): Promise<string> {
  const env = { ...process.env, GIT_INDEX_FILE: index, GIT_OPTIONAL_LOCKS: '0' };
  await runGit(['add', '--all', '--ignore-errors', ...treePathspec], { cwd: repo.root, env });
  return (await runGit(['write-tree'], { cwd: repo.root, env })).trim();
}

/**
 * Whether the work tree is what `index` holds: no tracked file differs from it (status's second
 * column; the first compares the index with HEAD, which does not matter here) and none is
 * untracked. git compares content where an entry's stat cannot be trusted (racily clean).
 */
async function isWorkTreeAsIndexed(repo: Repository, index: string): Promise<boolean> {
  const env = { ...process.env, GIT_INDEX_FILE: index, GIT_OPTIONAL_LOCKS: '0' };
  const status = await runGit(
    [
      'status',
      '--porcelain=v2',
      '-z',
      '--untracked-files=all',
      '--no-renames',
      '--ignore-submodules=none',
      ...treePathspec,
    ],
    { cwd: repo.root, env },
  );
  // `1 XY …` (`2` for a rename): Y is the work tree against the index; `?` untracked, `u` unmerged.
  return status
    .split('\0')
    .every((entry) => entry === '' || ((entry.startsWith('1 ') || entry.startsWith('2 ')) && entry[3] === '.'));
}

/** Starting from a copy of the user's index lets git reuse its stat cache, so only changed files are hashed. */
function copyUserIndex(repo: Repository, index: string): void {
  try {
    copyPreservingTime(join(repo.gitDir, 'index'), index);
  } catch {
    // A repository without commits or index yet: start from empty.
  }
}

/**
 * The kept index; the user's index (its copy is where the kept one started) and the repository's
 * exclude file; and where the tree's object lies, loose, and the packs: nothing references the
 * objects a reading wrote, so a `git prune` or `gc` may remove them, which moves those folders,
 * and the tree is then written again rather than named by an id git no longer has.
 */
function readStamps(repo: Repository, index: string, treeId: string): string {
  const objects = join(repo.commonDir, 'objects');
  const paths = [index, join(repo.gitDir, 'index'), join(repo.commonDir, 'info', 'exclude')];
  return [...paths, join(objects, treeId.slice(0, 2)), join(objects, 'pack')]
    .map((path) => {
      try {
        const stats = statSync(path, { bigint: true });
        return `${stats.size}:${stats.ino}:${stats.mtimeNs}:${stats.ctimeNs}`;
      } catch {
        return 'missing';
      }
    })
    .join(' ');
}

/**
 * Copies an index file with its modification time. Git trusts an entry's stat data only when the
 * file's mtime is older than the index's own (racy git): a copy stamped now would make a file
 * rewritten in the same clock tick as the index, at the same size, look unchanged, and the work
 * tree would be named by its last commit's tree. The copy's mtime is the original's, a
 * microsecond earlier rather than later for rounding, which only makes more entries re-checked.
 */
function copyPreservingTime(source: string, target: string): void {
  copyFileSync(source, target);
  const { atime, mtimeMs } = statSync(source);
  utimesSync(target, atime, (mtimeMs - 0.001) / 1000);
}

/** The tree of a commit. */
export async function readCommitTree(repo: Repository, commit: string): Promise<string> {
  return (await runGit(['rev-parse', '--verify', `${commit}^{tree}`], { cwd: repo.root })).trim();
}

export interface CommitTree {
  commit: string;
  tree: string;
}

/**
 * A revision's commit and that commit's tree, from one git process (`cat-file --batch-check`
 * resolves both names, where `rev-parse --verify` answers one): a check against HEAD asks this
 * every time. Anything that does not name a commit is one user error.
 */
export async function resolveCommitTree(repo: Repository, rev: string): Promise<CommitTree> {
  const notCommit = (cause?: unknown) => makeUserError(`not a commit in ${repo.root}: ${rev}`, cause);
  // One name a line: a revision with a line break would be two.
  if (/[\r\n]/.test(rev)) throw notCommit();
  let output: string;
  try {
    output = await runGit(['cat-file', '--batch-check=%(objectname) %(objecttype)'], {
      cwd: repo.root,
      input: `${rev}^{commit}\n${rev}^{tree}\n`,
    });
  } catch (error) {
    throw notCommit(error);
  }
  const [commit, tree] = output.split('\n').map((line) => /^([0-9a-f]{40,64}) (commit|tree)$/.exec(line));
  if (commit?.[2] !== 'commit' || tree?.[2] !== 'tree') throw notCommit();
  return { commit: commit[1]!, tree: tree[1]! };
}
