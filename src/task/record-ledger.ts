/**
 * Writes one attempt into the repository's ledger (state/ledger-store.ts). It costs one read and
 * one atomic write of the task's own file, one render of the text payload to count its
 * characters, and one `git diff-tree` for what changed since the previous attempt. A ledger
 * that cannot be written never fails the check: the agent's loop matters more than its record.
 */
import { createHash } from 'node:crypto';
import type { Attribution } from '../attribute.js';
import type { Finding } from '../diagnostic.js';
import { diffTrees, type TreeChanges } from '../git/diff-trees.js';
import { logDebug } from '../log-debug.js';
import type { Report, WithheldReason } from '../report.js';
import { renderText } from '../render/text.js';
import { projectAttempts } from '../state/ledger-projection.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { TaskSession } from '../state/session-store.js';
import { makeLedgerEntry } from '../state/ledger-entry.js';
import { loadLedgerTask, loadRecentLedger, maxAttempts, resolveLedgerDir, saveLedgerTask, type LedgerTask } from '../state/ledger-store.js';
import type { TaskContext } from './context.js';

export interface RecordLedgerInput {
  context: TaskContext;
  session: TaskSession;
  report: Report;
  attribution: Attribution;
  withheld: Readonly<Record<WithheldReason, readonly Finding[]>>;
  snapshot: Snapshot;
  /** What changed since the baseline: the first attempt's edit. */
  changes: TreeChanges;
  startedAt: number;
  /** The checked tree's lines, to render the payload whose characters are counted. */
  sourceLines: (path: string) => readonly string[] | undefined;
}

/** The ledger's id of a task: its work tree, baseline and start, so a new `start` is a new task. */
export function makeLedgerTaskId(root: string, session: Pick<TaskSession, 'baseline' | 'startedAt'>): string {
  return createHash('sha1').update(`${root}\0${session.baseline}\0${session.startedAt}`).digest('hex').slice(0, 16);
}

/** Tasks the projection measures its rates on: the most recent ones. */
const measuredTasks = 50;

export interface AddProjectionInput {
  session: TaskSession;
  report: Report;
  startedAt: number;
  /** Overrides of the configured budget. */
  budget: { budgetAttempts?: number; budgetSeconds?: number };
}

/**
 * With a budget (options or config), the report gains its projection, and a note when the
 * projection exceeds the budget. Without one the ledger is not read and the report is as it was.
 */
export function addProjection(context: TaskContext, input: AddProjectionInput): Report {
  const budget = {
    attempts: input.budget.budgetAttempts ?? context.settings.budget.attempts,
    seconds: input.budget.budgetSeconds ?? context.settings.budget.seconds,
  };
  if (budget.attempts === null && budget.seconds === null) return input.report;
  const dir = resolveLedgerDir(context.layout.dir);
  const id = makeLedgerTaskId(context.root, input.session);
  const recent = loadRecentLedger(dir, measuredTasks);
  const own = recent.find((task) => task.id === id) ?? loadLedgerTask(dir, id);
  const history = [...recent.filter((task) => task.id !== id), ...(own === null ? [] : [own])].map((task) => task.entries);
  const now = Date.now();
  const began = Math.min(Date.parse(input.session.startedAt), Date.parse(own?.entries[0]?.startedAt ?? '') || input.startedAt, input.startedAt);
  const priced = projectAttempts({ history, report: input.report, budget, elapsedSeconds: (now - began) / 1000, attemptMs: now - input.startedAt });
  return {
    ...input.report,
    notes: priced.note === undefined ? input.report.notes : [...input.report.notes, priced.note],
    projection: priced.projection,
  };
}

export async function recordLedgerAttempt(input: RecordLedgerInput): Promise<void> {
  try {
    const { context, session, snapshot } = input;
    const dir = resolveLedgerDir(context.layout.dir);
    const id = makeLedgerTaskId(context.root, session);
    const stored: LedgerTask = loadLedgerTask(dir, id) ?? {
      version: 1,
      id,
      workTree: createHash('sha1').update(context.root).digest('hex').slice(0, 16),
      startedAt: session.startedAt,
      entries: [],
    };
    if (stored.entries.length >= maxAttempts) return;
    const tree = snapshot.tree.kind === 'git' ? snapshot.tree.treeId : null;
    const previousTree = stored.entries.at(-1)?.tree ?? null;
    const changes =
      stored.entries.length > 0 && previousTree !== null && tree !== null && context.repo !== null
        ? await diffTrees(context.repo, previousTree, tree)
        : input.changes;
    const raw = new Map(snapshot.checks.map((check) => [check.name, check.diagnostics]));
    // A session this very check created (a check without start) says nothing about the agent's time.
    const sessionStart = Date.parse(session.startedAt);
    const taskStartedAt = stored.entries.length === 0 && sessionStart < input.startedAt ? sessionStart : undefined;
    const entry = makeLedgerEntry({
      task: id,
      report: input.report,
      attribution: input.attribution,
      withheld: input.withheld,
      raw,
      previous: stored.entries,
      changed: [...changes.changed, ...changes.deleted],
      tree,
      startedAt: input.startedAt,
      endedAt: Date.now(),
      ...(taskStartedAt === undefined ? {} : { taskStartedAt }),
      payloadChars: renderText(input.report, { outputLimit: context.settings.outputLimit, sourceLines: input.sourceLines }).length,
    });
    saveLedgerTask(dir, { ...stored, entries: [...stored.entries, entry] });
  } catch (error) {
    logDebug(`the ledger was not written: ${error instanceof Error ? error.message : String(error)}`);
  }
}
