/**
 * What a command says on stderr while it works, before its answer: that it waits for another
 * culprit's lock, or took over one left behind. Tasks and the baseline say it with a code
 * through `TaskOptions.onNotice`; the edges (cli, mcp) word it (render/task-notices.ts).
 */

/** Who holds a lock (state/lock-file.ts's LockHolder), or null when it cannot be read. */
export interface NoticedHolder {
  command: string;
  pid: number;
  since: string;
}

export type TaskNotice =
  /** The work tree's lock is held: this command waits for it. */
  | { code: 'work-tree-wait'; holder: NoticedHolder | null }
  /** Another culprit computes the same baseline: this check waits for it. */
  | { code: 'baseline-wait'; holder: NoticedHolder | null }
  /** A lock its holder left behind was taken over; `why`: state/lock-file.ts's StaleLock. */
  | { code: 'lock-taken-over'; file: string; holder: NoticedHolder | null; why: string };

/** Where a task says its notices; an edge words them. */
export type NoticeSink = (notice: TaskNotice) => void;
