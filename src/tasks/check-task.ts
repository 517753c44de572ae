/**
 * `culprit check`: one attempt of the task. Runs every check on the tree as it is now, compares
 * with the baseline by fingerprint, and triages what the edit introduced into the payload the
 * agent should act on. The baseline is the started task's, or else the tree of HEAD (or
 * `--base`), snapshotted without touching the work tree and cached by content.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ratchetFileName } from '../core/gate/ratchet-file.js';
import type { CheckRun } from '../checks/check.js';
import { runChecks as runColdChecks, type CheckRunner } from '../checks/runner/run-check.js';
import type { Attribution } from '../core/attribute.js';
import type { AnchoredDiagnostic } from '../core/diagnostic.js';
import type { TreeChanges } from '../core/snapshot.js';
import { logDebug } from '../debug/log-debug.js';
import type { ModuleGraph } from '../core/graph/module-graph.js';
import type { Report } from '../core/report/report.js';
import type { DeclarationTables } from '../core/declaration-table.js';
import { makeTreeKey, type Snapshot, type TreeState } from '../core/snapshot.js';
import { readTreeState, takeSnapshot, type TakenSnapshot } from '../snapshot/take-snapshot.js';
import type { SourceCache } from '../snapshot/source-cache.js';
import {
  refreshStaleBaseline,
  resolveBaseline,
  resolveSessionBaseline,
  type Baseline,
  type WorkTreeRun,
} from '../baseline/resolve-baseline.js';
import { decideDebtVerdict, makeDebtAttribution, type DebtAttribution } from '../core/debt/debt-attribution.js';
import type { AttemptRecord } from '../core/report/attempts.js';
import {
  loadSessionFile,
  putImplicitSession,
  saveSessionFile,
  type DebtSession,
  type SessionFile,
  type TaskSession,
} from '../state/session-store.js';
import {
  compareTrees,
  listTouchedPaths,
  makeNoChanges,
  makeTreeDiffMemory,
  type TreeDiffMemory,
} from '../tree/compare-trees.js';
import { lockfileNames } from '../checks/runner/install-state.js';
import { makeEditabilityClassifier } from '../core/triage/non-editable.js';
import { makeBaselineNotes } from '../baseline/baseline-notes.js';
import type { BaselineKind, ReportNote } from '../core/report/report-codes.js';
import { attributeEdit } from '../attempt/attribute-edit.js';
import { readLineMapsAhead, type LineMapsAhead } from '../tree/line-maps-ahead.js';
import { resolveTaskContext, withWorkTreeLock, type TaskContext, type TaskOptions } from './context.js';
import { makeDeferringRunner, makeWorkerDeferral, type DeferralContext } from '../attempt/defer-checks.js';
import { readSeeds } from '../warm/seeds.js';
import { isRestartFile } from '../warm/warm-engine.js';
import { forkSeededWorker, makeSeededRunner } from '../seeded/seeded-runner.js';
import { stopSpareWorkers, whenWorkersHeard } from '../checks/runner/spawn-worker.js';
import {
  addProjection,
  prepareLedgerAttempt,
  readLedgerTask,
  saveLedgerAttempt,
  type PayloadMeasure,
  type PrepareLedgerInput,
} from '../attempt/record-ledger.js';
import { listCoverageLoss } from '../core/coverage/coverage-loss.js';
import { listRemovedChecks } from '../core/coverage/removed-checks.js';
import { findSilenced } from '../core/coverage/silenced.js';
import { listRatchetGrowth, type RatchetSides } from '../core/coverage/ratchet-growth.js';
import { readRatchetSides } from '../attempt/ratchet-sides.js';
import { readBasePolicy } from '../attempt/policy-sides.js';
import {
  applyCoveragePolicy,
  holdPolicy,
  strictPolicy,
  type CoveragePolicy,
} from '../core/coverage/suppression-policy.js';
import { listWeakenings } from '../core/coverage/weakening.js';
import { configFileName } from '../config/load-config.js';
import { makeUserError } from '../core/errors.js';

export interface CheckResult {
  context: TaskContext;
  report: Report;
  /** Source lines of the checked tree, for rendering code excerpts. */
  sources: SourceCache;
  /**
   * What the report was made from, for readers that need more than the shown findings: SARIF
   * lists standing and resolved findings too, and the MCP server's `explain` walks the graph.
   */
  details: CheckDetails;
  /** What this check compared with. */
  baseline: Pick<Baseline, 'id' | 'label' | 'kind' | 'source'>;
  /** The identity of the tree checked: `culprit fix` writes only while the work tree still is this tree. */
  tree: TreeState;
}

