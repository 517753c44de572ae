/**
 * The report: everything one `check` concluded, as plain data that every renderer reads. Built
 * here from the attribution and graph by running the triage pipeline in order: lint echoes,
 * ladder, roots, attempt decision (width), frontier, echo groups, verdict.
 */
import type { z } from 'zod';
import type { CheckRun } from '../check-run.js';
import type { ReportNote } from './report-codes.js';
import { compareByPosition, compareStrings } from '../diagnostic.js';
import type { Diagnostic, Finding, FindingKind } from '../diagnostic.js';
import type { SilencedFinding } from '../coverage/silenced.js';
import type { Attribution } from '../attribute.js';
import type { ModuleGraph } from '../graph/module-graph.js';
import { decideAttempt, keepWidth, makeAttemptRecord } from './attempts.js';
import type { AttemptDecision, AttemptRecord, AttemptState } from './attempts.js';
import { makeDeclarationFinder } from '../triage/declarations.js';
import { makeCauseGroups, makeEchoGroups, makeMemberCauseKeyer } from '../triage/echo-groups.js';
import {
  findRenameOrigins,
  listDeclarationChanges,
  makeCauseMatcher,
  type DeclarationChange,
} from '../triage/causes.js';
import type { DeclarationRef, DeclarationTables } from '../declaration-table.js';
import { countName } from '../fix/text-positions.js';
import type { EchoGroup } from '../triage/echo-groups.js';
import { findRoots, selectFrontier } from '../triage/frontier.js';
import type { Frontier, Ring, RootUnit } from '../triage/frontier.js';
import { orderBySchema } from './order-by-schema.js';
import type {
  projectionSchema,
  reportCheckSchema,
  reportSchema,
  rootSchema,
  silencedSiteSchema,
  verdictSchema,
  withheldPartSchema,
  withheldSchema,
} from './report-schema.js';
import { findingSchema } from './report-schema.js';
import { applyLadder } from '../triage/ladder.js';
import { splitDerivedFindings } from '../triage/derived-findings.js';
import { makeInstruction, type EditabilityClassifier } from '../triage/non-editable.js';

/** The verdicts, defined with the JSON report (report-schema.ts). */
export type Verdict = z.infer<typeof verdictSchema>;

/** A finding as reported: the diagnostic and its fingerprint (the anchor is internal). */
export interface ShownFinding extends Diagnostic {
  fingerprint: string;
  /** On a suppression the edit added: the findings it hides that the check would report, where the tool or the baseline says. */
  silenced?: SilencedSite[];
}

export type SilencedSite = z.infer<typeof silencedSiteSchema>;
export type WithheldPart = z.infer<typeof withheldPartSchema>;
export type Withheld = z.infer<typeof withheldSchema>;

/** Why a finding was withheld: the keys of `Withheld.reasons`. */
export type WithheldReason = keyof Withheld['reasons'];

/** A root unit as reported; its ring as the frontier chose it. */
export interface ReportRoot extends Omit<z.infer<typeof rootSchema>, 'ring'> {
  ring?: Ring;
}

export type ReportCheck = z.infer<typeof reportCheckSchema>;
export type Projection = z.infer<typeof projectionSchema>;

/**
 * The report as makeReport builds it: the fields of the JSON report (report-schema.ts documents
 * each), with the shown findings, echo groups and root units as triage made them. render/json.ts
 * lays it out as the schema says.
 */
/**
 * The report as tasks return it: its notes are codes with their data (or words a tool or the core
 * wrote), which render/ words where the report leaves culprit (the JSON's `notes` and `noteCodes`).
 */
export interface Report extends Omit<
  z.input<typeof reportSchema>,
  'shown' | 'groups' | 'roots' | 'notes' | 'noteCodes'
> {
  shown: ShownFinding[];
  groups: EchoGroup[];
  roots: ReportRoot[];
  notes: ReportNote[];
}

