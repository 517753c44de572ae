/**
 * Warms a work tree's checks ahead of the first check: right after `start`, while the agent
 * edits, the warm engine runs every check once on the tree as it is, so the check that follows
 * is incremental. The result is discarded; a failure only means the next check runs cold.
 */
import { readTreeState } from '../snapshot/take-snapshot.js';
import type { TaskContext } from '../task/context.js';
import type { WarmEngine } from './warm-engine.js';

export async function primeWarmEngine(engine: WarmEngine, context: TaskContext): Promise<void> {
  const tree = await readTreeState({ root: context.root, repo: context.repo, scratch: context.layout.scratch });
  await engine.runChecks(context.settings.checks, context.root, tree);
}