/** What a check's report was made from, beyond the report. */
export interface CheckDetails {
  attribution: Attribution;
  graph: ModuleGraph;
  /** The baseline's tree, the tree checked, and what the edit changed between them: `culprit fix` reads the baseline's side of the edit. */
  base: { tree: TreeState; current: TreeState; changes: TreeChanges };
}

export interface CheckTaskOptions extends TaskOptions {
  /**
   * Compare with this revision's tree (`HEAD`, `origin/main`, a merge base) even when a task was
   * started. Without it: the started task's baseline, or HEAD's tree when none was started.
   */
  base?: string;
  /**
   * When the tree is identical to the one the session's last attempt checked, repeat that attempt
   * instead of counting a new one (the default): one tree, one attempt, so `check` then
   * `check --json`, or a hook and then the agent, never read as stuck. False makes this check an
   * attempt of its own even on that tree: the hooks pass it on a stop the model is continuing
   * from, where coming back with nothing changed is exactly what stuck means.
   */
  oncePerTree?: boolean;
  /** Runs the checks on the work tree (a warm engine); the baseline of a commit's tree always runs cold. */
  runChecks?: CheckRunner;
  /**
   * Asked before the attempt is recorded: false when whoever asked for this check is gone (the
   * `culprit check` a server answers was interrupted), so that, like an interrupted cold check,
   * it records nothing and the next attempt is not read as a repeat of one nobody saw.
   */
  isWanted?: () => boolean;
  /**
   * Asked with the report before the attempt is recorded: false leaves this check unrecorded.
   * `culprit fix` answers false when it has fixes to write, so the check after them is the
   * attempt (the agent's edit and the fixes are one), and true when this check is all there is.
   */
  isAttempt?: ((made: MadeCheck) => boolean | Promise<boolean>) | undefined;
  /**
   * How many characters of the report the agent reads, for the ledger: the edge that words the
   * report counts them (the CLI: its text payload). None: the ledger records 0.
   */
  measurePayload?: PayloadMeasure | undefined;
  /**
   * Whether a cold check may start from the baseline and redo only what the edit can reach (the
   * default; `CULPRIT_INCREMENTAL=0` turns it off). False runs every check in full.
   */
  incremental?: boolean | undefined;
  /** Overrides the configured budget: attempts per task, and seconds per task (see `projection`). */
  budgetAttempts?: number;
  budgetSeconds?: number;
  /**
   * A long-lived culprit's (`culprit serve`): given the writing of the attempt (the session file and
   * the ledger, each synced to disk), which it runs once its client has the answer and before its
   * next command. Without it they are written before the check returns. The deferred write takes
   * the work tree's lock again and records on the session file as it is then, so a check another
   * process made in between is kept, not overwritten.
   */
  afterAnswer?: ((write: () => Promise<void>) => void) | undefined;
  /**
   * Called once the checks of the tree have started (their workers forked and asked): what the
   * caller needs only after them loads meanwhile (the command line's renderers), not on their path.
   */
  whileChecking?: (() => void) | undefined;
}

/** What one check made, as `isAttempt` is asked with it. */
export interface MadeCheck extends Pick<CheckDetails, 'attribution' | 'base'> {
  context: TaskContext;
  report: Report;
}

/** Attempts kept per session: only the last one is read, the rest is for people debugging a loop. */
const keptAttempts = 20;

export async function checkTask(options: CheckTaskOptions = {}): Promise<CheckResult> {
  const context = await resolveTaskContext(options, { mayCheckNothing: true });
  if (!mayStartFromBaseline(context, options))
    return withWorkTreeLock(context, 'check', () => checkLocked(context, options, true));
  // The first worker of a run from the baseline starts while the baseline is read.
  forkSeededWorker(context.settings.checks, context.root);
  try {
    return await withWorkTreeLock(context, 'check', () => checkLocked(context, options, true));
  } finally {
    stopSpareWorkers();
  }
}

