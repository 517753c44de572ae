/**
 * `culprit gate`: every check on the work tree as it is, compared with the checked-in baseline
 * file. The merge gate reads the absolute state; no baseline run, no session, no cache.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { baselineFileName, type BaselineFile } from '../core/gate/baseline-file.js';
import { loadBaselineFile } from '../config/baseline-file.js';
import { makeGateReport, type GateReport } from '../core/gate/gate-report.js';
import { makeUserError } from '../core/errors.js';
import { runAnchoredChecks, type AnchoredRuns } from '../snapshot/take-snapshot.js';
import { resolveTaskContext, type TaskContext, type TaskOptions } from './context.js';

export interface GateResult {
  context: TaskContext;
  report: GateReport;
}

export async function gateTask(options: TaskOptions = {}): Promise<GateResult> {
  const context = await resolveTaskContext(options);
  const file = requireBaselineFile(context);
  const runs = await runWorkTreeChecks(context);
  return { context, report: compareWithFile(context, file, runs) };
}

export function requireBaselineFile(context: TaskContext): BaselineFile {
  const loaded = loadBaselineFile(context.root);
  if (loaded === null) {
    throw makeUserError(`no ${baselineFileName} in ${context.root}: run \`culprit baseline --write\` and commit it`);
  }
  return loaded.file;
}

export function runWorkTreeChecks(context: TaskContext): Promise<AnchoredRuns> {
  return runAnchoredChecks({ root: context.root, checks: context.settings.checks });
}

export function compareWithFile(context: TaskContext, file: BaselineFile, runs: AnchoredRuns): GateReport {
  return makeGateReport({
    file,
    fileName: baselineFileName,
    runs: runs.checks,
    exists: (path) => existsSync(join(context.root, path)),
    policy: context.settings.policy,
  });
}
