/**
 * Writes one attempt into the repository's ledger (state/ledger-store.ts), and prices the next
 * ones from it when a budget is set. Recording costs one read and one atomic write of the task's
 * own file, one count of the payload's characters by the edge that words it, and one `git diff-tree` for
 * what changed since the previous attempt. A ledger that cannot be read or written never fails
 * the check: the agent's loop matters more than its record.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Attribution } from '../core/attribute.js';
import type { Finding } from '../core/diagnostic.js';
import type { TreeChanges } from '../core/snapshot.js';
import { diffTrees } from '../git/diff-trees.js';
import { logDebug } from '../debug/log-debug.js';
import type { Report, WithheldReason } from '../core/report/report.js';
import type { Snapshot } from '../core/snapshot.js';
import {
  makeLedgerEntry,
  maxListed,
  type LedgerDebt,
  type LedgerEntry,
  type LedgerTask,
} from '../core/ledger/ledger-entry.js';
import { projectAttempts } from '../core/ledger/ledger-projection.js';
import {
  loadLedgerTask,
  loadRecentLedger,
  maxAttempts,
  resolveLedgerDir,
  saveLedgerTask,
} from '../state/ledger-store.js';
import type { TaskSession } from '../state/session-store.js';
import { hashPath } from '../state/path-hash.js';
import { listTouchedPaths } from '../tree/compare-trees.js';
import type { Repository } from '../git/git.js';
import type { StateLayout } from '../state/state-dir.js';
import type { Settings } from '../config/resolve-settings.js';

/** What the ledger reads of a command's context (tasks/context.ts's TaskContext). */
export interface LedgerContext {
  root: string;
  repo: Repository | null;
  layout: StateLayout;
  settings: Pick<Settings, 'budget'>;
}

export interface PrepareLedgerInput {
  session: TaskSession;
  report: Report;
  attribution: Attribution;
  withheld: Readonly<Record<WithheldReason, readonly Finding[]>>;
  snapshot: Snapshot;
  /** What `readLedgerTask` found, started before triage so git's diff runs meanwhile. */
  read: Promise<LedgerRead | undefined>;
  startedAt: number;
  /** The check repeats the last attempt (a check of the tree it checked). */
  rereads: boolean;
  /** A debt campaign's attempt: its targets. */
  debt?: LedgerDebt | undefined;
}

/** The task's stored file, what changed since its last attempt, and this attempt's file hashes. */
export interface LedgerRead {
  dir: string;
  stored: LedgerTask;
  changed: readonly string[];
  edited?: Record<string, string>;
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
 * Reads the task's file and finds what changed since its last attempt: the files that differ
 * from the baseline now and then, compared by content hash (a few files read, no process), or,
 * when either attempt changed too many files to list, `git diff-tree` between the two trees. At
 * the first attempt, the diff from the baseline.
 */
export async function readLedgerTask(
  context: LedgerContext,
  session: TaskSession,
  snapshot: Snapshot,
  changes: TreeChanges,
  isDebt = false,
): Promise<LedgerRead | undefined> {
  try {
    const dir = resolveLedgerDir(context.layout.dir);
    const id = makeLedgerTaskId(context.root, session);
    const stored: LedgerTask = loadLedgerTask(dir, id) ?? {
      version: 1,
      id,
      workTree: hashPath(context.root),
      startedAt: session.startedAt,
      kind: isDebt ? 'debt' : undefined,
      entries: [],
    };
    const edited = hashEditedFiles(context.root, changes);
    const last = stored.entries.at(-1);
    const tree = snapshot.tree.kind === 'git' ? snapshot.tree.treeId : null;
    let sinceLast: readonly string[];
    if (last === undefined) sinceLast = [...changes.changed, ...changes.deleted];
    else if (last.edited !== undefined && edited !== undefined) sinceLast = diffEdited(last.edited, edited);
    else if (last.tree !== null && tree !== null && context.repo !== null) {
      const diff = await diffTrees(context.repo, last.tree, tree);
      sinceLast = [...diff.changed, ...diff.deleted];
    } else sinceLast = [...changes.changed, ...changes.deleted];
    return { dir, stored, changed: sinceLast, edited };
  } catch (error) {
    logDebug(`the ledger is not available: ${describe(error)}`);
    return undefined;
  }
}

function hashEditedFiles(root: string, changes: TreeChanges): Record<string, string> | undefined {
  const paths = new Set(listTouchedPaths(changes));
  if (paths.size > maxListed) return undefined;
  const hashes: Record<string, string> = {};
  for (const path of [...paths].sort()) {
    let content: Buffer | undefined;
    try {
      content = readFileSync(join(root, path));
    } catch {
      content = undefined;
    }
    hashes[path] = content === undefined ? 'deleted' : createHash('sha1').update(content).digest('hex').slice(0, 16);
  }
  return hashes;
}

/** Files whose content differs between two attempts: a file absent from one map is as in the baseline there. */
function diffEdited(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  const paths = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...paths].filter((path) => before[path] !== after[path]);
}