/** Whether this check's checks may run from the baseline (seeded/seeded-runner.ts): a cold check in git, incremental. */
function mayStartFromBaseline(context: TaskContext, options: CheckTaskOptions): boolean {
  return (
    options.runChecks === undefined &&
    context.repo !== null &&
    (options.incremental ?? process.env['CULPRIT_INCREMENTAL'] !== '0')
  );
}

/**
 * One attempt of a debt campaign (tasks/debt-task.ts), under the work tree's lock: a check whose
 * baseline is the campaign's start, whose targets count as the task (shown while they stand,
 * resolved when gone), and whose attempts are the campaign's, never the agent task's.
 */
export function checkDebtLocked(
  context: TaskContext,
  options: CheckTaskOptions,
  campaign: DebtSession,
): Promise<CheckResult> {
  return checkLocked(context, options, false, campaign);
}

async function checkLocked(
  context: TaskContext,
  options: CheckTaskOptions,
  mayDefer: boolean,
  campaign?: DebtSession,
  mayGuess = true,
): Promise<CheckResult> {
  try {
    return await compareLocked(context, options, mayDefer, campaign, mayGuess);
  } catch (error) {
    if (error !== missedGuess) throw error;
    logDebug('the work tree was not the one the server expected; checking it again');
    return checkLocked(context, options, mayDefer, campaign, false);
  }
}

async function compareLocked(
  context: TaskContext,
  options: CheckTaskOptions,
  mayDefer: boolean,
  campaign: DebtSession | undefined,
  mayGuess: boolean,
): Promise<CheckResult> {
  const startedAt = Date.now();
  const { settings } = context;
  // A cold command keeps nothing between commands, but asks each tree diff of git once.
  const trees = context.memory?.trees ?? makeTreeDiffMemory();
  const { sessions, resolved, after, confirmTree, ahead } = await takeCheckSides(
    context,
    options,
    mayDefer,
    campaign,
    trees,
    mayGuess,
  );
  logDebug('check: the runs are in');
  const baseline = await refreshStaleBaseline(context, resolved, after.snapshot);
  const changes = await compareTaskTrees(context, trees, baseline.snapshot.tree, after.snapshot.tree);
  const ledgerRead = readLedgerTask(context, baseline.session, after.snapshot, changes, baseline.kind === 'debt');
  const paired = pairChecks(baseline.snapshot, after.snapshot, {
    baselineKind: baseline.kind,
    changes,
    policy: settings.policy,
    basePolicy: await readBasePolicy(context, baseline.snapshot.tree, changes),
    ratchet: await readRatchetSides(context, baseline.snapshot.tree, changes),
  });
  // A finding a suppression the edit added hides is silenced, not resolved.
  const { attribution: attributed, silenced } = findSilenced(
    await attributeEdit({
      before: paired.before,
      after: paired.after,
      beforeHashes: paired.beforeHashes,
      base: baseline.snapshot.tree,
      current: after.snapshot.tree,
      changes,
      repo: context.repo,
      hasLine: after.sources.hasLine,
      ahead,
    }),
    after.sources.lines,
    changes.renames,
  );
  const base = { tree: baseline.snapshot.tree, current: after.snapshot.tree, changes };
  const debt = campaign === undefined ? undefined : makeDebtAttribution(attributed, new Set(campaign.targets));
  const attribution = debt?.attribution ?? attributed;
  // Checking the very tree the last attempt checked (the JSON after the text, a Stop hook right
  // after a PostToolUse hook, aider linting each edited file) re-reads that attempt: the report is
  // made again against the attempt before it, so it is the same report, and nothing is recorded.
  const tree = makeTreeKey(after.snapshot.tree);
  const attempts = baseline.session.attempts;
  const rereads = (options.oncePerTree ?? true) && attempts.at(-1)?.tree === tree;
  const { makeReport } = await loadReportModule();
  const {
    report: triaged,
    attemptRecord,
    withheldFindings,
  } = makeReport({
    attribution,
    graph: after.graph,
    changedFiles: changes.changed,
    classify: makeEditabilityClassifier({ rules: settings.nonEditable, readHead: after.sources.head }),
    checks: paired.checks,
    previous: rereads ? attempts.at(-2) : attempts.at(-1),
    baseWidth: debt === undefined ? settings.maxFiles : makeCampaignWidth(settings.maxFiles, attribution),
    notes: [
      ...makeBaselineNotes(baseline, listTouchedLockfiles(changes)),
      ...(await readUploadNote(baseline)),
      ...paired.notes,
    ],
    sourceLines: after.sources.lines,
    declarations:
      paired.declarations === undefined
        ? undefined
        : { ...paired.declarations, renames: changes.renames, plain: isPlainEdit(changes) },
    silenced,
  });
  logDebug('check: the report is made');
  // Nothing is answered or recorded for a tree git has not confirmed.
  await confirmTree();
  // A deferral stands only when the ladder did show the syntax rung; otherwise every check runs.
  if (triaged.checks.some((check) => check.status === 'deferred') && triaged.rung !== 'syntax')
    return checkLocked(context, options, false, campaign);
  const made = debt === undefined ? triaged : addCampaign(triaged, debt, hasRatchetFile(context));
  const report = await recordCheckAttempt({
    context,
    options,
    sessions,
    baseline,
    made,
    attribution,
    withheld: withheldFindings,
    after,
    read: ledgerRead,
    startedAt,
    rereads,
    debt,
    attempt: { ...attemptRecord, tree },
    base,
  });
  const { id, label, kind, source } = baseline;
  report.baseline = { label, source };
  return {
    context,
    report,
    sources: after.sources,
    details: { attribution, graph: after.graph, base },
    baseline: { id, label, kind, source },
    tree: after.snapshot.tree,
  };
}

