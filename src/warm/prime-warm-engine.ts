/**
 * Warms a work tree's checks ahead of the first check: when `culprit serve` starts, when the
 * command that started it asks, after a start the cache answered, the warm engine runs the checks
 * on the tree as it is, so the check that follows is incremental. The result is discarded; a
 * failure only means the next check runs cold, so it is logged (CULPRIT_DEBUG) and never thrown.
 *
 * Where a baseline of the work tree is at hand (the started task's, else the one its last check
 * compared with, when the snapshot cache has it), the worker starts from it as a cold check from
 * the baseline does (warm/seeds.ts): it makes the programs and loads ESLint, checks only what
 * the edit since the baseline reaches, and keeps the baseline's results for the rest, instead of
 * running every check again. Otherwise it runs them in full.
 *
 * A worker that has answered already (it took the start) is not primed again: isPrimeNeeded.
 *
 * `tree` is the started tree when start has already read it: files the agent edits before a full
 * priming run reads them are in the next check's diff from that tree anyway, and the run checked
 * what it read, so nothing is missed. Without it the work tree's identity is read first, for the
 * same reason. A run from a baseline is different: it takes the baseline's results for every file
 * the seeds do not name, so a file edited after the tree was read would keep them though the run
 * read its new text, and later checks, which compare what the session read, would not check it
 * again (a served check then said "no new findings" where a cold one found the error). So the
 * tree is read again after such a run; when it moved, the worker runs once more on the tree as it
 * is now, checking the files that moved and the seeds did not name from their base text (the
 * text their baseline results are for: WarmEngine.rebase), as the seeded run checked the edited
 * ones; the run after that finds any later change by itself. A worker that cannot (it went
 * stale: a configuration file changed too) is stopped and a new one primed on the tree as it is
 * now, from the baseline again a few times, then in full, which checks what it reads however
 * the tree moves. Before, every moved tree took that path, and an agent checking back to back
 * could keep seeded runs from ever converging (checks meanwhile are answered cold from the
 * baseline, never by the worker).
 */

/** Seeded primings in a row whose tree moved under them before one runs in full. */
const maxSeededRounds = 3;
import { join } from 'node:path';
import { logDebug } from '../debug/log-debug.js';
import { makeTreeKey, type Snapshot, type TreeState } from '../core/snapshot.js';
import { readTreeState } from '../snapshot/take-snapshot.js';
import type { Repository } from '../git/git.js';
import type { ResolvedCheck } from '../checks/check.js';
import type { WarmSeed } from '../checks/check-definition.js';
import { loadCachedSnapshot } from '../baseline/snapshot-cache.js';
import type { StateLayout } from '../state/state-dir.js';
import { loadSessionFile } from '../state/session-store.js';
import { compareTrees, listTouchedPaths } from '../tree/compare-trees.js';
import { readSeeds, readTreeTexts } from './seeds.js';
import type { WarmEngine } from './warm-engine.js';
import type { WarmMemory } from './warm-memory.js';

/** The parts of a task's context (tasks/context.ts) priming reads. */
export interface PrimeContext {
  root: string;
  repo: Repository | null;
  settings: { checks: readonly ResolvedCheck[] };
  layout: StateLayout;
  memory?: WarmMemory | undefined;
}

export interface PrimeOptions {
  /** The tree to warm, when the caller has read it. */
  tree?: TreeState | undefined;
  /** The baseline to start from (a start just taken); default the work tree's session's, when cached. */
  baseline?: Snapshot | undefined;
}

/**
 * Whether `root` still needs priming: not when a worker has answered there (it took the start, or
 * a check), since its next run is incremental from the tree it last saw, edits since included. A
 * priming then would only run that increment early and send the check that arrives meanwhile
 * down the cold path. Synchronous, so a caller can decide before anything is under way.
 */
export function isPrimeNeeded(engine: WarmEngine, root: string): boolean {
  if (!engine.isWarm(root)) return true;
  logDebug(`warm: ${root} has a warm worker already; nothing to prime`);
  return false;
}

