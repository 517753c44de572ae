/**
 * Warms a work tree's checks ahead of the first check: right after `start`, while the agent
 * edits, the warm engine runs every check once on the tree as it is, so the check that follows
 * is incremental. The result is discarded; a failure only means the next check runs cold.
 *
 * `tree` is the started tree, which start has already read: files the agent edits before the
 * priming run reads them are in the next check's diff from that tree anyway, so nothing is missed.
 */
import type { TreeState } from '../snapshot/snapshot.js';
import type { TaskContext } from '../task/context.js';
import type { WarmEngine } from './warm-engine.js';

export async function primeWarmEngine(engine: WarmEngine, context: TaskContext, tree: TreeState): Promise<void> {
  await engine.runChecks(context.settings.checks, context.root, tree);
}