/** What an attempt compares: the session file, the baseline it resolved, and the work tree's snapshot. */
interface CheckSides {
  sessions: SessionFile;
  resolved: Baseline;
  after: TakenSnapshot;
  /** Throws `missedGuess` when the tree checked was the server's guess and git names another (else resolves at once). */
  confirmTree: () => Promise<void>;
  /** The line maps attribution may need, asked of git while the checks ran. */
  ahead?: Promise<LineMapsAhead | undefined> | undefined;
}

/** Thrown where a served check's guess of its tree (takeCheckSides) proves wrong: the check is made again, reading it first. */
const missedGuess = new Error('the work tree is not the one expected');

/**
 * Resolves the baseline and takes the work tree's snapshot: with the warm engine when a server
 * passed one, else cold, from the baseline where the edit allows, deferring what may wait.
 */
async function takeCheckSides(
  context: TaskContext,
  options: CheckTaskOptions,
  mayDefer: boolean,
  campaign: DebtSession | undefined,
  trees: TreeDiffMemory,
  mayGuess: boolean,
): Promise<CheckSides> {
  const { layout, settings } = context;
  const baselineContext = { ...context, memory: { ...context.memory, trees } };
  const sessions = loadSessionFile(layout.sessionFile, context.root);
  // HEAD is asked beside the work tree's identity; a long-lived culprit keeps the answer for the baseline.
  const againstHead = options.base === undefined && campaign === undefined && sessions.started === null;
  if (context.memory !== undefined && context.repo !== null && againstHead)
    void context.memory.heads.resolve(context.repo, 'HEAD').catch(() => undefined);
  const reading = readWorkTreeState(context);
  // A served check after the server followed the edit: the tree is most likely the one the
  // server read then, and the check goes on with it while git confirms it (one `git status`),
  // rather than after. Nothing is answered, recorded or kept as a baseline before it is confirmed.
  const guess = mayGuess ? guessWorkTree(context, options) : undefined;
  const workTreeState = guess ?? (await reading);
  const confirmTree = async () => {
    if (guess !== undefined && makeTreeKey(await reading) !== makeTreeKey(guess)) throw missedGuess;
  };
  if (guess !== undefined) reading.catch(() => undefined);
  const takeAfter = (known?: TreeState, runChecks = options.runChecks) =>
    takeSnapshot({
      root: context.root,
      repo: context.repo,
      checks: settings.checks,
      scratch: layout.scratch,
      tree: known,
      runChecks: withBeside(runChecks ?? runColdChecks, () => {
        void loadReportModule().catch(() => undefined);
        options.whileChecking?.();
      }),
      sources: context.memory?.sources,
    });
  // Never run a check twice on one tree: a baseline missing from the cache that is the work
  // tree itself (a check before any edit) is taken by this check's own run.
  let shared: TakenSnapshot | undefined;
  const workTree: WorkTreeRun | undefined =
    workTreeState.kind === 'git'
      ? {
          treeId: workTreeState.treeId,
          takeSnapshot: async () => {
            // Taken as the baseline of this tree id too: only once git has named it.
            await confirmTree();
            return (shared = await takeAfter(workTreeState)).snapshot;
          },
        }
      : undefined;
  const resolved =
    campaign === undefined
      ? await resolveBaseline(baselineContext, sessions, {
          base: options.base,
          workTree,
        })
      : await resolveSessionBaseline(baselineContext, campaign, 'debt', workTree);
  // Against a baseline already taken, a check whose findings cannot change what is shown may wait.
  const deferral: DeferralContext = {
    baseline: resolved.snapshot,
    readRenames: async (tree) =>
      (await compareTaskTrees(context, trees, resolved.snapshot.tree, tree ?? workTreeState)).renames,
  };
  const deferring = options.runChecks === undefined && mayDefer ? makeDeferringRunner(deferral) : options.runChecks;
  // A base run on a copy takes as long as the checks do: the work tree is read again after it,
  // since it may have changed meanwhile. A plain edit against the baseline starts from it.
  let ahead: Promise<LineMapsAhead | undefined> | undefined;
  const takeCurrent = async (): Promise<TakenSnapshot> => {
    const state = resolved.source === 'run' ? await readWorkTreeState(context) : workTreeState;
    ahead = readAheadOf(context, trees, resolved.snapshot, state);
    const fromBaseline = mayStartFromBaseline(context, options)
      ? await makeRunnerFromBaseline(context, trees, resolved.snapshot, state, mayDefer ? deferral : undefined)
      : undefined;
    return takeAfter(state, fromBaseline ?? deferring);
  };
  // No check runs now: each of the baseline's is one the edit removed; with none there either, there is nothing to check.
  if (settings.checks.length === 0 && resolved.snapshot.checks.length === 0)
    throw makeUserError(settings.nothingToCheck ?? `nothing to check in ${context.root}`);
  const after = shared ?? (await takeCurrent());
  return { sessions, resolved, after, confirmTree, ahead };
}

