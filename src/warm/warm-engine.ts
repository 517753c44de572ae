/**
 * The warm engine: a check runner (the same contract as run-check.ts's `runChecks`) that keeps
 * one warm worker per work tree between runs for the checks that can be kept warm (tsc, eslint),
 * and runs every other kind cold, side by side, as `runChecks` does.
 *
 * The worker model of cold checks is kept: the warm worker leads its own process group; a check
 * that does not finish within its timeout (counted from when the worker starts it) has the group
 * killed and is reported timed-out. When the worker dies or is killed, the checks of that
 * request it had not answered run cold, so each is still answered as a cold run would; the next
 * run starts a new worker. A worker is also replaced, cold, when the checks' configuration
 * changes, when the tree diff touches a configuration file (package.json, tsconfig, ESLint
 * config, lockfiles, ignore files), and when the worker itself finds its configuration or the
 * installed tools changed (it answers `stale`).
 *
 * Idle workers do not keep culprit's process alive; they are killed when it exits.
 */
import { basename, join } from 'node:path';
import type { CheckRun, ResolvedCheck } from '../checks/check.js';
import { makeCheckRun, runChecks } from '../checks/runner/run-check.js';
import { forkWorkerProcess, type WorkerProcess } from '../checks/runner/spawn-worker.js';
import { killProcessGroup } from '../checks/runner/worker-registry.js';
import { makeUserError } from '../core/errors.js';
import { findRepository, type Repository } from '../git/git.js';
import { logDebug } from '../debug/log-debug.js';
import type { TreeState } from '../core/snapshot.js';
import { compareTrees, listTouchedPaths, type TreeDiffMemory } from '../tree/compare-trees.js';
import { isWarmEvent, type WarmEvent, type WarmRequest } from './warm-protocol.js';
import { checkDefinitions, checkKinds } from '../checks/registry.js';
import { isCheckProgressHeard, reportCheckProgress, type CheckProgress } from '../checks/runner/progress.js';
import { packageFileNames } from '../checks/runner/install-state.js';
import type { WarmSeed } from '../checks/check-definition.js';

export interface WarmEngine {
  runChecks(checks: readonly ResolvedCheck[], root: string, tree?: TreeState): Promise<CheckRun[]>;
  /**
   * Warms the worker of `root` on `tree` ahead of the next check (prime-warm-engine.ts): as
   * runChecks, but a new worker's sessions start from `seeds` (a baseline's runs and the edit
   * since, baseline-seed.ts) where they can, instead of checking everything. A worker already
   * warm takes it as any run.
   */
  prime(
    checks: readonly ResolvedCheck[],
    root: string,
    tree: TreeState,
    seeds?: Record<string, WarmSeed>,
  ): Promise<void>;
  /** Whether `root` has a live worker that has answered: its next run is incremental from the tree it last saw. */
  isWarm(root: string): boolean;
  /** Pids of the live warm workers, for tests and diagnostics. */
  readonly workerPids: number[];
  /** Kills every warm worker; a run under way then fails rather than finishing cold. */
  close(): void;
}

interface WarmSlot {
  worker: WorkerProcess;
  /** What the worker's checks were configured as. */
  checksKey: string;
  /** The tree of the worker's last complete answer. */
  tree: TreeState | undefined;
  nextId: number;
}

interface RequestOutcome {
  runs: Map<string, CheckRun>;
  stale?: string;
  /** The decider whose run stopped the worker (see `Deferral`), when one did. */
  decidedBy?: string;
  /** The worker is gone, or should be: a new one serves the next run. */
  ended: boolean;
}

/** What warm kinds there are: the kinds whose definition has a warm session (checks/registry.ts). */
const warmSupports = checkKinds.flatMap((kind) => checkDefinitions[kind].warm ?? []);

/**
 * Files whose change a warm worker cannot follow, so it restarts cold: what a package install
 * brings, `.gitignore` (it decides which files the tree diff names), and each warm kind's own
 * configuration files, whichever kinds the worker runs.
 */
