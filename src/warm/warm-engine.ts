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
import type { Diagnostic } from '../core/diagnostic.js';
import { normalizeDiagnostic } from '../checks/output/normalize-diagnostic.js';
import { makeDeltaReceiver, type DeltaReceiver } from './reply-delta.js';

export interface WarmEngine {
  /**
   * `since` (ms since the epoch): when the command asking began. A run the worker began since then
   * on this very tree (an edit followed while the client started) answers it without asking the
   * worker again: it read the files after the command began.
   */
  runChecks(checks: readonly ResolvedCheck[], root: string, tree?: TreeState, since?: number): Promise<CheckRun[]>;
  /**
   * Warms the worker of `root` on `tree` ahead of the next check (prime-warm-engine.ts): as
   * runChecks, but a new worker's sessions start from `seeds` (a baseline's runs and the edit
   * since, seeds.ts) where they can, instead of checking everything. A worker already
   * warm takes it as any run.
   */
  prime(
    checks: readonly ResolvedCheck[],
    root: string,
    tree: TreeState,
    seeds?: Record<string, WarmSeed>,
  ): Promise<void>;
  /**
   * Sends the warm worker of `root` the change to `paths` (an edit the server saw, absolute
   * paths: warm/follow-edit.ts) when it is warm and can follow it, so the check after it finds
   * the work done. The worker starts at once: the caller reads the tree meanwhile and hands it to
   * `settle` (undefined when it cannot tell the tree the worker saw), which resolves once the
   * worker has run the change. A run that comes meanwhile waits for that before it asks the
   * worker. Never starts a worker and runs nothing cold: undefined when there is nothing to follow.
   */
  follow(checks: readonly ResolvedCheck[], root: string, paths: readonly string[]): FollowedEdit | undefined;
  /**
   * Asks the warm worker of `root` to run now, before the caller knows its tree, when it will most
   * likely be `tree`, the one the worker last answered (a check the server followed the edit of):
   * the worker finds what changed by itself while git confirms the tree. The next run on
   * that very tree, for a command begun before it was asked, takes the answer; another run waits
   * for it and asks again. Returns what drops the run when the caller is done (a run not taken by
   * then is nobody's). Nothing is asked when the worker's last answer, begun after `since`, will
   * answer the run (runChecks).
   */
  expect(checks: readonly ResolvedCheck[], root: string, tree: TreeState, since?: number): () => void;
  /**
   * The worker of `root` was just primed from a baseline (`prime` with seeds), and the tree moved
   * meanwhile, to `tree`: its seeded run took the baseline's results for files it read after they
   * changed. It runs now on `tree`, checking those files again from `baseTexts` (their text on
   * the base tree: absolute path → text, WarmSession.rebase). False when it cannot (no live
   * worker, or one that went stale or died on the way: it is then retired).
   */
  rebase(
    checks: readonly ResolvedCheck[],
    root: string,
    tree: TreeState,
    baseTexts: Readonly<Record<string, string>>,
  ): Promise<boolean>;
  /** Whether `root` has a live worker that has answered: its next run is incremental from the tree it last saw. */
  isWarm(root: string): boolean;
  /** Stops the worker of `root`, if any: the next run there starts a new one. */
  retire(root: string): void;
  /** Pids of the live warm workers, for tests and diagnostics. */
  readonly workerPids: number[];
  /** Kills every warm worker; a run under way then fails rather than finishing cold. */
  close(): void;
}

/** A change a warm worker runs ahead of the check (WarmEngine.follow). */
export interface FollowedEdit {
  /** `tree`: the tree the worker saw, as the caller read it while the worker ran. True when the worker ran the change. */
  settle(tree: TreeState | undefined): Promise<boolean>;
}

/** A worker's answer, kept with the tree it was for (WarmSlot.tree). */
interface AnsweredRun {
  runs: ReadonlyMap<string, CheckRun>;
  /** When it was asked of the worker (ms since the epoch). */
  askedAt: number;
  checksKey: string;
}

interface ExpectedRun {
  tree: TreeState;
  checksKey: string;
  id: number;
  askedAt: number;
  outcome: Promise<RequestOutcome>;
}

