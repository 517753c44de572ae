/**
 * `culprit debt`: a campaign whose task is the repository's standing findings. `debt start`
 * snapshots the tree, picks the targets and shows them as a check shows what an edit introduced
 * (root causes first); `debt check` is a check against that snapshot in which the targets count
 * as the task. The campaign's session sits beside the agent task's in the session file, under its
 * own key, so `culprit check` never sees it.
 */
import type { CheckRunner } from '../checks/runner/run-check.js';
import { attribute } from '../core/attribute.js';
import { defaultMaxTargets, selectDebtTargets, type DebtSelection } from '../core/debt/debt-targets.js';
import { decideDebtVerdict, makeStartAttribution } from '../core/debt/debt-attribution.js';
import { makeUserError } from '../core/errors.js';
import { makeReport, type Report } from '../core/report/report.js';
import { makeTreeKey } from '../core/snapshot.js';
import { makeEditabilityClassifier } from '../core/triage/non-editable.js';
import { keepStartedSnapshot } from '../baseline/resolve-baseline.js';
import { takeSnapshot } from '../snapshot/take-snapshot.js';
import type { SourceCache } from '../snapshot/source-cache.js';
import { loadSessionFile, saveSessionFile } from '../state/session-store.js';
import { checkDebtLocked, makeCampaignWidth, type CheckResult, type CheckTaskOptions } from './check-task.js';
import { resolveTaskContext, withWorkTreeLock, type TaskContext, type TaskOptions } from './context.js';

export interface DebtStartOptions extends TaskOptions {
  /** Only findings of these rules or codes (`prefer-const`, `TS2339`); default every rule. */
  rules?: readonly string[] | undefined;
  /** Only findings in files these picomatch globs match; default every file. */
  paths?: readonly string[] | undefined;
  /** Only findings of this check (a finding's `tool`: `eslint`, `tsc`); default every check. */
  tool?: string | undefined;
  /** At most this many targets (default 20). */
  max?: number | undefined;
  /** What runs the checks on the work tree. */
  runChecks?: CheckRunner | undefined;
}

export interface DebtStartResult {
  context: TaskContext;
  /** The targets as a check's report: `shown` are the targets, root causes first; `targets` counts them. */
  report: Report;
  sources: SourceCache;
}

export async function debtStartTask(options: DebtStartOptions = {}): Promise<DebtStartResult> {
  const context = await resolveTaskContext(options);
  const selection: DebtSelection = {
    rules: options.rules ?? [],
    paths: options.paths ?? [],
    tool: options.tool,
    max: validateMax(options.max ?? defaultMaxTargets),
  };
  return withWorkTreeLock(context, 'debt start', () => startLocked(context, selection, options.runChecks));
}

async function startLocked(
  context: TaskContext,
  selection: DebtSelection,
  runChecks: CheckRunner | undefined,
): Promise<DebtStartResult> {
  const { layout, settings } = context;
  // Always run: the targets are ordered over the module graph, which no cached snapshot keeps.
  const taken = await takeSnapshot({
    root: context.root,
    repo: context.repo,
    checks: settings.checks,
    scratch: layout.scratch,
    runChecks,
  });
  const { snapshot } = taken;
  const completed = snapshot.checks.filter((check) => check.status === 'ok');
  const findings = attribute(
    [],
    completed.flatMap((check) => check.diagnostics),
  ).introduced;
  const classify = makeEditabilityClassifier({ rules: settings.nonEditable, readHead: taken.sources.head });
  const chosen = selectDebtTargets(findings, selection, classify);
  const targets = new Set(chosen.map((finding) => finding.fingerprint));
  const attribution = makeStartAttribution(findings, targets);
  const { report, attemptRecord } = makeReport({
    attribution,
    graph: taken.graph,
    changedFiles: new Set(),
    classify,
    checks: snapshot.checks,
    baseWidth: makeCampaignWidth(settings.maxFiles, attribution),
    sourceLines: taken.sources.lines,
  });
  const counts = { total: targets.size, resolved: 0, remaining: targets.size };
  // The start is the campaign's first attempt: the first `debt check` measures its progress against what start showed.
  const start: Report = {
    ...report,
    verdict: decideDebtVerdict(report.verdict, counts),
    counts: { ...report.counts, introduced: 0 },
    targets: counts,
  };
  const id = keepStartedSnapshot(layout, snapshot, null);
  const sessions = loadSessionFile(layout.sessionFile, context.root);
  saveSessionFile(layout.sessionFile, {
    ...sessions,
    root: context.root,
    debt: {
      baseline: id,
      baselineLabel: 'culprit debt start',
      tree: snapshot.tree.kind === 'git' ? snapshot.tree.treeId : undefined,
      startedAt: new Date().toISOString(),
      attempts: [{ ...attemptRecord, tree: makeTreeKey(snapshot.tree) }],
      targets: chosen.map((finding) => finding.fingerprint),
      targetRules: chosen.map((finding) => finding.code),
    },
  });
  return { context, report: start, sources: taken.sources };
}

/** One attempt of the campaign `culprit debt start` began in this work tree. */
export async function debtCheckTask(options: Omit<CheckTaskOptions, 'base'> = {}): Promise<CheckResult> {
  const context = await resolveTaskContext(options, { mayCheckNothing: true });
  return withWorkTreeLock(context, 'debt check', () => {
    const campaign = loadSessionFile(context.layout.sessionFile, context.root).debt;
    if (campaign === undefined)
      throw makeUserError(`no debt campaign in ${context.root}: run \`culprit debt start\` first`);
    return checkDebtLocked(context, options, campaign);
  });
}

function validateMax(max: number): number {
  if (!Number.isInteger(max) || max < 1) throw makeUserError(`--max must be a positive integer, got ${max}`);
  return max;
}
