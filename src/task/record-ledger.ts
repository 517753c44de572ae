/**
 * Writes one attempt into the repository's ledger (state/ledger-store.ts), and prices the next
 * ones from it when a budget is set. Recording costs one read and one atomic write of the task's
 * own file, one render of the text payload to count its characters, and one `git diff-tree` for
 * what changed since the previous attempt. A ledger that cannot be read or written never fails
 * the check: the agent's loop matters more than its record.
 */
import { createHash } from 'node:crypto';
import type { Attribution } from '../attribute.js';
import type { Finding } from '../diagnostic.js';
import { diffTrees, type TreeChanges } from '../git/diff-trees.js';
import { logDebug } from '../log-debug.js';
import type { Report, WithheldReason } from '../report.js';
import { renderText } from '../render/text.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { makeLedgerEntry, type LedgerEntry } from '../state/ledger-entry.js';
import { projectAttempts } from '../state/ledger-projection.js';
import { loadLedgerTask, loadRecentLedger, maxAttempts, resolveLedgerDir, saveLedgerTask, type LedgerTask } from '../state/ledger-store.js';
import type { TaskSession } from '../state/session-store.js';
import type { TaskContext } from './context.js';

export interface PrepareLedgerInput {
  session: TaskSession;
  report: Report;
  attribution: Attribution;
  withheld: Readonly<Record<WithheldReason, readonly Finding[]>>;
  snapshot: Snapshot;
  /** What `readLedgerTask` found, started before triage so git's diff runs meanwhile. */
  read: Promise<LedgerRead | undefined>;
  startedAt: number;
}

/** The task's stored file and what changed since its last attempt. */
export interface LedgerRead {
  dir: string;
  stored: LedgerTask;
  changes: TreeChanges;
}

/** This attempt's entry, not yet written, beside the task's stored file. */
export interface PendingLedger {
  dir: string;
  stored: LedgerTask;
  /** Its payload characters are counted when it is saved, once the payload is final. */
  entry: LedgerEntry;
}

/** The ledger's id of a task: its work tree, baseline and start, so a new `start` is a new task. */
export function makeLedgerTaskId(root: string, session: Pick<TaskSession, 'baseline' | 'startedAt'>): string {
  return createHash('sha1').update(`${root}\0${session.baseline}\0${session.startedAt}`).digest('hex').slice(0, 16);
}

/**
 * Reads the task's file and diffs the previous attempt's tree against this one (`changes`, the
 * diff from the baseline, at the first attempt). Started as soon as the tree was checked, so
 * the diff's process runs while the main thread attributes and triages.
 */
export async function readLedgerTask(context: TaskContext, session: TaskSession, snapshot: Snapshot, changes: TreeChanges): Promise<LedgerRead | undefined> {
  try {
    const dir = resolveLedgerDir(context.layout.dir);
    const id = makeLedgerTaskId(context.root, session);
    const stored: LedgerTask = loadLedgerTask(dir, id) ?? {
      version: 1,
      id,
      workTree: createHash('sha1').update(context.root).digest('hex').slice(0, 16),
      startedAt: session.startedAt,
      entries: [],
    };
    const tree = snapshot.tree.kind === 'git' ? snapshot.tree.treeId : null;
    const previousTree = stored.entries.at(-1)?.tree ?? null;
    const sinceLast =
      stored.entries.length > 0 && previousTree !== null && tree !== null && context.repo !== null ? await diffTrees(context.repo, previousTree, tree) : changes;
    return { dir, stored, changes: sinceLast };
  } catch (error) {
    logDebug(`the ledger is not available: ${describe(error)}`);
    return undefined;
  }
}

export async function prepareLedgerAttempt(input: PrepareLedgerInput): Promise<PendingLedger | undefined> {
  const read = await input.read;
  if (read === undefined) return undefined;
  const { dir, stored, changes } = read;
  const { session, snapshot } = input;
  // A session this very check created (a check without start) says nothing about the agent's time.
  const sessionStart = Date.parse(session.startedAt);
  const taskStartedAt = stored.entries.length === 0 && sessionStart < input.startedAt ? sessionStart : undefined;
  const entry = makeLedgerEntry({
    task: stored.id,
    report: input.report,
    attribution: input.attribution,
    withheld: input.withheld,
    raw: new Map(snapshot.checks.map((check) => [check.name, check.diagnostics])),
    previous: stored.entries,
    changed: [...changes.changed, ...changes.deleted],
    tree: snapshot.tree.kind === 'git' ? snapshot.tree.treeId : null,
    startedAt: input.startedAt,
    endedAt: Date.now(),
    ...(taskStartedAt === undefined ? {} : { taskStartedAt }),
    payloadChars: 0,
  });
  return { dir, stored, entry };
}

/** Writes the attempt, its payload counted as the agent gets it: the text rendering of the final report. */
export function saveLedgerAttempt(pending: PendingLedger, report: Report, options: { outputLimit: number; sourceLines: (path: string) => readonly string[] | undefined }): void {
  try {
    if (pending.stored.entries.length >= maxAttempts) return;
    const entry = { ...pending.entry, payloadChars: renderText(report, options).length, at: new Date().toISOString() };
    saveLedgerTask(pending.dir, { ...pending.stored, entries: [...pending.stored.entries, entry] });
  } catch (error) {
    logDebug(`the ledger was not written: ${describe(error)}`);
  }
}

/** Tasks the projection measures its rates on: the most recent ones. */
const measuredTasks = 50;

/**
 * With a budget (options or config), the report gains its projection, and a note when the
 * projection exceeds the budget. Without one the ledger is not read and the report is as it was.
 * The rates include this attempt: what became of the previous attempt's shown findings.
 */
export function addProjection(context: TaskContext, pending: PendingLedger | undefined, report: Report, overrides: { budgetAttempts?: number; budgetSeconds?: number }): Report {
  const budget = {
    attempts: overrides.budgetAttempts ?? context.settings.budget.attempts,
    seconds: overrides.budgetSeconds ?? context.settings.budget.seconds,
  };
  if (budget.attempts === null && budget.seconds === null) return report;
  const own = pending === undefined ? [] : [...pending.stored.entries, pending.entry];
  const others = pending === undefined ? [] : loadRecentLedger(pending.dir, measuredTasks).filter((task) => task.id !== pending.stored.id);
  const now = Date.now();
  const began = own.length === 0 ? now : Math.min(Date.parse(pending!.stored.startedAt), Date.parse(own[0]!.startedAt));
  const attemptMs = pending === undefined ? 0 : pending.entry.checkMs;
  const priced = projectAttempts({ history: [...others.map((task) => task.entries), own], report, budget, elapsedSeconds: (now - began) / 1000, attemptMs });
  return { ...report, notes: priced.note === undefined ? report.notes : [...report.notes, priced.note], projection: priced.projection };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
