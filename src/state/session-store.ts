/**
 * The task session of one work tree: which snapshot is its baseline, and what each attempt saw
 * (for widening and the stuck verdict).
 */
import { rmSync } from 'node:fs';
import type { AttemptRecord } from '../session.js';
import { writeFileAtomic } from './atomic-write.js';
import { readStateFile } from './read-state-file.js';

export interface SessionFile {
  version: 1;
  /** The work tree this session belongs to. */
  root: string;
  startedAt: string;
  /** Id of the baseline snapshot in the snapshot store. */
  baseline: string;
  /** How the baseline was taken, for messages: "culprit start", "HEAD (abc123)". */
  baselineLabel: string;
  attempts: AttemptRecord[];
}

export function loadSession(file: string): SessionFile | null {
  return readStateFile<SessionFile>(
    file,
    (session) => session.version === 1 && typeof session.baseline === 'string' && Array.isArray(session.attempts),
    'run culprit start to begin a new task',
  );
}

export function saveSession(file: string, session: SessionFile): void {
  writeFileAtomic(file, `${JSON.stringify(session, null, 2)}\n`);
}

export function deleteSession(file: string): void {
  rmSync(file, { force: true });
}