interface WarmSlot {
  worker: WorkerProcess;
  /** What the worker's checks were configured as. */
  checksKey: string;
  /** The tree of the worker's last complete answer. */
  tree: TreeState | undefined;
  /** The id of the request whose answer `tree` is: a follow that ends after a later request's answer leaves it. */
  treeId: number;
  /** An edit the worker follows (WarmEngine.follow): a run waits for it, so its hint starts from the tree it leaves. */
  following: Promise<unknown> | undefined;
  /** Requests under way. */
  asking: number;
  /** A run asked for ahead of its tree (WarmEngine.expect). */
  expected: ExpectedRun | undefined;
  /** The answer `tree` is from. */
  answered: AnsweredRun | undefined;
  nextId: number;
  /** Each check's last reply, which the worker's next one is a change to (reply-delta.ts). */
  replies: DeltaReceiver;
  /** Findings as the worker sent them → as normalised: a finding kept from the last reply is not normalised again. */
  normalized: WeakMap<Diagnostic, Diagnostic>;
}

interface RequestOutcome {
  runs: Map<string, CheckRun>;
  stale?: string;
  /** The decider whose run stopped the worker (see `Deferral`), when one did. */
  decidedBy?: string | undefined;
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
   * By check name: the baseline the first worker's sessions start from (seeded/seeded-runner.ts).
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

/** What an engine holds; the functions below act on it. */
interface EngineState {
  readonly slots: Map<string, WarmSlot>;
  readonly seeds: Record<string, WarmSeed> | undefined;
  /** Seeds describe one edit against one baseline: only the first worker's first request may use them. */
  unusedSeeds: Record<string, WarmSeed> | undefined;
  readonly deferral: Deferral | undefined;
  readonly trees: TreeDiffMemory | undefined;
  readonly repositories: Map<string, Promise<Repository | null>>;
  /** Counts close() calls: a run that sees it change was cut short on purpose. */
  closings: number;
}

export function makeWarmEngine({ seeds, deferral, trees }: WarmEngineOptions = {}): WarmEngine {
  const state: EngineState = {
    slots: new Map(),
    seeds,
    unusedSeeds: seeds,
    deferral,
    trees,
    repositories: new Map(),
    closings: 0,
  };
  return {
    get workerPids() {
      return [...state.slots.values()].flatMap((slot) =>
        slot.worker.child.pid === undefined ? [] : [slot.worker.child.pid],
      );
    },
    close() {
      state.closings += 1;
      for (const root of [...state.slots.keys()]) retireSlot(state, root);
    },
    retire: (root) => retireSlot(state, root),
    isWarm: (root) => isWarmSlot(state, root),
    async prime(checks, root, tree, primeSeeds) {
      // Only the warm kinds: a check no worker keeps has nothing to warm.
      const warm = checks.filter((check) => isServed(state, check));
      if (warm.length > 0) await runWarm(state, warm, root, tree, { seeds: primeSeeds });
    },
    follow: (checks, root, paths) => followWarm(state, checks, root, paths),
    rebase: (checks, root, tree, baseTexts) => rebaseWarm(state, checks, root, tree, baseTexts),
    expect: (checks, root, tree, since) => expectRun(state, checks, root, tree, since),
    async runChecks(checks, root, tree, since) {
      // An engine made to start from seeds serves only the seeded checks; any other runs cold, as it always has.
      const warm = checks.filter((check) => isServed(state, check));
      const [warmRuns, coldRuns] = await Promise.all([
        warm.length === 0 ? new Map<string, CheckRun>() : runWarm(state, warm, root, tree, undefined, since),
        runChecks(
          checks.filter((check) => !isServed(state, check)),
          root,
        ),
      ]);
      const byName = new Map([...warmRuns, ...coldRuns.map((run) => [run.name, run] as const)]);
      return checks.map((check) => byName.get(check.name)!);
    },
  };
}

/** Whether `root` has a live worker that has answered. */
function isWarmSlot(state: EngineState, root: string): boolean {
  const slot = state.slots.get(root);
  return slot !== undefined && !slot.worker.hasExited() && slot.tree !== undefined;
}

function isServed(state: EngineState, check: ResolvedCheck): boolean {
  return isWarmCheck(check) && (state.seeds === undefined || state.seeds[check.name] !== undefined);
}

function throwIfClosedSince(state: EngineState, closingsAtStart: number): void {
  // A user error: the server closing is no bug, and whoever waited is told so in one line.
  if (state.closings !== closingsAtStart) throw makeUserError('the warm engine was closed (the server is stopping)');
}

function retireSlot(state: EngineState, root: string): void {
  const slot = state.slots.get(root);
  if (slot === undefined) return;
  state.slots.delete(root);
  killProcessGroup(slot.worker.child);
}

function spawnSlot(state: EngineState, root: string, checksKey: string): WarmSlot {
  const worker = forkWorkerProcess(new URL('./warm-worker', import.meta.url), root);
  // A send to a worker that just died reports here; its exit settles the request.
  worker.child.on('error', (error) => logDebug(`warm: worker error: ${error.message}`));
  const slot: WarmSlot = {
    worker,
    checksKey,
    tree: undefined,
    treeId: 0,
    following: undefined,
    asking: 0,
    expected: undefined,
    answered: undefined,
    nextId: 1,
    replies: makeDeltaReceiver(),
    normalized: new WeakMap(),
  };
  worker.child.once('exit', () => {
    if (state.slots.get(root) === slot) state.slots.delete(root);
  });
  state.slots.set(root, slot);
  logDebug(`warm: started a worker (pid ${worker.child.pid ?? '?'}) for ${root}`);
  return slot;
}

/** Absolute paths changed between two trees, or null when that cannot be told. */
async function readHint(
  state: EngineState,
  root: string,
  before: TreeState | undefined,
  after: TreeState | undefined,
): Promise<string[] | null> {
  if (before === undefined || after === undefined) return null;
  const readRepository = () => {
    if (!state.repositories.has(root)) state.repositories.set(root, findRepository(root));
    return state.repositories.get(root)!;
  };
  const changes = await compareTrees(before, after, readRepository, state.trees);
  return changes === null ? null : [...new Set(listTouchedPaths(changes))].map((path) => join(root, path));
}

/**
 * The live worker of `root` that can follow the change to `tree`, with what changed since its
 * last answer; none (a new worker is needed) when there is none, its checks changed, it died,
 * or a file it cannot follow changed.
 */
async function findLiveSlot(
  state: EngineState,
  root: string,
  checksKey: string,
  tree: TreeState | undefined,
): Promise<{ slot: WarmSlot | undefined; hint: string[] | null }> {
  const slot = state.slots.get(root);
  if (slot === undefined) return { slot, hint: null };
  if (slot.checksKey !== checksKey || slot.worker.hasExited()) {
    logDebug('warm: the checks changed; starting a new worker');
    retireSlot(state, root);
    return { slot: undefined, hint: null };
  }
  const hint = await readHint(state, root, slot.tree, tree);
  const config = hint?.find((path) => isRestartFile(basename(path)));
  if (config === undefined) return { slot, hint };
  logDebug(`warm: ${config} changed; starting a new worker, cold`);
  retireSlot(state, root);
  return { slot: undefined, hint: null };
}

async function runWarm(
  state: EngineState,
  checks: readonly ResolvedCheck[],
  root: string,
  tree: TreeState | undefined,
  priming?: { seeds: Record<string, WarmSeed> | undefined },
  since?: number,
): Promise<Map<string, CheckRun>> {
  // A priming run is nobody's command: its checks' progress is not reported (nor asked of the worker).
  const progress = priming === undefined && isCheckProgressHeard();
  const report = progress ? reportCheckProgress : () => undefined;
  const { deferral } = state;
  const closingsAtStart = state.closings;
  const checksKey = makeChecksKey(checks);
  // An edit the worker follows: this run's hint starts from the tree that leaves (nothing to redo).
  await state.slots.get(root)?.following;
  const live = await findLiveSlot(state, root, checksKey, tree);
  const firstSeeds = live.slot === undefined ? (priming?.seeds ?? state.unusedSeeds) : undefined;
  state.unusedSeeds = undefined;
  const answered =
    live.slot === undefined || progress ? undefined : findAnswered(live.slot, checks, checksKey, live.hint, since);
  if (answered !== undefined) {
    logDebug(`warm: answered by the run begun ${answered.askedAt - since!} ms after the command`);
    return new Map(answered.runs);
  }
  let slot = live.slot ?? spawnSlot(state, root, checksKey);
  // The worker primes its side alike when it gets the seeds (reply-delta.ts).
  for (const [name, seed] of Object.entries(firstSeeds ?? {})) slot.replies.prime(name, seed.base);
  const requestedAt = performance.now();
  const expected = await takeExpected(slot, { checksKey, tree, hint: live.hint, progress, since });
  // When the worker was asked: it reads the files after that.
  let askedAt = expected?.askedAt ?? Date.now();
  let requestId = expected?.id ?? slot.nextId;
  let outcome =
    expected === undefined
      ? await request(slot, { checks, root, hint: live.hint, seeds: firstSeeds, deferral, report, progress })
      : await expected.outcome;
  throwIfClosedSince(state, closingsAtStart);
  if (outcome.stale !== undefined) {
    logDebug(`warm: the worker is stale (${outcome.stale}); starting a new one, cold`);
    retireSlot(state, root);
    slot = spawnSlot(state, root, checksKey);
    requestId = slot.nextId;
    askedAt = Date.now();
    outcome = await request(slot, { checks, root, hint: null, report, progress });
    throwIfClosedSince(state, closingsAtStart);
  }
  if (outcome.ended || outcome.stale !== undefined) retireSlot(state, root);
  // A copy: what ran cold or was deferred below is added to the runs answered, and is not the worker's.
  else keepTree(slot, tree, requestId, { runs: new Map(outcome.runs), askedAt, checksKey });
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
}

/** What a worker's checks are configured as: a worker serves one such set. */
function makeChecksKey(checks: readonly ResolvedCheck[]): string {
  return JSON.stringify(checks.map(({ name, kind, options }) => ({ name, kind, options })));
}

/** The live warm worker of `root` that serves `checks` as they are configured now, with the checks it runs. */
function findWarmSlotOf(
  state: EngineState,
  checks: readonly ResolvedCheck[],
  root: string,
): { slot: WarmSlot; warm: ResolvedCheck[]; checksKey: string } | undefined {
  const warm = checks.filter((check) => isServed(state, check));
  const slot = state.slots.get(root);
  if (warm.length === 0 || slot === undefined || !isWarmSlot(state, root)) return undefined;
  const checksKey = makeChecksKey(warm);
  return slot.checksKey === checksKey ? { slot, warm, checksKey } : undefined;
}

/**
 * A run asked for ahead of its tree (WarmEngine.expect): only while the worker is warm on that
 * very tree, nothing else is asked of it, and no edit is being followed.
 */
function expectRun(
  state: EngineState,
  checks: readonly ResolvedCheck[],
  root: string,
  tree: TreeState,
  since: number | undefined,
): () => void {
  const nothing = () => undefined;
  const live = findWarmSlotOf(state, checks, root);
  if (live === undefined || state.deferral !== undefined) return nothing;
  const { slot, warm, checksKey } = live;
  if (slot.asking > 0 || slot.following !== undefined || slot.expected !== undefined) return nothing;
  if (!isSameTree(slot.tree, tree) || findAnswered(slot, warm, checksKey, [], since) !== undefined) return nothing;
  const id = slot.nextId;
  const askedAt = Date.now();
  logDebug('warm: asked the worker ahead of the tree');
  const outcome = request(slot, { checks: warm, root, hint: [], report: () => undefined, progress: false });
  slot.expected = { tree, checksKey, id, askedAt, outcome };
  return () => {
    if (slot.expected?.id === id) slot.expected = undefined;
  };
}

/**
 * The run asked for ahead of its tree, when it is this run's: the same checks on the tree it
 * expected, which the worker had last answered (`hint` empty), asked since the command began
 * (`since`, when told: a run asked as a client connected can meet a command begun later). Another
 * run waits for it to end and then asks the worker itself.
 */
async function takeExpected(
  slot: WarmSlot,
  run: {
    checksKey: string;
    tree: TreeState | undefined;
    hint: string[] | null;
    progress: boolean;
    since: number | undefined;
  },
): Promise<ExpectedRun | undefined> {
  const { expected } = slot;
  if (expected === undefined) return undefined;
  slot.expected = undefined;
  const { checksKey, tree, hint, progress, since } = run;
  // A run no command began (a priming) takes it: it is on the tree the run asks about.
  if (
    !progress &&
    isAskedSince(expected.askedAt, since, true) &&
    expected.checksKey === checksKey &&
    hint?.length === 0 &&
    isSameTree(expected.tree, tree)
  )
    return expected;
  await expected.outcome;
  return undefined;
}

function isSameTree(a: TreeState | undefined, b: TreeState | undefined): boolean {
  return a?.kind === 'git' && b?.kind === 'git' && a.treeId === b.treeId;
}

/** Records `tree` as what the worker's answer to request `id` saw, unless a later request's answer did already. */
function keepTree(slot: WarmSlot, tree: TreeState | undefined, id: number, answered: AnsweredRun): void {
  if (id < slot.treeId) return;
  slot.tree = tree;
  slot.treeId = id;
  slot.answered = answered;
}

/**
 * The worker's last answer on the tree it last answered, when it can answer a run on that tree
 * (`hint` empty) for a command that began at `since`: the same checks, asked of the worker since
 * then (their files read after the command began, as the command's own run would read them).
 */
function findAnswered(
  slot: WarmSlot,
  checks: readonly ResolvedCheck[],
  checksKey: string,
  hint: string[] | null,
  since: number | undefined,
): AnsweredRun | undefined {
  const { answered } = slot;
  // A kept answer can be of any age: a command that does not say when it began does not take it.
  if (answered === undefined || hint?.length !== 0 || !isAskedSince(answered.askedAt, since, false)) return undefined;
  if (answered.checksKey !== checksKey) return undefined;
  // Every check answered by the worker (one it could not answer ran cold then, and must run again now).
  return checks.every((check) => answered.runs.has(check.name)) ? answered : undefined;
}

/**
 * Whether a run asked of the worker at `askedAt` read its files after a command begun at `since`
 * did (both ms since the epoch); `unknown`: the answer when the command does not say.
 */
function isAskedSince(askedAt: number, since: number | undefined, unknown: boolean): boolean {
  return since === undefined ? unknown : askedAt >= since;
}

/**
 * An edit followed ahead of the check: the live worker runs the changed paths the server saw,
 * nobody waiting for the runs, which it keeps. Whatever would need a new worker (none there, the
 * checks changed, a configuration file changed) is left to the next check, which handles it as it
 * always has; so is a worker that goes stale or dies on the way.
 */
function followWarm(
  state: EngineState,
  checks: readonly ResolvedCheck[],
  root: string,
  paths: readonly string[],
): FollowedEdit | undefined {
  const live = findWarmSlotOf(state, checks, root);
  if (live === undefined || paths.length === 0 || paths.some((path) => isRestartFile(basename(path)))) return undefined;
  const { slot, warm } = live;
  const closingsAtStart = state.closings;
  const id = slot.nextId;
  const askedAt = Date.now();
  const outcome = request(slot, { checks: warm, root, hint: [...paths], report: () => undefined, progress: false });
  let giveTree: (value: TreeState | undefined) => void = () => undefined;
  const treeSeen = new Promise<TreeState | undefined>((resolve) => (giveTree = resolve));
  const followed = Promise.all([outcome, treeSeen]).then(([{ ended, stale, runs }, seenTree]) => {
    if (state.closings !== closingsAtStart) return false;
    // A later worker may serve the tree by now: only this one is retired.
    if (ended || stale !== undefined) {
      if (state.slots.get(root) === slot) retireSlot(state, root);
      return false;
    }
    // Without the tree the worker saw, the next run's hint starts from the last one known (and names this change again).
    if (seenTree !== undefined) keepTree(slot, seenTree, id, { runs, askedAt, checksKey: slot.checksKey });
    // The worker has moved past the answer kept for the tree it last answered.
    else if (id > slot.treeId) slot.answered = undefined;
    return true;
  });
  const following = followed.finally(() => {
    if (slot.following === following) slot.following = undefined;
  });
  slot.following = following;
  return {
    settle(seenTree) {
      giveTree(seenTree);
      return followed;
    },
  };
}

/** WarmEngine.rebase: one run of the live worker, nobody waiting for its answer but the priming. */
async function rebaseWarm(
  state: EngineState,
  checks: readonly ResolvedCheck[],
  root: string,
  tree: TreeState,
  baseTexts: Readonly<Record<string, string>>,
): Promise<boolean> {
  const live = findWarmSlotOf(state, checks, root);
  if (live === undefined) return false;
  const { slot, warm, checksKey } = live;
  const closingsAtStart = state.closings;
  const hint = await readHint(state, root, slot.tree, tree);
  // A configuration file changed: the worker cannot follow that (as in runWarm).
  if (hint?.some((path) => isRestartFile(basename(path)))) {
    retireSlot(state, root);
    return false;
  }
  const id = slot.nextId;
  const askedAt = Date.now();
  const { runs, ended, stale } = await request(slot, {
    checks: warm,
    root,
    hint,
    rebase: baseTexts,
    report: () => undefined,
    progress: false,
  });
  if (state.closings !== closingsAtStart) return false;
  if (ended || stale !== undefined) {
    if (stale !== undefined) logDebug(`warm: ${stale}`);
    if (state.slots.get(root) === slot) retireSlot(state, root);
    return false;
  }
  keepTree(slot, tree, id, { runs, askedAt, checksKey });
  return true;
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
  rebase?: Record<string, string> | undefined;
  deferral?: Deferral | undefined;
  /** Where the checks' progress goes (checks/runner/progress.ts), and whether the worker should send files done. */
  report: (progress: CheckProgress) => void;
  progress: boolean;
}

/** One request under way; the functions below act on it. */
interface AskState {
  readonly slot: WarmSlot;
  readonly ask: WarmAsk;
  readonly id: number;
  readonly byName: Map<string, ResolvedCheck>;
  readonly runs: Map<string, CheckRun>;
  /** The checks the worker is running (a TypeScript 7 run finishes beside oxlint's), since when, and their timeouts. */
  readonly clocks: Map<ResolvedCheck, { startedAt: number; timer: NodeJS.Timeout }>;
  timedOut: ResolvedCheck | undefined;
  decidedBy: string | undefined;
  settled: boolean;
  /** A reply built on one this side never applied (reply-delta.ts): the worker is replaced. */
  lost: boolean;
  readonly resolve: (outcome: RequestOutcome) => void;
  readonly onMessage: (message: unknown) => void;
  readonly onExit: () => void;
}

function request(slot: WarmSlot, ask: WarmAsk): Promise<RequestOutcome> {
  const { child } = slot.worker;
  // Requests can overlap (a followed edit and the check after it): the worker holds culprit until the last is answered.
  if (slot.asking++ === 0) {
    child.ref();
    child.channel?.ref();
  }
  return new Promise((resolve) => {
    const id = slot.nextId++;
    const state: AskState = {
      slot,
      ask,
      id,
      byName: new Map(ask.checks.map((check) => [check.name, check])),
      runs: new Map(),
      clocks: new Map(),
      timedOut: undefined,
      decidedBy: undefined,
      settled: false,
      lost: false,
      resolve,
      onMessage: (message) => {
        if (isWarmEvent(message) && message.id === id) handleEvent(state, message);
      },
      onExit: () => finishAsk(state, { ended: true, decidedBy: state.decidedBy }),
    };
    child.on('message', state.onMessage);
    child.once('exit', state.onExit);
    const first = ask.checks[0];
    if (first !== undefined) startClock(state, first);
    const message: WarmRequest = {
      id,
      root: ask.root,
      checks: ask.checks.map(({ name, kind, options }) => ({ name, kind, options })),
      hint: ask.hint,
      seeds: ask.seeds,
      rebase: ask.rebase,
      progress: ask.progress,
    };
    child.send(message, (error) => {
      if (error !== null) finishAsk(state, { ended: true });
    });
  });
}

function startClock(state: AskState, check: ResolvedCheck): void {
  if (state.clocks.has(check)) return;
  const timer = setTimeout(() => {
    state.timedOut = check;
    killProcessGroup(state.slot.worker.child);
  }, check.timeoutMs);
  state.clocks.set(check, { startedAt: performance.now(), timer });
}

function finishAsk(state: AskState, outcome: Omit<RequestOutcome, 'runs'>): void {
  if (state.settled) return;
  state.settled = true;
  const { child } = state.slot.worker;
  const { clocks, timedOut, runs } = state;
  for (const { timer } of clocks.values()) clearTimeout(timer);
  child.off('message', state.onMessage);
  child.off('exit', state.onExit);
  if (timedOut !== undefined) {
    const startedAt = clocks.get(timedOut)?.startedAt ?? performance.now();
    runs.set(timedOut.name, makeCheckRun(timedOut, { kind: 'timed-out' }, Math.round(performance.now() - startedAt)));
    state.ask.report({ kind: 'finished', check: timedOut.name, status: 'timed-out' });
  }
  if (--state.slot.asking === 0) {
    child.unref();
    child.channel?.unref();
  }
  state.resolve({ runs, ...outcome });
}

function handleEvent(state: AskState, event: WarmEvent): void {
  const { report } = state.ask;
  switch (event.type) {
    case 'started': {
      const check = state.byName.get(event.name);
      if (check === undefined) return;
      startClock(state, check);
      report({ kind: 'started', check: check.name });
      return;
    }
    case 'progress':
      if (state.byName.has(event.name))
        report({ kind: 'files', check: event.name, done: event.done, total: event.total });
      return;
    case 'reply':
      takeReply(state, event);
      return;
    case 'stale':
      finishAsk(state, { stale: event.reason, ended: true });
      return;
    case 'done':
      finishAsk(state, { ended: event.retire || state.lost });
  }
}

function takeReply(state: AskState, event: Extract<WarmEvent, { type: 'reply' }>): void {
  const check = state.byName.get(event.name);
  if (check === undefined) return;
  const { clocks, slot } = state;
  const clock = clocks.get(check);
  const startedAt = clock?.startedAt ?? performance.now();
  if (clock !== undefined) {
    clearTimeout(clock.timer);
    clocks.delete(check);
  }
  const reply = slot.replies.expand(check.name, event.reply, event.delta);
  if (reply === undefined) {
    // A change to a reply this side never applied: the check runs cold, and the worker is replaced.
    logDebug(`warm: the ${check.name} reply builds on one not received; the worker is replaced`);
    state.lost = true;
    return;
  }
  const run = makeCheckRun(check, { kind: 'reply', reply }, Math.round(performance.now() - startedAt), (diagnostic) =>
    normalizeKept(slot.normalized, check.name, diagnostic),
  );
  state.runs.set(check.name, run);
  state.ask.report({ kind: 'finished', check: check.name, status: run.status });
  decide(state, check, run);
}

/** A decider's run is asked about as soon as it comes; when it says so, the worker is stopped (see Deferral). */
function decide(state: AskState, check: ResolvedCheck, run: CheckRun): void {
  const { deferral } = state.ask;
  if (deferral === undefined || checkDefinitions[check.kind].deferral !== 'decider') return;
  void deferral.decide(run).then((defer) => {
    if (!defer || state.settled) return;
    state.decidedBy = check.name;
    killProcessGroup(state.slot.worker.child);
  });
}

/** A finding normalised once for as long as the worker sends the same object (frozen: later checks share it). */
function normalizeKept(kept: WeakMap<Diagnostic, Diagnostic>, tool: string, diagnostic: Diagnostic): Diagnostic {
  let normalized = kept.get(diagnostic);
  if (normalized === undefined) {
    normalized = Object.freeze(normalizeDiagnostic({ ...diagnostic, tool }));
    kept.set(diagnostic, normalized);
  }
  return normalized;
}
