/**
 * Runs git without a shell (file names never pass through one) and reads the repository layout.
 * culprit only ever reads refs and writes objects: the user's work tree, index, stash, HEAD and
 * refs are never changed.
 */
import { execFile } from 'node:child_process';
import { isAbsolute, resolve } from 'node:path';
import { makeUserError } from '../core/errors.js';
import { trackHelperProcess } from '../state/temporary-paths.js';
import { locateGitEntry } from './git-entry.js';

export interface Repository {
  /** Absolute path of the work tree's top level. */
  root: string;
  /** This work tree's own git directory (holds its index). */
  gitDir: string;
  /** The directory shared by all work trees of the repository. */
  commonDir: string;
}

export interface GitOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Input written to git's stdin. */
  input?: string | Buffer;
}

export function runGit(args: readonly string[], options: GitOptions): Promise<string> {
  return execGit(args, options, 'utf8');
}

/** git's output as bytes: blobs whose sizes git gives in bytes (`cat-file --batch`). */
export function runGitForBytes(args: readonly string[], options: GitOptions): Promise<Buffer> {
  return execGit(args, options, 'buffer');
}

function execGit<Encoding extends 'utf8' | 'buffer'>(
  args: readonly string[],
  options: GitOptions,
  encoding: Encoding,
): Promise<Encoding extends 'utf8' ? string : Buffer> {
  type Output = Encoding extends 'utf8' ? string : Buffer;
  return new Promise((resolvePromise, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd: options.cwd, env: options.env ?? process.env, encoding, maxBuffer: 1 << 30 },
      (error, stdout: string | Buffer, stderr: string | Buffer) => {
        if (error) {
          const detail = describeGitFailure(stderr.toString()) ?? error.message;
          reject(makeUserError(`git ${args[0] ?? ''} failed in ${options.cwd}: ${detail}`, error));
          return;
        }
        resolvePromise(stdout as Output);
      },
    );
    // Killed with culprit: an orphaned git could recreate a private index or a copy's folder after cleanup.
    trackHelperProcess(child);
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/**
 * What git said when it failed: its `fatal:`/`error:` line and the hint lines after it (git's
 * "dubious ownership" refusal names the command that allows the folder), else its last line.
 */
function describeGitFailure(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const first = lines.findIndex((line) => /^(fatal|error): /.test(line));
  if (first === -1) return lines.at(-1);
  return lines
    .slice(first)
    .map((line) => line.replace(/^(fatal|error): /, ''))
    .join(' ');
}

/**
 * The repository containing `cwd`, or null when it is not inside a git work tree (or git is not
 * installed). Any other refusal of git's (a repository owned by another user, "dubious
 * ownership") is an error that keeps git's reason: culprit would otherwise treat a repository
 * as a plain folder.
 */
export async function findRepository(cwd: string): Promise<Repository | null> {
  let output: string;
  try {
    output = await runGit(['rev-parse', '--show-toplevel', '--absolute-git-dir', '--git-common-dir'], { cwd });
  } catch (error) {
    const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
    // git not installed, or a folder that does not exist (spawn's ENOENT): no repository here.
    if (typeof cause?.code !== 'number') return null;
    if (error instanceof Error && error.message.includes('not a git repository')) return null;
    throw error;
  }
  const [root, gitDir, commonDir] = output.trim().split('\n');
  if (root === undefined || gitDir === undefined || commonDir === undefined || root === '') return null;
  return {
    root,
    gitDir,
    commonDir: isAbsolute(commonDir) ? commonDir : resolve(cwd, commonDir),
  };
}

/**
 * findRepository's answers kept by a long-lived culprit: asked again only when the nearest `.git`
 * of the folder is another entry than when git answered (created, removed, replaced).
 */
export interface RepositoryMemory {
  find(cwd: string): Promise<Repository | null>;
}

export function makeRepositoryMemory(): RepositoryMemory {
  const kept = new Map<string, { stamp: string; repo: Repository | null }>();
  return {
    async find(cwd) {
      const entry = locateGitEntry(cwd);
      const stamp = entry === undefined ? undefined : `${entry.dir}:${entry.inode}`;
      const known = kept.get(cwd);
      if (stamp !== undefined && known?.stamp === stamp) return known.repo;
      const repo = await findRepository(cwd);
      if (stamp !== undefined) kept.set(cwd, { stamp, repo });
      return repo;
    },
  };
}

/** Resolves a revision to a commit id, with a clear error when it does not exist. */
export async function resolveCommit(repo: Repository, rev: string): Promise<string> {
  try {
    return (
      await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], { cwd: repo.root })
    ).trim();
  } catch (error) {
    throw makeUserError(`not a commit in ${repo.root}: ${rev}`, error);
  }
}