export interface MakeReportInput {
  attribution: Attribution;
  graph: ModuleGraph;
  changedFiles: ReadonlySet<string>;
  classify: EditabilityClassifier;
  checks: readonly CheckRun[];
  /** The session's previous attempt, when there is one. */
  previous?: AttemptRecord;
  /** Root units shown per attempt before any widening (`maxFiles`). */
  baseWidth: number;
  notes?: readonly ReportNote[];
  /**
   * The checked tree's lines of a file. With it, an echo group whose message names a symbol
   * declared in a changed file says where; without it, groups carry no `declared`.
   */
  sourceLines?: (path: string) => readonly string[] | undefined;
  /**
   * The declaration tables of both trees, from the checks with a type checker (tsc 5/6), and the
   * files renamed between them. With them, findings traced to a declaration the edit changed are
   * one cause each, rooted at the change (causes.ts), and no wording is read for member causes.
   */
  declarations?: {
    base: DeclarationTables;
    current: DeclarationTables;
    renames: ReadonlyMap<string, string>;
    /** The tools whose findings the tables' checks report (`tsc`). */
    tools?: ReadonlySet<string> | undefined;
    /**
     * The edit only modified files in place, and no configuration or package file: then nothing
     * but the tables' changes can reach a file it did not change.
     */
    plain?: boolean | undefined;
  };
  /** The findings suppressions hide (core/coverage/silenced.ts): counted, and named under the directive that hides them. */
  silenced?: readonly SilencedFinding[];
}

/**
 * Runs triage over the introduced findings and composes the report, plus the record this
 * attempt leaves for the next. Notes are the given ones followed by each check's own notes,
 * prefixed with the check's name.
 */
export function makeReport(input: MakeReportInput): {
  report: Report;
  attemptRecord: AttemptRecord;
  withheldFindings: Record<WithheldReason, Finding[]>;
} {
  const { attribution, checks } = input;
  // Findings about how the code is checked (a suppression, a file no longer checked, a relaxed
  // setting, a removed check) are no node of the module graph: each is shown, first, whatever
  // the frontier shows of the code.
  const checking = attribution.introduced.filter((finding) => finding.kind !== undefined).sort(compareCheckingFindings);
  const code = attribution.introduced.filter((finding) => finding.kind === undefined);
  const lint = splitDerivedFindings(code, checks);
  const ladder = applyLadder(lint.kept);
  const causes = traceCauses(input, ladder.kept);
  const roots = withCauseUnits(
    findRoots({
      findings: ladder.kept,
      graph: input.graph,
      changedFiles: input.changedFiles,
      classify: input.classify,
    }),
    causes,
    ladder.kept,
    input.classify,
  );
  const current = {
    roots: roots.length,
    fingerprints: attribution.introduced.map((finding) => finding.fingerprint),
    deferred: new Set(checks.filter((check) => check.status === 'deferred').map((check) => check.name)),
  };
  // Without a type checker's trace (TypeScript 7, no tables), member causes are read from the wording.
  const findDeclaration =
    input.sourceLines === undefined || causes !== undefined
      ? undefined
      : makeDeclarationFinder(input.changedFiles, input.sourceLines);
  const sameCause =
    findDeclaration === undefined ? undefined : makeSameCauseTest(ladder.kept, makeMemberCauseKeyer(findDeclaration));
  // Traced findings are shown with their cause, not by the frontier, which orders the rest.
  const untraced = causes === undefined ? ladder.kept : ladder.kept.filter((finding) => !causes.traced.has(finding));
  const { decision, frontier } = decideFrontier(input, current, { untraced, roots, sameCause, causes });
  const withheld = sortWithheld(
    { kept: ladder.kept, belowRung: ladder.hidden, echoes: lint.echoes },
    new Set(frontier.shown.map((finding) => finding.fingerprint)),
    frontier.roots,
    causes?.placeOf,
  );
  const changeOf = (finding: Finding) => causes?.changeOf(finding);
  const shown = [...checking, ...frontier.shown];
  const causeGroups = makeCauseGroups(
    frontier.shown,
    changeOf,
    (finding) => causes?.reached.has(finding) === true,
    causes?.throughOf,
  );
  const otherGroups = makeEchoGroups(
    frontier.shown.filter((finding) => changeOf(finding) === undefined),
    findDeclaration,
    [...withheld.downstream, ...withheld.queued].filter((finding) => changeOf(finding) === undefined),
  );

  const report: Report = {
    verdict: decideVerdict(checks, decision.stuck, attribution.introduced.length),
    attempt: decision.attempt,
    counts: {
      introduced: attribution.introduced.length,
      resolved: attribution.resolved.length,
      standing: attribution.standing.length,
      reworded: attribution.reworded?.length,
      reanchored: attribution.reanchored?.length,
      silenced: input.silenced?.length ?? 0,
    },
    shown: shown.map(makeSiteLister(input.silenced ?? [])),
    groups: orderGroups(shown, [
      ...makeEchoGroups(checking.filter((f) => f.kind === 'coverage')),
      ...causeGroups,
      ...otherGroups,
    ]),
    withheld: makeWithheld(withheld, lint.traced),
    roots: frontier.roots.map(makeReportRoot),
    checks: checks.map(makeReportCheck),
    rung: ladder.rung,
    width: decision.width,
    widened: decision.widened,
    progress: { fixed: decision.fixed, stalled: decision.stalled },
    resolved: {
      count: attribution.resolved.length,
      lineDeleted: attribution.resolved.filter((finding) => finding.lineDeleted).length,
    },
    notes: [
      ...(input.notes ?? []),
      ...checks.flatMap((check) => (check.notes ?? []).map((note) => `${check.name}: ${note}`)),
    ],
  };
  return { report, attemptRecord: makeAttemptRecord(decision, current, report.shown), withheldFindings: withheld };
}

