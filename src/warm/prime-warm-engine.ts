/**
 * Warms a work tree's checks ahead of the first check: right after `start` (MCP) or when
 * `culprit serve` starts, the warm engine runs every check once on the tree as it is, so the
 * check that follows is incremental. The result is discarded; a failure only means the next
 * check runs cold, so it is logged (CULPRIT_DEBUG) and never thrown.
 *
 * `tree` is the started tree when start has already read it: files the agent edits before the
 * priming run reads them are in the next check's diff from that tree anyway, so nothing is missed.
 * Without it the work tree's identity is read first, for the same reason.
 */
import { logDebug } from '../debug/log-debug.js';
import type { TreeState } from '../core/snapshot.js';
import { readTreeState } from '../snapshot/take-snapshot.js';
import type { Repository } from '../git/git.js';
import type { ResolvedCheck } from '../checks/check.js';
import type { WarmEngine } from './warm-engine.js';

/** The parts of a task's context (tasks/context.ts) priming reads. */
export interface PrimeContext {
  root: string;
  repo: Repository | null;
  settings: { checks: readonly ResolvedCheck[] };
  layout: { scratch: string };
}

export async function primeWarmEngine(engine: WarmEngine, context: PrimeContext, tree?: TreeState): Promise<void> {
  const { root, repo, settings, layout } = context;
  try {
    const primed = tree ?? (await readTreeState({ root, repo, scratch: layout.scratch }));
    await engine.runChecks(settings.checks, root, primed);
    logDebug(`warm: primed ${settings.checks.map((check) => check.name).join(', ')} on ${root}`);
  } catch (error) {
    logDebug(`warm: priming ${root} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
