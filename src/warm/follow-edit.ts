/**
 * Follows edits ahead of the check: when a long-lived culprit (`culprit serve`, `culprit mcp`)
 * sees a file of its tree change (edit-watcher.ts), its warm worker runs the change at once, so
 * the agent's check, which comes after the model's turn (a Stop hook, an MCP tool call) or a
 * hook's process start, finds the programs updated and the files linted, and only confirms it.
 * Nothing is answered or recorded here: the check still reads the tree, runs its checks (the
 * worker finds nothing changed since) and compares as it always does, so what it answers is
 * what it would have answered without this. A failure only means the check does the work
 * itself; it is logged (CULPRIT_DEBUG) and never thrown. CULPRIT_SERVE_FOLLOW=0 turns it off.
 */
import { describeError } from '../core/errors.js';
import { logDebug } from '../debug/log-debug.js';
import type { Repository } from '../git/git.js';
import { readTreeState } from '../snapshot/take-snapshot.js';
import { watchEdits, type EditWatcher } from './edit-watcher.js';
import type { PrimeContext } from './prime-warm-engine.js';
import type { WarmEngine } from './warm-engine.js';
import type { TreeState } from '../core/snapshot.js';

/** How long after a change its follow is queued, so the events of one write (truncate, write) are one follow. */
const settleMs = 4;

export interface EditFollowerOptions {
  engine: WarmEngine;
  context: PrimeContext & { repo: Repository };
  /** Runs a follow in the caller's queue of commands (one at a time with them; a command arriving meanwhile finds it done). */
  enqueue: (follow: () => Promise<void>) => void;
  /** Whether a follow may run now (not while priming: the next check's run is the priming's increment then). */
  mayFollow: () => boolean;
  log: (line: string) => void;
}

export interface EditFollower {
  /** A command's turn began (it reads the tree itself): a follow of the changes before it has nothing left to do. */
  commandStarted(): void;
  close(): void;
}

/** Watches the tree and follows its edits; undefined when turned off. Changes close together are one follow. */
export function followEdits(options: EditFollowerOptions): EditFollower | undefined {
  if (process.env['CULPRIT_SERVE_FOLLOW'] === '0') return undefined;
  const { engine, context, enqueue, mayFollow, log } = options;
  let queued = false;
  let closed = false;
  // Changes seen, and how many of them a command that read the tree since had seen.
  let seen = 0;
  let seenByCommand = 0;
  // What changed since the last follow or command; undefined once a change came unnamed.
  let paths: Set<string> | undefined = new Set();
  const onEdit = (path: string | undefined) => {
    // The next reading of the tree's identity starts afresh rather than asking git whether it changed.
    context.memory?.index.touch();
    seen += 1;
    if (path === undefined) paths = undefined;
    else paths?.add(path);
    if (queued || closed) return;
    queued = true;
    // A write is several events (truncate, write), an edit often several files: one follow for them.
    setTimeout(
      () =>
        enqueue(async () => {
          // Changes from here on are the next follow's.
          queued = false;
          const changed = paths;
          paths = new Set();
          if (closed || seenByCommand === seen || !mayFollow() || changed === undefined) return;
          const seenAtStart = seen;
          await followEdit(engine, context, [...changed], () => seen === seenAtStart);
        }),
      settleMs,
    ).unref();
  };
  // The kept reading of the tree's identity asks git status first only while every change is told (git/tree-id.ts).
  const index = context.memory?.index;
  const onGiveUp = () => {
    if (index !== undefined) index.watched = false;
  };
  const watcher: Promise<EditWatcher> = watchEdits({ repo: context.repo, onEdit, onGiveUp, log }).then((edits) => {
    // Closed while git listed the folders.
    if (closed) edits.close();
    else if (edits.folders > 0) {
      if (index !== undefined) index.watched = true;
      logDebug(`warm: following the edits of ${context.root} (${edits.folders} folders)`);
    }
    return edits;
  });
  return {
    commandStarted() {
      seenByCommand = seen;
      paths = new Set();
    },
    close() {
      closed = true;
      onGiveUp();
      void watcher.then((edits) => edits.close());
    },
  };
}

/**
 * Sends the worker the changed paths at once, and reads the tree while it runs them (in the
 * caller's queue turn, which a command's own reading of the tree waits for); the worker's run
 * goes on after the turn, and a check that comes meanwhile asks the worker once it has ended
 * (WarmEngine.follow). `unchanged`: whether nothing changed since the paths were taken, so the
 * tree read is the one the worker saw.
 */
async function followEdit(
  engine: WarmEngine,
  context: PrimeContext & { repo: Repository },
  paths: readonly string[],
  unchanged: () => boolean,
): Promise<void> {
  const { root, repo, settings, layout } = context;
  const startedAt = performance.now();
  const followed = engine.follow(settings.checks, root, paths);
  if (followed === undefined) return;
  let tree: TreeState | undefined;
  try {
    tree = await readTreeState({ root, repo, scratch: layout.scratch, index: context.memory?.index });
    // As a check does: the diffs with the trees compared last (the worker's, the baseline's) in
    // one request to the kept git process, which the check then finds; and the line maps its
    // attribution will need, from the last check's base (tree/line-maps-ahead.ts).
    const { memory } = context;
    if (memory !== undefined && tree.kind === 'git') {
      const current = tree.treeId;
      await memory.trees.prefetch(repo, current).catch(() => undefined);
      memory.lineMaps.prepare(repo, current, (base) => memory.trees.find(base, current));
    }
  } catch (error) {
    logDebug(`warm: reading the tree of ${root} failed: ${describeError(error)}`);
  }
  void followed.settle(unchanged() ? tree : undefined).then(
    (ran) => {
      if (ran) logDebug(`warm: followed an edit on ${root} in ${Math.round(performance.now() - startedAt)} ms`);
    },
    (error: unknown) => logDebug(`warm: following an edit on ${root} failed: ${describeError(error)}`),
  );
}
