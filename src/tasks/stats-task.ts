/**
 * `culprit stats`: reads the repository's ledger (every work tree's tasks) and sums it up. Reads
 * only: no lock, since each task file is replaced whole.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { makeUserError } from '../core/errors.js';
import { findRepository } from '../git/git.js';
import { makeLedgerStats, type LedgerStats } from '../core/ledger/ledger-stats.js';
import { loadLedger, resolveLedgerDir } from '../state/ledger-store.js';
import { resolveStateLayout } from '../state/state-dir.js';

export interface StatsTaskOptions {
  cwd?: string;
  /** Only tasks begun at or after this time (ms since the epoch). */
  since?: number;
}

export async function statsTask(options: StatsTaskOptions = {}): Promise<LedgerStats> {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw makeUserError(`not a directory: ${cwd}`);
  const repo = await findRepository(cwd);
  const layout = resolveStateLayout(repo?.root ?? cwd, repo);
  return makeLedgerStats(loadLedger(resolveLedgerDir(layout.dir)), options.since);
}

const units: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since`: an ISO date or time, or a duration back from `now` (`90m`, `12h`, `7d`). */
export function parseSince(value: string, now = Date.now()): number {
  const duration = /^(\d+)([mhd])$/.exec(value);
  if (duration !== null) return now - Number(duration[1]) * units[duration[2]!]!;
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time))
    throw makeUserError(
      `--since: expected an ISO date or time (2026-12-01, 2026-12-01T09:00Z) or a duration (90m, 12h, 7d), got "${value}"`,
    );
  return time;
}