/**
 * The line maps of the files the edit modified that had findings in the baseline: those a server
 * read as it followed the edit, or asked for now. A server is told this check's base, to read the
 * next edit's maps from as it follows it (tree/line-maps-ahead.ts).
 */
async function readAheadOf(
  context: TaskContext,
  trees: TreeDiffMemory,
  baseline: Snapshot,
  current: TreeState,
): Promise<LineMapsAhead | undefined> {
  const { repo, memory } = context;
  if (repo === null || baseline.tree.kind !== 'git' || current.kind !== 'git') return undefined;
  const base = baseline.tree.treeId;
  const before = baseline.checks.map((check) => check.diagnostics);
  memory?.lineMaps.plan(base, before);
  const prepared = memory?.lineMaps.find(base, current.treeId);
  if (prepared !== undefined) return prepared;
  try {
    const changes = await compareTaskTrees(context, trees, baseline.tree, current);
    return readLineMapsAhead(repo, { base, current: current.treeId, changes }, before);
  } catch {
    // The comparison after the runs asks again, and says why it fails.
    return undefined;
  }
}

/** The tree a served check most likely checks: the one the server last read, when its edit watcher saw nothing change since. */
function guessWorkTree(context: TaskContext, options: CheckTaskOptions): TreeState | undefined {
  if (options.runChecks === undefined || context.memory === undefined || context.repo === null) return undefined;
  const treeId = context.memory.index.expect(context.repo.root);
  return treeId === undefined ? undefined : { kind: 'git', treeId };
}

/** The report's modules (zod's schemas among them, some 50 ms of a cold check): loaded beside the checks, not before them. */
function loadReportModule(): Promise<typeof import('../core/report/report.js')> {
  return import('../core/report/report.js');
}

/**
 * `runner`, with `beside` called once its checks have started: their workers forked (in the
 * microtasks after the call) and each holding its request, so that what it loads delays none.
 */
function withBeside(runner: CheckRunner, beside: () => void): CheckRunner {
  return (checks, root, tree) => {
    const runs = runner(checks, root, tree);
    setImmediate(() => whenWorkersHeard(beside));
    return runs;
  };
}