export async function primeWarmEngine(
  engine: WarmEngine,
  context: PrimeContext,
  options: PrimeOptions = {},
): Promise<void> {
  const { root, repo, settings, layout } = context;
  if (!isPrimeNeeded(engine, root)) return;
  const readTree = () => readTreeState({ root, repo, scratch: layout.scratch, index: context.memory?.index });
  const names = settings.checks.map((check) => check.name).join(', ');
  try {
    let primed = options.tree ?? (await readTree());
    for (let round = 1; ; round += 1) {
      // The last round runs in full: it checks what it reads, however the tree moves meanwhile.
      const seeds = round <= maxSeededRounds ? await readPrimeSeeds(context, primed, options.baseline) : undefined;
      await engine.prime(settings.checks, root, primed, seeds);
      // Said once it stands: a seeded priming whose tree moved is done again.
      const now = seeds === undefined ? primed : await readTree();
      if (makeTreeKey(now) === makeTreeKey(primed)) {
        logDebug(
          `warm: primed ${names} on ${root}${seeds === undefined ? '' : ` from the baseline (${Object.keys(seeds).join(', ')})`}`,
        );
        return;
      }
      const moved = seeds === undefined ? undefined : await readMovedTexts(context, primed, now, seeds);
      if (moved !== undefined && (await engine.rebase(settings.checks, root, now, moved))) {
        logDebug(
          `warm: primed ${names} on ${root} from the baseline; the tree moved meanwhile, and ${Object.keys(moved).length} file(s) were checked again`,
        );
        return;
      }
      engine.retire(root);
      logDebug(`warm: the tree moved while ${root} was primed from the baseline; priming it again`);
      primed = now;
    }
  } catch (error) {
    // A worker whose seeded run was not confirmed (the tree read again, the moved files checked)
    // may hold baseline results for files it read since: it never answers a check.
    engine.retire(root);
    logDebug(`warm: priming ${root} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The files that changed between the tree a seeded run was for (`primed`) and `now` and that no
 * seed named (those it checked whatever text it read), with their text on `primed`, which is the
 * baseline's; undefined when the change cannot be told.
 */
async function readMovedTexts(
  context: PrimeContext,
  primed: TreeState,
  now: TreeState,
  seeds: Record<string, WarmSeed>,
): Promise<Record<string, string> | undefined> {
  const { repo, root } = context;
  if (repo === null || primed.kind !== 'git') return undefined;
  const changes = await compareTrees(primed, now, () => Promise.resolve(repo), context.memory?.trees);
  if (changes === null) return undefined;
  const named = new Set(Object.values(seeds).flatMap((seed) => Object.keys(seed.baseTexts)));
  const paths = [...new Set(listTouchedPaths(changes))].filter((path) => !named.has(join(root, path)));
  const texts = await readTreeTexts(repo, primed.treeId, paths);
  // A file added since has no base text: the next run's hint names it, and it is new to the programs.
  return Object.fromEntries(
    paths.flatMap((path, index) => {
      const text = texts[index];
      return text === undefined ? [] : [[join(root, path), text]];
    }),
  );
}

/** The seeds of the baseline at hand for `tree`, or undefined when there is none or the edit since cannot be seeded. */
async function readPrimeSeeds(
  context: PrimeContext,
  tree: TreeState,
  given: Snapshot | undefined,
): Promise<Record<string, WarmSeed> | undefined> {
  const { repo } = context;
  if (repo === null) return undefined;
  const baseline = given ?? findSessionBaseline(context);
  if (baseline === undefined) return undefined;
  const changes = await compareTrees(baseline.tree, tree, () => Promise.resolve(repo), context.memory?.trees);
  if (changes === null) return undefined;
  const seeded = await readSeeds({
    repo,
    root: context.root,
    baseline,
    changes,
    checks: context.settings.checks,
  });
  if ('reason' in seeded) {
    logDebug(`warm: priming in full: ${seeded.reason}`);
    return undefined;
  }
  return seeded.seeds;
}

/** The started task's baseline, else the one the work tree's last check compared with, when the cache has it. */
function findSessionBaseline(context: PrimeContext): Snapshot | undefined {
  try {
    const sessions = loadSessionFile(context.layout.sessionFile, context.root);
    const session = sessions.started ?? sessions.implicit.at(-1);
    if (session === undefined) return undefined;
    return loadCachedSnapshot(context.layout, session.baseline, context.memory?.snapshots) ?? undefined;
  } catch (error) {
    // An unreadable session file is the next command's to report; priming runs in full.
    logDebug(`warm: no baseline to prime from (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}