export function isRestartFile(name: string): boolean {
  return (
    packageFileNames.includes(name) || name === '.gitignore' || warmSupports.some((warm) => warm.configFiles.test(name))
  );
}

function isWarmCheck(check: ResolvedCheck): boolean {
  return checkDefinitions[check.kind].warm !== undefined;
}

export interface WarmEngineOptions {
  /**
   * By check name: the baseline the first worker's sessions start from (run-from-baseline.ts).
   * Such an engine serves only the seeded checks; the others run cold beside them.
   */
  seeds?: Record<string, WarmSeed> | undefined;
  /** Lets a decider's run stop the checks after it in the worker, as a cold check defers them (attempt/defer-checks.ts). */
  deferral?: Deferral | undefined;
  /** Tree diffs a long-lived culprit keeps (warm/warm-memory.ts): the check that read the tree has often asked for this one already. */
  trees?: TreeDiffMemory | undefined;
}

/**
 * Deferring in a warm worker: a decider's run (tsc) is asked about as soon as it comes; when it
 * says so, the worker is stopped, and each deferrable check it had not answered is reported
 * deferred instead of run cold. One that answered before the decision keeps its result.
 */
export interface Deferral {
  decide(run: CheckRun): Promise<boolean>;
  makeDeferred(check: ResolvedCheck, decidedBy: string, durationMs: number): CheckRun;
}

