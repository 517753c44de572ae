/**
 * The ledger on disk: `<state>/ledger/<task id>.json`, one file per task holding its attempts,
 * shared by every work tree of the repository. Bounded: the newest `maxTasks` task files stay
 * (by modification time) and a task keeps its first `maxAttempts` attempts. Each write replaces
 * the task's file atomically, so a reader never sees half an attempt.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import type { LedgerTask } from '../core/ledger/ledger-entry.js';

export const maxTasks = 200;
export const maxAttempts = 200;

export function resolveLedgerDir(stateDir: string): string {
  return join(stateDir, 'ledger');
}

/** The task's file as stored; null when absent or unreadable (a ledger problem never stops a check). */
export function loadLedgerTask(dir: string, id: string): LedgerTask | null {
  return parseLedgerTask(join(dir, `${id}.json`));
}

export function saveLedgerTask(dir: string, task: LedgerTask): void {
  const file = join(dir, `${task.id}.json`);
  const isNew = task.entries.length === 1;
  writeFileAtomic(file, `${JSON.stringify(task)}\n`);
  // Trimming lists the folder, so it runs only when a task file was added.
  if (isNew) trimLedger(dir);
}

/** Every stored task, oldest first (by start time). */
export function loadLedger(dir: string): LedgerTask[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return sortByStart(
    names.filter((name) => name.endsWith('.json')).flatMap((name) => parseLedgerTask(join(dir, name)) ?? []),
  );
}

function sortByStart(tasks: LedgerTask[]): LedgerTask[] {
  return tasks.sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : a.id < b.id ? -1 : 1));
}

/** The `limit` most recently written tasks, oldest first: what a projection measures without reading the whole ledger. */
export function loadRecentLedger(dir: string, limit: number): LedgerTask[] {
  const newest = listByAge(dir).slice(-limit);
  return sortByStart(newest.flatMap(({ name }) => parseLedgerTask(join(dir, name)) ?? []));
}

function parseLedgerTask(file: string): LedgerTask | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<LedgerTask>;
    return value.version === 1 && typeof value.id === 'string' && Array.isArray(value.entries)
      ? (value as LedgerTask)
      : null;
  } catch {
    return null;
  }
}

function trimLedger(dir: string): void {
  const byAge = listByAge(dir);
  for (const { name } of byAge.slice(0, Math.max(0, byAge.length - maxTasks))) rmSync(join(dir, name), { force: true });
}

/** Task files, least recently written first. */
function listByAge(dir: string): { name: string; mtime: number }[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .map((name) => {
      try {
        return { name, mtime: statSync(join(dir, name)).mtimeMs };
      } catch {
        return { name, mtime: 0 };
      }
    })
    .sort((a, b) => a.mtime - b.mtime);
}