/** What the frontier is chosen from: the findings no cause shows, their roots, and the causes shown with their sites. */
interface FrontierChoice {
  untraced: readonly Finding[];
  roots: RootUnit[];
  sameCause: ((shown: readonly Finding[]) => ((file: string) => boolean) | undefined) | undefined;
  causes: TracedCauses | undefined;
}

/** The attempt's decision and the frontier it shows at its width; widening that shows nothing new is not widening. */
function decideFrontier(
  input: MakeReportInput,
  current: AttemptState,
  { untraced, roots, sameCause, causes }: FrontierChoice,
): { decision: AttemptDecision; frontier: Frontier } {
  const select = (width: number) => {
    const frontier = selectFrontier({ findings: untraced, roots, width, maxUnitFiles: input.baseWidth });
    const sameCauseFiles = sameCause?.(frontier.shown);
    const selected =
      sameCauseFiles === undefined
        ? frontier
        : selectFrontier({
            findings: untraced,
            roots,
            width,
            maxUnitFiles: input.baseWidth,
            sameCause: sameCauseFiles,
          });
    return causes === undefined ? selected : addCauseSites(selected, causes);
  };
  let decision = decideAttempt(input.previous, current, input.baseWidth);
  let frontier = select(decision.width);
  if (decision.widened) {
    // Widening that shows nothing new (every root already fit) is not reported as widening.
    const unwidened = keepWidth(decision, input.previous, input.baseWidth);
    const narrower = select(unwidened.width);
    if (narrower.shown.length === frontier.shown.length) [decision, frontier] = [unwidened, narrower];
  }
  return { decision, frontier };
}