export async function prepareLedgerAttempt(input: PrepareLedgerInput): Promise<PendingLedger | undefined> {
  const read = await input.read;
  if (read === undefined) return undefined;
  const { dir, stored, changed, edited } = read;
  // A re-read repeats the last attempt: it is priced as that attempt was, and is not recorded again.
  const last = stored.entries.at(-1);
  if (input.rereads && last !== undefined)
    return { dir, stored: { ...stored, entries: stored.entries.slice(0, -1) }, entry: last };
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
    changed,
    edited,
    tree: snapshot.tree.kind === 'git' ? snapshot.tree.treeId : null,
    startedAt: input.startedAt,
    endedAt: Date.now(),
    taskStartedAt,
    payloadChars: 0,
    debt: input.debt,
  });
  return { dir, stored, entry };
}

/** What the edge that words the report counts of it: the characters the agent reads (the CLI: its text payload). */
export type PayloadMeasure = (report: Report, options: PayloadOptions) => number;

export interface PayloadOptions {
  outputLimit: number;
  sourceLines: (path: string) => readonly string[] | undefined;
}

/** Writes the attempt, its payload counted as the agent gets it (`measurePayload`; none: 0). */
export function saveLedgerAttempt(
  pending: PendingLedger,
  report: Report,
  options: PayloadOptions & { measurePayload?: PayloadMeasure | undefined },
): void {
  try {
    if (pending.stored.entries.length >= maxAttempts) return;
    const payloadChars = options.measurePayload?.(report, options) ?? 0;
    const entry = { ...pending.entry, payloadChars, at: new Date().toISOString() };
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
export function addProjection(
  context: LedgerContext,
  pending: PendingLedger | undefined,
  report: Report,
  overrides: { budgetAttempts?: number; budgetSeconds?: number },
): Report {
  const budget = {
    attempts: overrides.budgetAttempts ?? context.settings.budget.attempts,
    seconds: overrides.budgetSeconds ?? context.settings.budget.seconds,
  };
  if (budget.attempts === null && budget.seconds === null) return report;
  const own = pending === undefined ? [] : [...pending.stored.entries, pending.entry];
  const others =
    pending === undefined
      ? []
      : loadRecentLedger(pending.dir, measuredTasks).filter((task) => task.id !== pending.stored.id);
  const now = Date.now();
  const began = own.length === 0 ? now : Math.min(Date.parse(pending!.stored.startedAt), Date.parse(own[0]!.startedAt));
  const attemptMs = pending === undefined ? 0 : pending.entry.checkMs;
  const priced = projectAttempts({
    history: [...others.map((task) => task.entries), own],
    report,
    budget,
    elapsedSeconds: (now - began) / 1000,
    attemptMs,
  });
  return {
    ...report,
    notes: priced.note === undefined ? report.notes : [...report.notes, priced.note],
    projection: priced.projection,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
