/**
 * `culprit fix`: fixes what the edit introduced, and only that. One check finds the introduced
 * findings and the fixes on offer for them (their tools' own fixes, and the sites of a renamed
 * declaration); the plan keeps those that touch no standing finding and no file the agent must
 * not edit; the files are rewritten while the work tree is still the tree that was checked; and
 * a second check reports the result. The first check records nothing, so the agent's edit and
 * the fixes are one attempt.
 */
import { makeUserError } from '../core/errors.js';
import { applyFixes, groupFixesByFile, planFixes, type FixPlan } from '../core/fix/fix-plan.js';
import { listRenameFixes, listToolFixes } from '../core/fix/offered-fixes.js';
import { makeTreeKey } from '../core/snapshot.js';
import { makeEditabilityClassifier } from '../core/triage/non-editable.js';
import { readTreeState } from '../snapshot/take-snapshot.js';
import { readTreeFile, rewriteFiles, type FileRewrite } from '../tree/rewrite-files.js';
import type { Attribution } from '../core/attribute.js';
import type { Report } from '../core/report/report.js';
import { checkTask, type CheckResult, type CheckTaskOptions } from './check-task.js';
import type { TaskContext } from './context.js';

export interface FixTaskOptions extends CheckTaskOptions {
  /** Plan the fixes and return them with the files' new text, and write nothing. */
  dryRun?: boolean | undefined;
  /** Apply a finding's suggestion when its tool offers exactly one and no fix (ESLint's `suggestions`). */
  suggestions?: boolean | undefined;
  /** Asked with the settings before anything is planned: false makes this a plain check (the hooks ask `fixBeforeBlock`). */
  shouldFix?: ((context: TaskContext) => boolean) | undefined;
}

export interface FixResult {
  /** The check after the fixes were written; for a dry run, or when nothing was fixed, the one check made. */
  result: CheckResult;
  /** What was fixed (or, for a dry run, would be), and what was offered but left. */
  plan: FixPlan;
  /** Each rewritten file's text before and after, in path order. */
  files: FileRewrite[];
  dryRun: boolean;
}

export async function fixTask(options: FixTaskOptions = {}): Promise<FixResult> {
  const dryRun = options.dryRun ?? false;
  let planned: PlannedRewrites | undefined;
  // Planned before the attempt would be recorded: a check with fixes to write is not the
  // attempt (the check after them is), one without is, and a dry run changes nothing.
  const first = await checkTask({
    ...options,
    isAttempt: (made) => {
      planned = planCheckFixes(made, options);
      return !dryRun && planned.files.length === 0;
    },
  });
  // Not asked when the check failed (nothing is fixed then) or repeated the last attempt's tree.
  planned ??=
    first.report.verdict === 'check-failed'
      ? noRewrites
      : planCheckFixes({ ...first, attribution: first.details.attribution }, options);
  if (dryRun || planned.files.length === 0) return { result: first, ...planned, dryRun };
  const { root, repo, layout } = first.context;
  const now = await readTreeState({ root, repo, scratch: layout.scratch });
  if (makeTreeKey(now) !== makeTreeKey(first.tree))
    throw makeUserError('the work tree changed while culprit fix ran; nothing was written (run it again)');
  rewriteFiles(root, planned.files);
  return { result: await checkTask(options), ...planned, dryRun };
}

export interface PlannedRewrites {
  plan: FixPlan;
  files: FileRewrite[];
}

const noRewrites: PlannedRewrites = { plan: { fixes: [], skipped: [] }, files: [] };

/** The fixes on offer for a check's introduced findings, planned on the work tree's files as they are now. */
export function planCheckFixes(
  { context, report, attribution }: { context: TaskContext; report: Report; attribution: Attribution },
  options: Pick<FixTaskOptions, 'suggestions' | 'shouldFix'> = {},
): PlannedRewrites {
  if (options.shouldFix?.(context) === false) return noRewrites;
  const texts = new Map<string, string | undefined>();
  const readText = (path: string) => {
    if (!texts.has(path)) texts.set(path, readTreeFile(context.root, path));
    return texts.get(path);
  };
  const plan = planFixes({
    offered: [
      ...listToolFixes(attribution.introduced, { suggestions: options.suggestions }),
      ...listRenameFixes(report, readText),
    ],
    introduced: new Set(attribution.introduced.map((finding) => finding.fingerprint)),
    standing: attribution.standing,
    isInTree: (path) => readText(path) !== undefined,
    classify: makeEditabilityClassifier({
      rules: context.settings.nonEditable,
      readHead: (path) => readText(path)?.slice(0, 2048),
    }),
    readText,
  });
  const files = [...groupFixesByFile(plan.fixes)].map(([path, fixes]): FileRewrite => {
    const before = readText(path) ?? '';
    return { path, before, after: applyFixes(before, fixes) };
  });
  return { plan, files };
}