interface TracedCauses {
  /** The findings traced to a change: its sites, and the findings it reaches through other declarations. */
  traced: ReadonlyMap<Finding, DeclarationChange>;
  /**
   * Those it reaches through another declaration, not a site of it: the nearest declaration
   * they depend on is another (a function whose inferred return type carries the change, a
   * conditional type that now gives `never`), or the trace did not reach them at all and only
   * the one change can explain them (findSoleCause). They may clear once its sites are fixed:
   * listed under the cause after its sites, and said to be reached (a change without sites of its
   * own has none: what it reaches is its sites).
   */
  reached: ReadonlySet<Finding>;
  /** For a finding reached through another declaration: that declaration. */
  throughOf: (finding: Finding) => DeclarationRef | undefined;
  /** The file a finding's unit is: the changed file for a finding traced to a change. */
  placeOf: (finding: Finding) => string | null;
  changeOf: (finding: Finding) => DeclarationChange | undefined;
}

/**
 * The changes between the two trees' declaration tables, and which findings depend on them.
 * Undefined without tables (no check had a type checker to ask). A finding in a file the agent
 * must not edit keeps its own unit, so it still becomes that file's instruction.
 */
function traceCauses(input: MakeReportInput, findings: readonly Finding[]): TracedCauses | undefined {
  if (input.declarations === undefined) return undefined;
  const changes = listDeclarationChanges({
    base: input.declarations.base,
    current: input.declarations.current,
    changedFiles: input.changedFiles,
    renames: input.declarations.renames,
  });
  const matchCause = makeCauseMatcher(changes);
  const current = input.declarations.current;
  const declared = new Map<string, Set<string>>();
  const isDeclared = (ref: DeclarationRef) => {
    let names = declared.get(ref.path);
    if (names === undefined) declared.set(ref.path, (names = new Set((current[ref.path] ?? []).map((row) => row[0]))));
    return names.has(ref.name);
  };
  const traced = new Map<Finding, DeclarationChange>();
  const reached = new Set<Finding>();
  const throughOf = new Map<Finding, DeclarationRef>();
  const untraced: Finding[] = [];
  for (const finding of findings) {
    if (finding.path === null || !input.classify(finding.path).editable) continue;
    const match = matchCause(finding);
    if (match === undefined) {
      untraced.push(finding);
      continue;
    }
    const change = changes[match.change]!;
    traced.set(finding, change);
    // Nearer than the change, a declaration the tree has (not a member a type lacks): reached
    // through it, unless the flagged line names the changed declaration (a read through a wrapper type).
    const names = [change.symbol, change.renamedTo ?? change.symbol].map(lastSegment);
    const through = names.some((name) => countName(finding.anchor, name) > 0)
      ? undefined
      : finding.dependsOn!.slice(0, match.at).find(isDeclared);
    if (through !== undefined) {
      reached.add(finding);
      throughOf.set(finding, through);
    }
  }
  const sole = findSoleCause(input, changes, findRenameOrigins(changes));
  if (sole !== undefined)
    for (const finding of untraced) {
      if (!input.changedFiles.has(finding.path!) && input.declarations.tools?.has(finding.tool) === true) {
        traced.set(finding, sole);
        reached.add(finding);
      }
    }
  // A change none of whose findings is a site of its own shows what it reaches.
  const withSites = new Set([...traced].flatMap(([finding, change]) => (reached.has(finding) ? [] : [change])));
  for (const finding of reached) if (!withSites.has(traced.get(finding)!)) reached.delete(finding);
  return {
    traced,
    reached,
    throughOf: (finding) => throughOf.get(finding),
    placeOf: (finding) => traced.get(finding)?.path ?? finding.path,
    changeOf: (finding) => traced.get(finding),
  };
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/**
 * The one change an edit made, when it made one (renames finished in other declarations count
 * as the rename) and nothing else that can reach a file it did not change: no file added,
 * deleted or moved, no configuration or package file touched (`plain`). A finding of a check
 * with declaration tables in a file the edit did not change then has no other cause, whether or
 * not the type checker's trace followed its type that far (a `never` inferred through a
 * conditional type, an `any` through three generic calls): a file's findings change only with
 * what it imports, and every declaration a file can import is in the tables.
 */
function findSoleCause(
  input: MakeReportInput,
  changes: readonly DeclarationChange[],
  origins: readonly number[],
): DeclarationChange | undefined {
  const declarations = input.declarations;
  if (declarations?.plain !== true || declarations.renames.size > 0) return undefined;
  const roots = new Set(origins);
  if (roots.size !== 1) return undefined;
  // A TypeScript file the base tree's tables do not know was added: its declarations may reach anywhere.
  for (const path of input.changedFiles)
    if (declarations.current[path] !== undefined && declarations.base[path] === undefined) return undefined;
  return changes[[...roots][0]!];
}

/**
 * The root units once causes are traced. The frontier's units stay what they are, computed over
 * every finding in its own file, so what fails only through a traced site still waits behind it;
 * a unit whose every finding is traced is no root of its own (its findings are sites of a
 * cause). Each changed file with traced findings is a root unit ahead of the others, whether or
 * not it has findings of its own: the change is the cause of everything traced to it.
 */
function withCauseUnits(
  roots: readonly RootUnit[],
  causes: TracedCauses | undefined,
  findings: readonly Finding[],
  classify: EditabilityClassifier,
): RootUnit[] {
  if (causes === undefined || causes.traced.size === 0) return [...roots];
  const untracedIn = new Map<string, number>();
  for (const finding of findings)
    if (finding.path !== null && !causes.traced.has(finding))
      untracedIn.set(finding.path, (untracedIn.get(finding.path) ?? 0) + 1);
  const tracedAt = new Map<string, number>();
  for (const change of causes.traced.values()) tracedAt.set(change.path, (tracedAt.get(change.path) ?? 0) + 1);
  const causeUnits = [...tracedAt]
    .sort(([a, countA], [b, countB]) => countB - countA || compareStrings(a, b))
    .map(([path, count]): RootUnit => {
      const unit: RootUnit = {
        files: [path],
        order: [path],
        distances: [0],
        editable: classify(path).editable,
        selected: false,
        introduced: count + (untracedIn.get(path) ?? 0),
        hasChangedFile: true,
      };
      // A declaration changed in generated code is changed at its source: regenerate, not hand-edit the sites.
      return unit.editable ? unit : { ...unit, instruction: makeInstruction([path], classify) };
    });
  const others = roots.flatMap((root): RootUnit[] => {
    const keep = (file: string) => !tracedAt.has(file);
    if (!root.files.some((file) => keep(file) && untracedIn.has(file))) return [];
    const order = root.order.filter(keep);
    return [
      {
        ...root,
        files: root.files.filter(keep),
        order,
        distances: root.order.flatMap((file, index) => (keep(file) ? [root.distances[index]!] : [])),
        introduced: root.files.reduce((sum, file) => sum + (keep(file) ? (untracedIn.get(file) ?? 0) : 0), 0),
      },
    ];
  });
  return [...causeUnits, ...others];
}

/**
 * Adds every traced site of the selected cause units to what is shown, after that unit's own
 * findings, in position order; the sites of a cause unit beyond the width wait with it.
 */
function addCauseSites(frontier: Frontier, causes: TracedCauses): Frontier {
  const unitOf = new Map<string, number>();
  frontier.roots.forEach((root, index) => {
    if (root.selected && root.editable) for (const file of root.ring?.files ?? root.order) unitOf.set(file, index);
  });
  const sites = [...causes.traced]
    .filter(([, change]) => unitOf.has(change.path))
    .map(([finding]) => finding)
    .sort(compareByPosition);
  if (sites.length === 0) return frontier;
  const rank = new Map(frontier.shown.map((finding, index) => [finding, index]));
  const place = (finding: Finding) => causes.placeOf(finding);
  const sequence = (finding: Finding) => {
    const at = place(finding);
    return at === null ? -1 : (unitOf.get(at) ?? Number.MAX_SAFE_INTEGER);
  };
  const shown = [...frontier.shown, ...sites].sort(
    (a, b) =>
      sequence(a) - sequence(b) ||
      Number(causes.traced.has(a)) - Number(causes.traced.has(b)) ||
      // A cause's own sites first, then what it reaches through other declarations.
      Number(causes.reached.has(a)) - Number(causes.reached.has(b)) ||
      (rank.get(a) ?? 0) - (rank.get(b) ?? 0) ||
      compareByPosition(a, b),
  );
  const shownSet = new Set(shown);
  const files = new Set<string>();
  let count = 0;
  for (const [finding] of causes.traced) {
    if (shownSet.has(finding)) continue;
    count += 1;
    files.add(finding.path!);
  }
  return {
    shown,
    withheld: {
      count: frontier.withheld.count + count,
      files: [...new Set([...frontier.withheld.files, ...files])].sort(compareStrings),
    },
    roots: frontier.roots,
  };
}

/** The order findings about checking are shown in: what switched a check off first, then by position. */
const kindOrder: Record<FindingKind, number> = { 'check-removed': 0, weakened: 1, suppression: 2, coverage: 3 };

function compareCheckingFindings(a: Finding, b: Finding): number {
  return kindOrder[a.kind!] - kindOrder[b.kind!] || compareStrings(a.tool, b.tool) || compareByPosition(a, b);
}

/** Each shown finding as reported, a suppression with the findings it hides. */
function makeSiteLister(silenced: readonly SilencedFinding[]): (finding: Finding) => ShownFinding {
  const byDirective = new Map<string, SilencedSite[]>();
  for (const { by, code, path, line, column, message } of silenced)
    (byDirective.get(by) ?? byDirective.set(by, []).get(by)!).push({ code, path, line, column, message });
  return (finding) => {
    const shown = makeShownFinding(finding);
    const sites = byDirective.get(finding.fingerprint);
    return sites === undefined ? shown : { ...shown, silenced: sites };
  };
}

/** Groups in the order their first site is shown. */
function orderGroups(shown: readonly Finding[], groups: EchoGroup[]): EchoGroup[] {
  const position = new Map(shown.map((finding, index) => [finding.fingerprint, index]));
  const first = (group: EchoGroup) =>
    Math.min(...(group.members ?? []).map((fingerprint) => position.get(fingerprint) ?? Infinity));
  return groups.sort((a, b) => first(a) - first(b));
}

/**
 * Given what the width selected, a test for files whose every finding is a member cause already
 * shown: the same cause in another file of the unit, or in another root, is one entry with it,
 * not a separate cause for a later attempt. Undefined when nothing shown states a member cause.
 */
function makeSameCauseTest(findings: readonly Finding[], causeOf: (finding: Finding) => string | undefined) {
  const byFile = new Map<string, Finding[]>();
  for (const finding of findings) {
    if (finding.path === null) continue;
    const inFile = byFile.get(finding.path);
    if (inFile === undefined) byFile.set(finding.path, [finding]);
    else inFile.push(finding);
  }
  return (shown: readonly Finding[]): ((file: string) => boolean) | undefined => {
    const shownCauses = new Set(shown.map(causeOf).filter((key) => key !== undefined));
    if (shownCauses.size === 0) return undefined;
    return (file) => (byFile.get(file) ?? []).every((finding) => shownCauses.has(causeOf(finding) ?? ''));
  };
}

/**
 * A check that failed, timed out or is missing, or no check at all, is never clean. A deferred
 * check is not a failure (it was skipped because the findings shown could not change), but it is
 * not a clean result either: with nothing introduced there was nothing to defer it for.
 */
function decideVerdict(checks: readonly CheckRun[], stuck: boolean, introduced: number): Verdict {
  // No check at all is a failure, unless the edit removed the baseline's checks: that is what it introduced.
  if (checks.length === 0 && introduced === 0) return 'check-failed';
  if (checks.some((check) => check.status !== 'ok' && check.status !== 'deferred')) return 'check-failed';
  if (introduced === 0 && checks.some((check) => check.status === 'deferred')) return 'check-failed';
  if (stuck) return 'stuck';
  return introduced > 0 ? 'introduced' : 'clean';
}

export function exitCodeOf(verdict: Verdict): 0 | 1 | 2 | 3 {
  switch (verdict) {
    case 'clean':
      return 0;
    case 'introduced':
      return 1;
    case 'check-failed':
      return 2;
    case 'stuck':
      return 3;
  }
}

interface TriagedFindings {
  /** On the ladder's rung: shown, or withheld for where they are in the graph. */
  kept: readonly Finding[];
  belowRung: readonly Finding[];
  echoes: readonly Finding[];
}

type WithheldFindings = Record<WithheldReason, Finding[]>;

/** Each introduced finding not shown, by the reason it is withheld. */
function sortWithheld(
  { kept, belowRung, echoes }: TriagedFindings,
  shown: ReadonlySet<string>,
  roots: readonly RootUnit[],
  placeOf: (finding: Finding) => string | null = (finding) => finding.path,
): WithheldFindings {
  const kindOf = new Map<string, 'queued' | 'nonEditable'>();
  for (const root of roots) {
    const kind = !root.editable ? 'nonEditable' : root.selected ? undefined : 'queued';
    if (kind !== undefined) for (const file of root.files) kindOf.set(file, kind);
  }
  const parts: WithheldFindings = {
    downstream: [],
    queued: [],
    nonEditable: [],
    belowRung: [...belowRung],
    echoes: [...echoes],
  };
  for (const finding of kept) {
    if (shown.has(finding.fingerprint)) continue;
    const place = placeOf(finding);
    parts[(place === null ? undefined : kindOf.get(place)) ?? 'downstream'].push(finding);
  }
  return parts;
}

/** `traced`: how many echoes only the type checker's trace tells apart. */
function makeWithheld(parts: WithheldFindings, traced: number): Withheld {
  const all = [...parts.downstream, ...parts.queued, ...parts.nonEditable, ...parts.belowRung, ...parts.echoes];
  return {
    ...makeWithheldPart(all),
    reasons: {
      downstream: makeWithheldPart(parts.downstream),
      queued: makeWithheldPart(parts.queued),
      nonEditable: makeWithheldPart(parts.nonEditable),
      belowRung: makeWithheldPart(parts.belowRung),
      echoes: traced === 0 ? makeWithheldPart(parts.echoes) : { ...makeWithheldPart(parts.echoes), derived: traced },
    },
  };
}

function makeWithheldPart(findings: readonly Finding[]): WithheldPart {
  const files = new Set<string>();
  for (const finding of findings) if (finding.path !== null) files.add(finding.path);
  return { count: findings.length, files: [...files].sort(compareStrings) };
}

/** A finding as reports list it: its fields in the documented order, the anchor and the trace left out. */
export function makeShownFinding(finding: ShownFinding): ShownFinding {
  return orderBySchema(findingSchema, finding);
}

function makeReportRoot(root: RootUnit): ReportRoot {
  const { files, editable, selected, introduced, instruction, ring } = root;
  return { files, editable, selected, introduced, instruction, ring };
}

/** A check's run as reports (check's and the gate's) list it: without its findings. */
export function makeReportCheck(
  check: Pick<CheckRun, 'name' | 'status' | 'durationMs' | 'version' | 'error' | 'errorCode' | 'unchecked'>,
): ReportCheck {
  const { name, status, durationMs, version, error, errorCode, unchecked = [] } = check;
  const files = new Set(unchecked.flatMap((part) => part.paths)).size;
  return {
    name,
    status,
    durationMs,
    version,
    error,
    unchecked: unchecked.length === 0 ? undefined : { files, reasons: unchecked.map((part) => part.reason) },
    errorCode,
  };
}
