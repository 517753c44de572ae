/**
 * `culprit fix`: fixes what the edit introduced, and only that. One check finds the introduced
 * findings and the fixes on offer for them (their tools' own fixes, and the sites of a renamed
 * declaration); the plan keeps those that touch no standing finding and no file the agent must
 * not edit; the files are rewritten while the work tree is still the tree that was checked; and
 * a second check reports the result. The first check records nothing, so the agent's edit and
 * the fixes are one attempt.
 */
import { definitionOf, type CheckKind, type ResolvedCheckOf } from '../checks/registry.js';
import type { Finding, OfferedEdit } from '../core/diagnostic.js';
import { makeUserError } from '../core/errors.js';
import { applyFixes, groupFixesByFile, planFixes, type FixPlan, type OfferedFix } from '../core/fix/fix-plan.js';
import { listRenameFixes, listToolFixes } from '../core/fix/offered-fixes.js';
import { makeTreeKey } from '../core/snapshot.js';
import { makeEditabilityClassifier } from '../core/triage/non-editable.js';
import { readTreeState } from '../snapshot/take-snapshot.js';
import { findRefusedRewrites, readTreeFile, rewriteFiles, type FileRewrite } from '../tree/rewrite-files.js';
import type { WriteRefusal } from '../core/write-refusal.js';
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
  /** Files the fixes needed that culprit may not replace (read-only, another user's): then nothing was written. */
  refused: WriteRefusal[];
}

export async function fixTask(options: FixTaskOptions = {}): Promise<FixResult> {
  const dryRun = options.dryRun ?? false;
  let planned: PlannedRewrites | undefined;
  let refused: WriteRefusal[] = [];
  // Planned before the attempt would be recorded: a check with fixes to write is not the
  // attempt (the check after them is), one without is (so is one whose files culprit may not
  // write: nothing will be), and a dry run changes nothing.
  const first = await checkTask({
    ...options,
    isAttempt: async (made) => {
      planned = await planAllFixes(made, options);
      refused = dryRun ? [] : findRefusedRewrites(made.context.root, planned.files);
      return !dryRun && (planned.files.length === 0 || refused.length > 0);
    },
  });
  // Not asked when the check failed (nothing is fixed then) or repeated the last attempt's tree.
  if (planned === undefined) {
    const made = { ...first, attribution: first.details.attribution };
    planned = first.report.verdict === 'check-failed' ? noRewrites : await planAllFixes(made, options);
    refused = dryRun ? [] : findRefusedRewrites(first.context.root, planned.files);
  }
  if (dryRun || planned.files.length === 0) return { result: first, ...planned, dryRun, refused: [] };
  if (refused.length > 0) return { result: first, ...planned, dryRun, refused };
  // Whoever asked is gone (a served fix whose client was interrupted): nothing is written for nobody.
  if (options.isWanted?.() === false) return { result: first, plan: noRewrites.plan, files: [], dryRun, refused };
  const { root, repo, layout } = first.context;
  const now = await readTreeState({ root, repo, scratch: layout.scratch });
  if (makeTreeKey(now) !== makeTreeKey(first.tree))
    throw makeUserError('the work tree changed while culprit fix ran; nothing was written (run it again)');
  rewriteFiles(root, planned.files);
  return { result: await checkTask(options), ...planned, dryRun, refused };
}

export interface PlannedRewrites {
  plan: FixPlan;
  files: FileRewrite[];
}

const noRewrites: PlannedRewrites = { plan: { fixes: [], skipped: [] }, files: [] };

/** Every fix on offer, the tools' code fixes included; nothing is asked of a tool when fixing is off (a hook without fixBeforeBlock). */
async function planAllFixes(made: MadeCheck, options: FixTaskOptions): Promise<PlannedRewrites> {
  if (options.shouldFix?.(made.context) === false) return noRewrites;
  return planCheckFixes(made, options, await listCodeFixes(made));
}

/** What a check made that fix plans from. */
interface MadeCheck {
  context: TaskContext;
  report: Report;
  attribution: Attribution;
}

/**
 * The fixes on offer for a check's introduced findings but the tools' code fixes (given, when
 * asked for), planned on the work tree's files as they are now.
 */
export function planCheckFixes(
  { context, report, attribution }: MadeCheck,
  options: Pick<FixTaskOptions, 'suggestions'> = {},
  codeFixes: readonly OfferedFix[] = [],
): PlannedRewrites {
  const texts = new Map<string, string | undefined>();
  const readText = (path: string) => {
    if (!texts.has(path)) texts.set(path, readTreeFile(context.root, path));
    return texts.get(path);
  };
  const plan = planFixes({
    offered: [
      ...listToolFixes(attribution.introduced, { suggestions: options.suggestions }),
      ...listRenameFixes(report, readText),
      ...codeFixes,
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

/** TypeScript's codes whose fixes can be safe: a name not found (a missing import), a misspelt name or member. */
const codeFixCodes: ReadonlySet<string> = new Set(['TS2304', 'TS2503', 'TS2551', 'TS2552', 'TS2724']);

/**
 * The code fixes the checks' own tools offer for introduced findings without a fix of their own
 * (TypeScript's language service, through the check's definition). Not for the sites of a
 * traced cause: there a spelling fix would guess another member, where the cause is the change.
 */
async function listCodeFixes({ context, report, attribution }: MadeCheck): Promise<OfferedFix[]> {
  const causeSites = new Set(
    report.groups.filter((group) => group.cause !== undefined).flatMap((group) => group.members ?? []),
  );
  const candidates = attribution.introduced.filter(
    (finding) => finding.fix === undefined && codeFixCodes.has(finding.code) && !causeSites.has(finding.fingerprint),
  );
  const offered = new Map<string, OfferedFix>();
  for (const check of context.settings.checks) {
    const findings = candidates.filter((finding) => finding.tool === check.kind && !offered.has(finding.fingerprint));
    if (findings.length === 0) continue;
    const edits = await askCodeFixes(check, context.root, findings);
    findings.forEach((finding, index) => {
      const edit = edits?.[index];
      if (edit === undefined || finding.path === null) return;
      offered.set(finding.fingerprint, {
        fingerprint: finding.fingerprint,
        code: finding.code,
        source: 'typescript',
        path: finding.path,
        ...edit,
      });
    });
  }
  return [...offered.values()];
}

function askCodeFixes<Kind extends CheckKind>(
  check: ResolvedCheckOf<Kind>,
  root: string,
  findings: readonly Finding[],
): Promise<(OfferedEdit | undefined)[]> | undefined {
  return definitionOf(check.kind).offerCodeFixes?.({ root, options: check.options, findings });
}
