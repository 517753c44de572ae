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
import { splitTextLines } from '../core/fix/edited-lines.js';
import { placeRenameSites, type LeftSite, type RenameSite } from '../core/fix/rename-sites.js';
import { countName, stripByteOrderMark } from '../core/fix/text-positions.js';
import type { CauseChange } from '../core/triage/echo-groups.js';
import type { DeclarationRename, RenameAnswer } from '../checks/check-definition.js';
import { makeTreeKey } from '../core/snapshot.js';
import { makeEditabilityClassifier } from '../core/triage/non-editable.js';
import { readTreeState } from '../snapshot/take-snapshot.js';
import { findRefusedRewrites, readTreeFile, rewriteFiles, type FileRewrite } from '../tree/rewrite-files.js';
import type { WriteRefusal } from '../core/write-refusal.js';
import { checkTask, type CheckResult, type CheckTaskOptions, type MadeCheck } from './check-task.js';
import type { TaskContext } from './context.js';
import { readEditSides, type EditSides } from '../attempt/edit-sides.js';

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
    const made = { ...first, attribution: first.details.attribution, base: first.details.base };
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

const noRewrites: PlannedRewrites = { plan: { fixes: [], skipped: [], left: [] }, files: [] };

/** Every fix on offer, the tools' code fixes and rename sites included; nothing is asked of a tool when fixing is off (a hook without fixBeforeBlock). */
async function planAllFixes(made: MadeCheck, options: FixTaskOptions): Promise<PlannedRewrites> {
  if (options.shouldFix?.(made.context) === false) return noRewrites;
  return planCheckFixes(made, options);
}

/**
 * The fixes on offer for a check's introduced findings, planned on the work tree's files as they
 * are now: the tools' own fixes, TypeScript's code fixes where the edit typed the name, and the
 * sites of each declaration the edit renamed (the rename provider's, on the baseline's program).
 */
export async function planCheckFixes(
  made: MadeCheck,
  options: Pick<FixTaskOptions, 'suggestions'> = {},
): Promise<PlannedRewrites> {
  const { context, report, attribution } = made;
  const texts = new Map<string, string | undefined>();
  const readText = (path: string) => {
    if (!texts.has(path)) texts.set(path, readTreeFile(context.root, path));
    return texts.get(path);
  };
  const sides = await readEditSides(context.repo, made.base, readText);
  const renames = await listProvenRenames(made, sides, readText);
  const plan = planFixes({
    offered: [
      ...listToolFixes(attribution.introduced, { suggestions: options.suggestions }),
      ...renames.offered,
      ...listRenameFixes(report, readText, renames.answered),
      ...(await listCodeFixes(made, sides, readText)),
    ],
    introduced: new Set(attribution.introduced.map((finding) => finding.fingerprint)),
    standing: attribution.standing,
    isInTree: (path) => readText(path) !== undefined,
    classify: makeEditabilityClassifier({
      rules: context.settings.nonEditable,
      readHead: (path) => readText(path)?.slice(0, 2048),
    }),
    readText,
    left: renames.left,
  });
  const files = [...groupFixesByFile(plan.fixes)].map(([path, fixes]): FileRewrite => {
    const before = readText(path) ?? '';
    return { path, before, after: applyFixes(before, fixes) };
  });
  return { plan, files };
}

/**
 * The sites of each declaration the edit renamed (a shown cause of kind `renamed`), as the
 * check's own rename provider finds them on the baseline's program, placed on the files as they
 * are now. `answered` names the declarations it answered for; the others (outside git, a tool
 * without a rename provider) keep the shown sites whose flagged text is the old name.
 */