/** What recording an attempt takes: the report made, and what it was made from. */
interface AttemptToRecord {
  context: TaskContext;
  options: CheckTaskOptions;
  sessions: SessionFile;
  baseline: Baseline;
  /** The report, before the ledger's projection. */
  made: Report;
  attribution: Attribution;
  withheld: PrepareLedgerInput['withheld'];
  after: TakenSnapshot;
  read: PrepareLedgerInput['read'];
  startedAt: number;
  rereads: boolean;
  debt: DebtAttribution | undefined;
  attempt: AttemptRecord;
  base: CheckDetails['base'];
}

/**
 * The report with the ledger's projection; the attempt is recorded in the session and the ledger
 * unless it re-reads the last one, could not finish a check, or nobody wants it any more.
 */
async function recordCheckAttempt(input: AttemptToRecord): Promise<Report> {
  const { context, options, sessions, baseline, made, attribution, after, startedAt, rereads, debt, base } = input;
  const { layout, settings } = context;
  const ledgerStarted = performance.now();
  const ledger = await prepareLedgerAttempt({
    session: baseline.session,
    report: made,
    attribution,
    withheld: input.withheld,
    snapshot: after.snapshot,
    read: input.read,
    startedAt,
    rereads,
    debt: debt === undefined ? undefined : { ...debt.targets, fixedByRule: debt.fixedByRule },
  });
  const report = addProjection(context, ledger, made, options);
  // An attempt some check could not finish is not evidence of progress or of being stuck.
  if (
    report.verdict !== 'check-failed' &&
    !rereads &&
    (options.isWanted?.() ?? true) &&
    ((await options.isAttempt?.({ context, report, attribution, base })) ?? true)
  ) {
    const write = (recorded: SessionFile) => {
      saveSessionFile(layout.sessionFile, recorded);
      if (ledger !== undefined)
        saveLedgerAttempt(ledger, report, {
          outputLimit: settings.outputLimit,
          sourceLines: after.sources.lines,
          measurePayload: options.measurePayload,
        });
    };
    if (options.afterAnswer === undefined) write(recordAttempt(sessions, baseline, input.attempt));
    else
      options.afterAnswer(() => {
        // A work tree removed since the answer has nothing to record in: the lock and the state
        // files would make its folders again (and race whoever removes it).
        if (!existsSync(context.root)) return Promise.resolve();
        return withWorkTreeLock(context, 'check', () => {
          write(recordAttemptAgain(loadSessionFile(layout.sessionFile, context.root), baseline, input.attempt));
          return Promise.resolve();
        });
      });
  }
  // The bench reads this line: what the ledger (and the projection) cost this check.
  logDebug(`ledger: ${Math.round(performance.now() - ledgerStarted)} ms`);
  return report;
}

/**
 * The cold checks of this attempt started from the baseline, redoing only what the edit can
 * reach (seeded/seeded-runner.ts), or undefined when the edit is not one a baseline can seed.
 */
async function makeRunnerFromBaseline(
  context: TaskContext,
  trees: TreeDiffMemory,
  baseline: Snapshot,
  current: TreeState,
  deferral: DeferralContext | undefined,
): Promise<CheckRunner | undefined> {
  if (context.repo === null) return undefined;
  const changes = await compareTrees(baseline.tree, current, () => Promise.resolve(context.repo), trees);
  if (changes === null) return undefined;
  const seeded = await readSeeds({
    repo: context.repo,
    root: context.root,
    baseline,
    changes,
    checks: context.settings.checks,
  });
  if ('reason' in seeded) {
    logDebug(`checks run in full: ${seeded.reason}`);
    return undefined;
  }
  logDebug(`checks start from the baseline: ${Object.keys(seeded.seeds).join(', ')}`);
  return makeSeededRunner(
    seeded.seeds,
    deferral === undefined ? undefined : (root, tree) => makeWorkerDeferral(deferral, root, tree),
  );
}

/** The upload of a baseline this check computed ran beside its work-tree run; it is bounded by the remote's timeout. */
async function readUploadNote(baseline: Baseline): Promise<ReportNote[]> {
  const note = await baseline.upload;
  return note === undefined ? [] : [note];
}