export function makeWarmEngine({ seeds, deferral, trees }: WarmEngineOptions = {}): WarmEngine {
  const slots = new Map<string, WarmSlot>();
  // Seeds describe one edit against one baseline: only the first worker's first request may use them.
  let unusedSeeds = seeds;
  const repositories = new Map<string, Promise<Repository | null>>();

  // Counts close() calls: a run that sees it change was cut short on purpose.
  let closings = 0;
  const throwIfClosedSince = (closingsAtStart: number): void => {
    // A user error: the server closing is no bug, and whoever waited is told so in one line.
    if (closings !== closingsAtStart) throw makeUserError('the warm engine was closed (the server is stopping)');
  };

  const retire = (root: string) => {
    const slot = slots.get(root);
    if (slot === undefined) return;
    slots.delete(root);
    killProcessGroup(slot.worker.child);
  };

  const spawn = (root: string, checksKey: string): WarmSlot => {
    const worker = forkWorkerProcess(new URL('./warm-worker', import.meta.url), root);
    // A send to a worker that just died reports here; its exit settles the request.
    worker.child.on('error', (error) => logDebug(`warm: worker error: ${error.message}`));
    const slot: WarmSlot = { worker, checksKey, tree: undefined, nextId: 1 };
    worker.child.once('exit', () => {
      if (slots.get(root) === slot) slots.delete(root);
    });
    slots.set(root, slot);
    logDebug(`warm: started a worker (pid ${worker.child.pid ?? '?'}) for ${root}`);
    return slot;
  };

  /** Absolute paths changed between two trees, or null when that cannot be told. */
  const readHint = async (
    root: string,
    before: TreeState | undefined,
    after: TreeState | undefined,
  ): Promise<string[] | null> => {
    if (before === undefined || after === undefined) return null;
    const changes = await compareTrees(
      before,
      after,
      () => {
        if (!repositories.has(root)) repositories.set(root, findRepository(root));
        return repositories.get(root)!;
      },
      trees,
    );
    return changes === null ? null : [...new Set(listTouchedPaths(changes))].map((path) => join(root, path));
  };

  const runWarm = async (
    checks: readonly ResolvedCheck[],
    root: string,
    tree: TreeState | undefined,
    priming?: { seeds: Record<string, WarmSeed> | undefined },
  ): Promise<Map<string, CheckRun>> => {
    // A priming run is nobody's command: its checks' progress is not reported (nor asked of the worker).
    const progress = priming === undefined && isCheckProgressHeard();
    const report = progress ? reportCheckProgress : () => undefined;
    const closingsAtStart = closings;
    const checksKey = JSON.stringify(checks.map(({ name, kind, options }) => ({ name, kind, options })));
    let slot = slots.get(root);
    let hint: string[] | null = null;
    if (slot !== undefined && (slot.checksKey !== checksKey || slot.worker.hasExited())) {
      logDebug('warm: the checks changed; starting a new worker');
      retire(root);
      slot = undefined;
    }
    if (slot !== undefined) {
      hint = await readHint(root, slot.tree, tree);
      const config = hint?.find((path) => isRestartFile(basename(path)));
      if (config !== undefined) {
        logDebug(`warm: ${config} changed; starting a new worker, cold`);
        retire(root);
        slot = undefined;
        hint = null;
      }
    }
    const firstSeeds = slot === undefined ? (priming?.seeds ?? unusedSeeds) : undefined;
    unusedSeeds = undefined;
    slot ??= spawn(root, checksKey);
    const requestedAt = performance.now();
    let outcome = await request(slot, { checks, root, hint, seeds: firstSeeds, deferral, report, progress });
    throwIfClosedSince(closingsAtStart);
    if (outcome.stale !== undefined) {
      logDebug(`warm: the worker is stale (${outcome.stale}); starting a new one, cold`);
      retire(root);
      slot = spawn(root, checksKey);
      outcome = await request(slot, { checks, root, hint: null, report, progress });
      throwIfClosedSince(closingsAtStart);
    }
    if (outcome.ended || outcome.stale !== undefined) retire(root);
    else slot.tree = tree;
    const { decidedBy } = outcome;
    if (decidedBy !== undefined && deferral !== undefined)
      for (const check of checks)
        if (!outcome.runs.has(check.name) && checkDefinitions[check.kind].deferral === 'deferrable') {
          outcome.runs.set(
            check.name,
            deferral.makeDeferred(check, decidedBy, Math.round(performance.now() - requestedAt)),
          );
          report({ kind: 'finished', check: check.name, status: 'deferred' });
        }
    // What the worker could not answer runs cold: each check still gets the answer a cold run gives.
    const missing = checks.filter((check) => !outcome.runs.has(check.name));
    if (missing.length > 0) logDebug(`warm: running ${missing.map((check) => check.name).join(', ')} cold`);
    for (const run of await runChecks(missing, root)) outcome.runs.set(run.name, run);
    return outcome.runs;
  };

  const isServed = (check: ResolvedCheck) =>
    isWarmCheck(check) && (seeds === undefined || seeds[check.name] !== undefined);

  return {
    get workerPids() {
      return [...slots.values()].flatMap((slot) =>
        slot.worker.child.pid === undefined ? [] : [slot.worker.child.pid],
      );
    },
    close() {
      closings += 1;
      for (const root of [...slots.keys()]) retire(root);
    },
    isWarm(root) {
      const slot = slots.get(root);
      return slot !== undefined && !slot.worker.hasExited() && slot.tree !== undefined;
    },
    async prime(checks, root, tree, primeSeeds) {
      // Only the warm kinds: a check no worker keeps has nothing to warm.
      const warm = checks.filter(isServed);
      if (warm.length > 0) await runWarm(warm, root, tree, { seeds: primeSeeds });
    },
    async runChecks(checks, root, tree) {
      // An engine made to start from seeds serves only the seeded checks; any other runs cold, as it always has.
      const warm = checks.filter(isServed);
      const [warmRuns, coldRuns] = await Promise.all([
        warm.length === 0 ? new Map<string, CheckRun>() : runWarm(warm, root, tree),
        runChecks(
          checks.filter((check) => !isServed(check)),
          root,
        ),
      ]);
      const byName = new Map([...warmRuns, ...coldRuns.map((run) => [run.name, run] as const)]);
      return checks.map((check) => byName.get(check.name)!);
    },
  };
}

/**
 * Sends one request and collects the worker's replies. Each check's timeout counts from when the
 * worker starts it (the first one's from the request), so checks that wait their turn behind
 * another in the same worker are not charged for it.
 */
