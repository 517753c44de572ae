/**
 * `culprit baseline --write` and `--prune`: the checked-in ratchet file. Writing accepts every
 * finding as it stands (for adopting the gate, or deliberately accepting debt in a reviewed
 * change); pruning only removes what no longer exists. Neither writes anything unless every check
 * completed: a partial run would drop the entries of the check that failed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ratchetFileName,
  countRatchetEntries,
  haveSameEntries,
  makeRatchetFile,
  serializeRatchetFile,
  type RatchetFile,
} from '../core/gate/ratchet-file.js';
import { loadRatchetFile } from '../config/ratchet-file.js';
import { resolveCommit } from '../git/git.js';
import { pruneRatchetFile } from '../core/gate/prune-ratchet-file.js';
import { makeUserError } from '../core/errors.js';
import { applyCoveragePolicy } from '../core/coverage/suppression-policy.js';
import type { AnchoredRuns } from '../snapshot/take-snapshot.js';
import { writeFileAtomic } from '../state/atomic-write.js';
import { resolveTaskContext, withWorkTreeLock, type TaskContext, type TaskOptions } from './context.js';
import { compareWithFile, requireRatchetFile, runWorkTreeChecks } from './gate-task.js';
import { describeFailedChecks } from '../core/check-run.js';

export interface BaselineWriteResult {
  context: TaskContext;
  /** Whether the file's bytes changed (false: it already said exactly this). */
  changed: boolean;
  /** Occurrences the file allows now, in total and per check. */
  findings: number;
  perCheck: Record<string, number>;
}

export interface BaselinePruneResult extends BaselineWriteResult {
  /** Occurrences removed because they no longer exist. */
  removed: number;
  /** Files whose entries moved to their new path. */
  renames: { from: string; to: string }[];
}

export async function writeBaselineTask(options: TaskOptions = {}): Promise<BaselineWriteResult> {
  const context = await resolveTaskContext(options);
  return withWorkTreeLock(context, 'baseline --write', async () => {
    const runs = requireComplete(await runWorkTreeChecks(context));
    // The directives the policy leaves out are no entries: the gate leaves them out too.
    const written = makeRatchetFile(
      runs.checks.map((run) => ({
        ...run,
        diagnostics: applyCoveragePolicy(run.diagnostics, context.settings.policy).findings,
        hashes: undefined,
      })),
      await readHeadCommit(context),
    );
    // The same entries keep the commit they were written at: re-writing an unchanged tree changes no byte.
    const existing = readExistingFile(context);
    const file =
      existing?.commit !== undefined && haveSameEntries(existing, written)
        ? { ...written, commit: existing.commit }
        : written;
    return { context, ...saveIfChanged(context, serializeRatchetFile(file)), ...countPerCheck(file) };
  });
}

export async function pruneBaselineTask(options: TaskOptions = {}): Promise<BaselinePruneResult> {
  const context = await resolveTaskContext(options);
  return withWorkTreeLock(context, 'baseline --prune', () => pruneLocked(context));
}

async function pruneLocked(context: TaskContext): Promise<BaselinePruneResult> {
  const file = requireRatchetFile(context);
  const runs = requireComplete(await runWorkTreeChecks(context));
  const report = await compareWithFile(context, file, runs);
  const pruned = pruneRatchetFile(file, report);
  return {
    context,
    ...saveIfChanged(context, serializeRatchetFile(pruned)),
    ...countPerCheck(pruned),
    removed: countRatchetEntries(file) - countRatchetEntries(pruned),
    renames: report.renames,
  };
}

/** The commit HEAD is at; undefined outside git or before the first commit. */
async function readHeadCommit(context: TaskContext): Promise<string | undefined> {
  if (context.repo === null) return undefined;
  try {
    return await resolveCommit(context.repo, 'HEAD');
  } catch {
    return undefined;
  }
}

/** The file as it is, when there is one that reads: a file that does not is simply written again. */
function readExistingFile(context: TaskContext): RatchetFile | undefined {
  try {
    return loadRatchetFile(context.root)?.file;
  } catch {
    return undefined;
  }
}

function requireComplete(runs: AnchoredRuns): AnchoredRuns {
  if (runs.checks.some((check) => check.status !== 'ok')) {
    throw makeUserError(`${ratchetFileName} was not written: ${describeFailedChecks(runs.checks)}`);
  }
  return runs;
}

function saveIfChanged(context: TaskContext, text: string): { changed: boolean } {
  const path = join(context.root, ratchetFileName);
  let existing: string | undefined;
  try {
    existing = readFileSync(path, 'utf8');
  } catch {
    // None yet, or unreadable: write it.
  }
  if (existing === text) return { changed: false };
  writeFileAtomic(path, text);
  return { changed: true };
}

function countPerCheck(file: ReturnType<typeof makeRatchetFile>): {
  findings: number;
  perCheck: Record<string, number>;
} {
  const perCheck: Record<string, number> = {};
  for (const [name, check] of Object.entries(file.checks))
    perCheck[name] = countRatchetEntries({ version: 1, checks: { [name]: check } });
  return { findings: countRatchetEntries(file), perCheck };
}