function recordAttempt(sessions: SessionFile, baseline: Baseline, attempt: AttemptRecord): SessionFile {
  return putSession(sessions, baseline, baseline.session, attempt);
}

/**
 * For a write deferred past the answer: the attempt added to its session as the file holds it
 * now, where another process may have recorded one since this check read it. A started task or
 * a campaign replaced in between keeps its successor untouched, and this attempt is dropped.
 */
function recordAttemptAgain(sessions: SessionFile, baseline: Baseline, attempt: AttemptRecord): SessionFile {
  const id = baseline.session.baseline;
  const held =
    baseline.kind === 'debt'
      ? sessions.debt
      : baseline.kind === 'started'
        ? sessions.started
        : (sessions.implicit.find((session) => session.baseline === id) ?? baseline.session);
  // Replaced: another baseline, or a start on the same one later (its own startedAt).
  if (held?.baseline !== id || held.startedAt !== baseline.session.startedAt) return sessions;
  return putSession(sessions, baseline, held, attempt);
}

function putSession(sessions: SessionFile, baseline: Baseline, held: TaskSession, attempt: AttemptRecord): SessionFile {
  const session = { ...held, attempts: [...held.attempts, attempt].slice(-keptAttempts) };
  if (baseline.kind === 'debt') return { ...sessions, debt: { ...(baseline.session as DebtSession), ...session } };
  return baseline.kind === 'started' ? { ...sessions, started: session } : putImplicitSession(sessions, session);
}

/**
 * A campaign shows every file its remaining targets are in at once (they are the task, chosen to
 * fit), and at least the configured width for what the campaign introduced.
 */
export function makeCampaignWidth(maxFiles: number, attribution: Attribution): number {
  return Math.max(maxFiles, new Set(attribution.introduced.map((finding) => finding.path)).size);
}

/** What a campaign's report says beyond a check's: its targets, only its own findings as introduced, and, once clean, how to ratchet. */
function addCampaign(report: Report, debt: DebtAttribution, hasBaseline: boolean): Report {
  const verdict = decideDebtVerdict(report.verdict, debt.targets);
  return {
    ...report,
    verdict,
    counts: { ...report.counts, introduced: debt.introduced },
    targets: debt.targets,
    notes: verdict === 'clean' ? [...report.notes, { code: 'debt-fixed', hasRatchetFile: hasBaseline }] : report.notes,
  };
}

/** Nothing can be called moved or changed when the changes cannot be told (the repository changed kind under the task). */
async function compareTaskTrees(
  context: TaskContext,
  trees: TreeDiffMemory,
  base: TreeState,
  current: TreeState,
): Promise<TreeChanges> {
  return (await compareTrees(base, current, () => Promise.resolve(context.repo), trees)) ?? makeNoChanges();
}

/**
 * The work tree's identity now. A long-lived culprit also diffs it, in one git process, against
 * the trees it compared with last (the baseline's, the warm worker's last): the check and the
 * warm engine then find those diffs kept instead of asking git again.
 */
async function readWorkTreeState(context: TaskContext): Promise<TreeState> {
  const state = await readTreeState({
    root: context.root,
    repo: context.repo,
    scratch: context.layout.scratch,
    index: context.memory?.index,
  });
  if (context.memory !== undefined && context.repo !== null && state.kind === 'git')
    await context.memory.trees
      .prefetch(context.repo, state.treeId)
      .catch((error: unknown) => logDebug(`tree diffs: not read ahead (${String(error)})`));
  return state;
}

interface PairedChecks {
  before: AnchoredDiagnostic[];
  /** The before findings' stored hashes, by index, when every paired baseline check has them. */
  beforeHashes?: string[];
  /**
   * The after findings, and those the comparison of each check with its baseline's run makes
   * (core/coverage/): files it no longer checks, settings it relaxed, checks that no longer run.
   */
  after: AnchoredDiagnostic[];
  /** The after runs, with checks whose baseline is unusable marked failed. */
  checks: CheckRun[];
  notes: ReportNote[];
  /** The declaration tables of the checks that have them on both sides (tsc 5/6), and the tools whose findings they report. */
  declarations?: { base: DeclarationTables; current: DeclarationTables; tools: Set<string> };
}

