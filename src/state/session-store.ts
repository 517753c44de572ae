/**
 * The task sessions of one work tree: which snapshot each task compares with, and what each
 * attempt saw (for widening and the stuck verdict). There are two kinds, kept side by side:
 *
 * - the task `culprit start` began, whose baseline is the tree as it was then;
 * - sessions that checks without `start` form on their own, one per baseline (HEAD's tree, or
 *   the tree of `--base`), so consecutive checks against the same base widen and get stuck like
 *   a started task does. A new commit is a new base, hence a new session.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AttemptRecord } from '../core/report/attempts.js';
import { writeFileAtomic } from './atomic-write.js';
import { readStateFile } from './read-state-file.js';

/** How many sessions without start one work tree keeps; the least recently used go first. */
const maxImplicitSessions = 8;

export interface TaskSession {
  /** Id of the baseline snapshot in the snapshot store. */
  baseline: string;
  /** How the baseline was taken, for messages: "culprit start", "HEAD (abc1234)". */
  baselineLabel: string;
  /** The git tree the baseline was taken on, so a lost snapshot can be taken again; absent outside git. */
  tree?: string | undefined;
  startedAt: string;
  attempts: AttemptRecord[];
}

export interface SessionFile {
  version: 2;
  /** The work tree these sessions belong to. */
  root: string;
  /** The task `culprit start` began; checks without `--base` use it. */
  started: TaskSession | null;
  /** Sessions formed by checks without start, keyed by baseline, least recently used first. */
  implicit: TaskSession[];
  /**
   * The debt campaign `culprit debt start` began, beside the agent's task and never read by
   * `culprit check`; absent when none was started.
   */
  debt?: DebtSession;
}

/** A debt campaign: a session whose baseline is the tree it started on, and the findings it set out to fix. */
export interface DebtSession extends TaskSession {
  /** The targets' fingerprints, in the order they were shown at the start. */
  targets: string[];
  /** The targets' rules (a finding's `code`), same order: what the ledger counts fixed per rule. */
  targetRules: string[];
}

/** The format before sessions without start existed: one started task. */
interface SessionFileV1 extends Omit<TaskSession, 'tree'> {
  version: 1;
  root: string;
}

export function loadSessionFile(file: string, root: string): SessionFile {
  const stored = readStateFile<SessionFile | SessionFileV1>(
    file,
    (value) =>
      (value.version === 1 && typeof value.baseline === 'string' && Array.isArray(value.attempts)) ||
      (value.version === 2 && Array.isArray(value.implicit)),
    'run culprit start to begin a new task',
  );
  if (stored === null) return { version: 2, root, started: null, implicit: [] };
  if (stored.version === 2) return stored;
  const { version: _version, root: storedRoot, ...started } = stored;
  return { version: 2, root: storedRoot, started, implicit: [] };
}

export function saveSessionFile(file: string, sessions: SessionFile): void {
  writeFileAtomic(file, `${JSON.stringify(sessions, null, 2)}\n`);
}

/** The session checks without start formed against this baseline, if any. */
export function findImplicitSession(sessions: SessionFile, baseline: string): TaskSession | undefined {
  return sessions.implicit.find((session) => session.baseline === baseline);
}

/** Stores a session without start as the most recently used one, dropping the oldest beyond the bound. */
export function putImplicitSession(sessions: SessionFile, session: TaskSession): SessionFile {
  const others = sessions.implicit.filter((existing) => existing.baseline !== session.baseline);
  return { ...sessions, implicit: [...others, session].slice(-maxImplicitSessions) };
}

/**
 * Snapshots that started tasks and debt campaigns depend on, across every work tree's session file: the tree they
 * were taken on has usually been edited since, so they cannot always be taken again.
 */
export function listStartedBaselines(sessionsDir: string): Set<string> {
  const pinned = new Set<string>();
  let names: string[];
  try {
    names = readdirSync(sessionsDir);
  } catch {
    return pinned;
  }
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    try {
      const sessions = loadSessionFile(join(sessionsDir, name), '');
      for (const baseline of [sessions.started?.baseline, sessions.debt?.baseline])
        if (baseline !== undefined) pinned.add(baseline);
    } catch {
      // An unreadable session pins nothing; its owner is told when it next runs.
    }
  }
  return pinned;
}
