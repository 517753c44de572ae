/**
 * HEAD's commit and tree as a long-lived culprit keeps them between checks: git is asked again
 * only when something git reads to resolve HEAD is not as it was when git last answered. That is
 * the text of HEAD and of the loose ref it names (git replaces a ref file whole, and its text is
 * the commit), and the identity (inode, size, times in ns) of the files a lookup can fall through
 * to or that can swap a commit's tree: packed-refs, the replace refs' folder, grafts, the
 * configuration. Whatever cannot be read that way is never kept: reftable, a chain of symbolic
 * refs, a HEAD of another shape, a graft file named by the environment. Any other revision is
 * asked of git every time.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Repository } from './git.js';
import { resolveCommitTree, type CommitTree } from './tree-id.js';

export interface HeadMemory {
  /** `rev`'s commit and its tree, as resolveCommitTree gives them. */
  resolve(repo: Repository, rev: string): Promise<CommitTree>;
}

export function makeHeadMemory(): HeadMemory {
  const kept = new Map<string, { stamp: string; answer: Promise<CommitTree> }>();
  return {
    resolve(repo, rev) {
      const stamp = rev === 'HEAD' ? readHeadStamp(repo) : undefined;
      if (stamp === undefined) return resolveCommitTree(repo, rev);
      const known = kept.get(repo.gitDir);
      if (known?.stamp === stamp) return known.answer;
      const answer = resolveCommitTree(repo, rev);
      const forget = () => {
        if (kept.get(repo.gitDir)?.answer === answer) kept.delete(repo.gitDir);
      };
      kept.set(repo.gitDir, { stamp, answer });
      // Kept only when nothing moved while git answered: else the answer may be of a state in between.
      answer.then(() => (readHeadStamp(repo) === stamp ? undefined : forget()), forget);
      return answer;
    },
  };
}

/** Refs that belong to one work tree, kept in its own git directory rather than the common one. */
const perWorkTreeRefs = /^refs\/(worktree|bisect|rewritten)\//;

/** What HEAD's resolution depends on, as one string; undefined when it cannot be told from files. */
export function readHeadStamp(repo: Repository): string | undefined {
  if (process.env['GIT_GRAFT_FILE'] !== undefined || existsSync(join(repo.commonDir, 'reftable'))) return undefined;
  try {
    const head = readFileSync(join(repo.gitDir, 'HEAD'), 'utf8');
    const target = /^ref: (refs\/[^\0\r\n]+)\n?$/.exec(head)?.[1];
    let loose = '';
    if (target !== undefined) {
      if (target.split('/').some((part) => part === '' || part === '.' || part === '..')) return undefined;
      loose = readOptional(join(perWorkTreeRefs.test(target) ? repo.gitDir : repo.commonDir, target));
      if (loose.startsWith('ref:')) return undefined;
    } else if (!/^[0-9a-f]{40,64}\n?$/.test(head)) return undefined;
    const files = [
      join(repo.commonDir, 'packed-refs'),
      join(repo.commonDir, 'refs', 'replace'),
      join(repo.commonDir, 'info', 'grafts'),
      join(repo.commonDir, 'config'),
      join(repo.gitDir, 'config.worktree'),
    ];
    return JSON.stringify([head, loose, ...files.map(readFileIdentity)]);
  } catch {
    return undefined;
  }
}

function readOptional(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

function readFileIdentity(path: string): string {
  const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
  if (stats === undefined) return '-';
  return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}