export interface PairOptions {
  /** What the baseline is, which says what the user can do about a check it cannot be compared with. */
  baselineKind?: BaselineKind;
  /** What the edit changed: with it, coverage, strength and removed checks are compared too. */
  changes?: TreeChanges;
  policy?: CoveragePolicy;
  /** The baseline's policy, when the edit touched culprit.config.json: it holds where the edit's is looser. */
  basePolicy?: CoveragePolicy | undefined;
  /** culprit-baseline.json on both sides, when the edit touched it: entries it added are suppressions. */
  ratchet?: RatchetSides | undefined;
}

/**
 * Findings can only be attributed for checks that completed on both trees. A check that failed
 * on either side contributes nothing to the difference and is reported as failed, so a broken
 * baseline never turns a repository's whole standing debt into "introduced". A check of the
 * baseline that no longer runs at all, a file it no longer checks, and a setting it relaxed are
 * findings of their own: clean means checked, as strictly, over the same files.
 */
export function pairChecks(baseline: Snapshot, current: Snapshot, options: PairOptions = {}): PairedChecks {
  const { baselineKind: remedy = 'started', changes, basePolicy, ratchet } = options;
  const held =
    basePolicy === undefined ? undefined : holdPolicy(basePolicy, options.policy ?? strictPolicy, configFileName);
  const policy = held?.policy ?? options.policy ?? strictPolicy;
  const baseByName = new Map(baseline.checks.map((check) => [check.name, check]));
  const paired: PairedChecks = { before: [], after: held?.relaxed ?? [], checks: [], notes: [] };
  let beforeHashes: string[] | undefined = [];
  for (const check of current.checks) {
    const base = baseByName.get(check.name);
    if (check.status !== 'ok') {
      paired.checks.push(check);
      continue;
    }
    if (base === undefined) {
      paired.checks.push({
        ...check,
        status: 'failed',
        errorCode: { code: 'not-in-baseline', remedy },
      });
      continue;
    }
    if (base.status !== 'ok') {
      paired.checks.push({
        ...check,
        status: 'failed',
        errorCode: { code: 'unusable-baseline', remedy, baseStatus: base.status, baseError: base.error ?? null },
      });
      continue;
    }
    if (base.version !== check.version) {
      paired.notes.push({ code: 'version-changed', check: check.name, from: base.version, to: check.version });
    }
    const kept = applyCoveragePolicy(base.diagnostics, policy);
    paired.before.push(...kept.findings);
    beforeHashes = base.hashes === undefined ? undefined : beforeHashes?.concat(kept.keep(base.hashes));
    paired.after.push(...applyCoveragePolicy(check.diagnostics, policy).findings);
    if (changes !== undefined)
      paired.after.push(
        ...listCoverageLoss(base, check, changes),
        ...listWeakenings(base, check, changes.renames, policy.allowWeakening),
      );
    paired.checks.push(check);
    if (base.declarations !== undefined && check.declarations !== undefined) {
      paired.declarations ??= { base: {}, current: {}, tools: new Set() };
      Object.assign(paired.declarations.base, base.declarations);
      Object.assign(paired.declarations.current, check.declarations);
      for (const diagnostic of check.diagnostics) paired.declarations.tools.add(diagnostic.tool);
    }
  }
  if (changes !== undefined)
    paired.after.push(
      ...listRemovedChecks({ base: baseline.checks, current: current.checks, changes, configFile: configFileName }),
    );
  if (ratchet !== undefined) paired.after.push(...applyCoveragePolicy(listRatchetGrowth(ratchet), policy).findings);
  return beforeHashes === undefined ? paired : { ...paired, beforeHashes };
}

/** An edit that only modified files in place, none of them a configuration or package file. */
function isPlainEdit(changes: TreeChanges): boolean {
  return (
    changes.deleted.size === 0 &&
    changes.renames.size === 0 &&
    ![...changes.changed].some((path) => isRestartFile(basename(path)))
  );
}

/** The lockfiles among the paths an edit touched, each once, sorted. */
function listTouchedLockfiles(changes: TreeChanges): string[] {
  return [...new Set(listTouchedPaths(changes).filter((path) => lockfileNames.includes(basename(path))))].sort();
}

function hasRatchetFile(context: TaskContext): boolean {
  return existsSync(join(context.root, ratchetFileName));
}