async function listProvenRenames(
  { context, report, attribution }: MadeCheck,
  sides: EditSides | undefined,
  readText: (path: string) => string | undefined,
): Promise<{ offered: OfferedFix[]; left: LeftSite[]; answered: Set<string> }> {
  const none = { offered: [], left: [], answered: new Set<string>() };
  if (sides === undefined) return none;
  const basePathOf = new Map([...sides.movedTo].map(([from, to]) => [to, from]));
  const causes = new Map<string, { change: CauseChange; first: Pick<Finding, 'fingerprint' | 'code'> }>();
  for (const group of report.groups) {
    const change = group.cause?.change;
    const fingerprint = group.members?.[0];
    if (change?.kind !== 'renamed' || change.renamedTo === undefined || fingerprint === undefined) continue;
    if (!causes.has(change.symbol)) causes.set(change.symbol, { change, first: { fingerprint, code: group.code } });
  }
  if (causes.size === 0) return none;
  const renames: DeclarationRename[] = [...causes.values()].map(({ change }) => ({
    path: basePathOf.get(change.path) ?? change.path,
    symbol: change.symbol,
    to: change.renamedTo!,
  }));
  const sites = new Map<string, Map<string, RenameSite>>();
  for (const check of context.settings.checks) {
    const answers = await askRenameSites(check, context.root, sides.baseFiles, renames);
    answers?.forEach((answer, index) => {
      if (!('sites' in answer)) return;
      const symbol = renames[index]!.symbol;
      const known = sites.get(symbol) ?? new Map<string, RenameSite>();
      for (const site of answer.sites) known.set(`${site.path}\0${site.start}`, site);
      sites.set(symbol, known);
    });
  }
  const placed = placeRenameSites({
    renames: [...sites].map(([symbol, found]) => ({ ...causes.get(symbol)!, sites: [...found.values()] })),
    movedTo: sides.movedTo,
    deleted: sides.deleted,
    baseTextOf: sides.baseTextOf,
    editedLinesOf: sides.editedLinesOf,
    readText,
    introduced: attribution.introduced,
  });
  return { ...placed, answered: new Set(sites.keys()) };
}

function askRenameSites<Kind extends CheckKind>(
  check: ResolvedCheckOf<Kind>,
  root: string,
  baseFiles: Record<string, string | null>,
  renames: readonly DeclarationRename[],
): Promise<RenameAnswer[]> | undefined {
  return definitionOf(check.kind).findRenameSites?.({ root, options: check.options, baseFiles, renames });
}

/** TypeScript's codes whose fixes can be safe: a name not found (a missing import), a misspelt name or member. */
const codeFixCodes: ReadonlySet<string> = new Set(['TS2304', 'TS2503', 'TS2551', 'TS2552', 'TS2724']);

/**
 * The code fixes the checks' own tools offer for introduced findings without a fix of their own
 * (TypeScript's language service, through the check's definition), only where the edit itself
 * typed the flagged name: on a line it changed, a name its changed lines hold more often than
 * the lines they replaced. A name that stopped resolving because a declaration changed elsewhere
 * is a site of that change, and a spelling fix there would guess another member (TypeScript
 * suggests the nearest existing name: `getState` becomes `setState`). Without the baseline's text
 * (outside git) nothing shows what the edit typed, so nothing is offered.
 */
async function listCodeFixes(
  { context, report, attribution }: MadeCheck,
  sides: EditSides | undefined,
  readText: (path: string) => string | undefined,
): Promise<OfferedFix[]> {
  if (sides === undefined) return [];
  const causeSites = new Set(
    report.groups.filter((group) => group.cause !== undefined).flatMap((group) => group.members ?? []),
  );
  const candidates = attribution.introduced.filter(
    (finding) =>
      finding.fix === undefined &&
      codeFixCodes.has(finding.code) &&
      !causeSites.has(finding.fingerprint) &&
      isTypedByEdit(finding, sides, readText),
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

/** Whether the flagged name is one the edit typed: on a line it changed, and more often in its hunk's new lines than in the old. */
function isTypedByEdit(finding: Finding, sides: EditSides, readText: (path: string) => string | undefined): boolean {
  if (finding.path === null || finding.endLine !== finding.line || finding.endColumn === undefined) return false;
  const edited = sides.editedLinesOf(finding.path);
  const hunk = edited?.changed.has(finding.line) === true ? edited.hunkOf(finding.line) : undefined;
  const text = readText(finding.path);
  if (hunk === undefined || text === undefined) return false;
  const currentLines = splitTextLines(stripByteOrderMark(text));
  const name = (currentLines[finding.line - 1] ?? '').slice(finding.column - 1, finding.endColumn - 1);
  if (!/^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u.test(name)) return false;
  const basePath = [...sides.movedTo].find(([, to]) => to === finding.path)?.[0] ?? finding.path;
  const base = sides.baseTextOf(basePath);
  const baseLines = base === null || base === undefined ? [] : splitTextLines(base);
  const count = (lines: readonly string[], numbers: readonly number[]) =>
    numbers.reduce((sum, line) => sum + countName(lines[line - 1] ?? '', name), 0);
  return count(currentLines, hunk.current) > count(baseLines, hunk.base);
}

function askCodeFixes<Kind extends CheckKind>(
  check: ResolvedCheckOf<Kind>,
  root: string,
  findings: readonly Finding[],
): Promise<(OfferedEdit | undefined)[]> | undefined {
  return definitionOf(check.kind).offerCodeFixes?.({ root, options: check.options, findings });
}