interface WarmAsk {
  checks: readonly ResolvedCheck[];
  root: string;
  hint: string[] | null;
  seeds?: Record<string, WarmSeed> | undefined;
  deferral?: Deferral | undefined;
  /** Where the checks' progress goes (checks/runner/progress.ts), and whether the worker should send files done. */
  report: (progress: CheckProgress) => void;
  progress: boolean;
}

function request(
  slot: WarmSlot,
  { checks, root, hint, seeds, deferral, report, progress }: WarmAsk,
): Promise<RequestOutcome> {
  const { child } = slot.worker;
  const id = slot.nextId++;
  const byName = new Map(checks.map((check) => [check.name, check]));
  const runs = new Map<string, CheckRun>();
  child.ref();
  child.channel?.ref();

  return new Promise((resolve) => {
    let current: { check: ResolvedCheck; startedAt: number; timer: NodeJS.Timeout } | undefined;
    let timedOut: ResolvedCheck | undefined;
    let decidedBy: string | undefined;
    let settled = false;
    const decide = (check: ResolvedCheck, run: CheckRun) => {
      if (deferral === undefined || checkDefinitions[check.kind].deferral !== 'decider') return;
      void deferral.decide(run).then((defer) => {
        if (!defer || settled) return;
        decidedBy = check.name;
        killProcessGroup(child);
      });
    };
    const startClock = (check: ResolvedCheck) => {
      if (current?.check === check) return;
      if (current !== undefined) clearTimeout(current.timer);
      const timer = setTimeout(() => {
        timedOut = check;
        killProcessGroup(child);
      }, check.timeoutMs);
      current = { check, startedAt: performance.now(), timer };
    };
    const finish = (outcome: Omit<RequestOutcome, 'runs'>) => {
      if (settled) return;
      settled = true;
      if (current !== undefined) clearTimeout(current.timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (timedOut !== undefined) {
        const startedAt = current?.check === timedOut ? current.startedAt : performance.now();
        runs.set(
          timedOut.name,
          makeCheckRun(timedOut, { kind: 'timed-out' }, Math.round(performance.now() - startedAt)),
        );
        report({ kind: 'finished', check: timedOut.name, status: 'timed-out' });
      }
      child.unref();
      child.channel?.unref();
      resolve({ runs, ...outcome });
    };
    const onMessage = (message: unknown) => {
      if (!isWarmEvent(message) || message.id !== id) return;
      handle(message);
    };
    const handle = (event: WarmEvent) => {
      switch (event.type) {
        case 'started': {
          const check = byName.get(event.name);
          if (check === undefined) return;
          startClock(check);
          report({ kind: 'started', check: check.name });
          return;
        }
        case 'progress':
          if (byName.has(event.name))
            report({ kind: 'files', check: event.name, done: event.done, total: event.total });
          return;
        case 'reply': {
          const check = byName.get(event.name);
          if (check === undefined) return;
          const startedAt = current?.check === check ? current.startedAt : performance.now();
          if (current?.check === check) {
            clearTimeout(current.timer);
            current = undefined;
          }
          const run = makeCheckRun(
            check,
            { kind: 'reply', reply: event.reply },
            Math.round(performance.now() - startedAt),
          );
          runs.set(check.name, run);
          report({ kind: 'finished', check: check.name, status: run.status });
          decide(check, run);
          return;
        }
        case 'stale':
          finish({ stale: event.reason, ended: true });
          return;
        case 'done':
          finish({ ended: event.retire });
      }
    };
    const onExit = () => finish({ ended: true, ...(decidedBy === undefined ? {} : { decidedBy }) });
    child.on('message', onMessage);
    child.once('exit', onExit);
    const first = checks[0];
    if (first !== undefined) startClock(first);
    const message: WarmRequest = {
      id,
      root,
      checks: checks.map(({ name, kind, options }) => ({ name, kind, options })),
      hint,
      seeds,
      progress,
    };
    child.send(message, (error) => {
      if (error !== null) finish({ ended: true });
    });
  });
}
