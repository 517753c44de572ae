/**
 * The gate: the absolute state of the work tree against the checked-in ratchet file. Unlike
 * `check`, which reads the delta, it asks whether every finding in the tree is one the file
 * allows. Every finding is classified by identity, so a fix and a break of the same rule in the
 * same file do not cancel out: the fixed one is absent and the new one is new.
 *
 * A file that is gone from the tree may have been renamed: its entries are fingerprinted again
 * under the path of a file the baseline does not know, and the pairing that explains the most
 * findings wins, one file to one file (as git pairs renames).
 *
 * An entry whose flagged line was edited since the commit the file records is found again
 * through the diff from that commit (core/reanchor.ts): its source line is looked up in the
 * file's text at the commit, and a finding of the same check, rule and message on a line that
 * line became is the entry's, not new.
 */
import type { z } from 'zod';
import { compareByPosition, compareStrings, type Finding } from '../diagnostic.js';
import type {
  absentFindingSchema,
  gateFindingSchema,
  gateReportSchema,
  gateVerdictSchema,
} from './gate-report-schema.js';
import { groupBy } from '../group-by.js';
import { fingerprintFindings, hashFingerprint, makeMessageKey } from '../identity/fingerprint.js';
import { isLineEdited, type LineMap } from '../identity/line-map.js';
import { foldWhitespace } from '../identity/source-lines.js';
import { makeMaskedMessageKey, makePairingState, pairStage, type AlongDiff } from '../reanchor.js';
import { makeReportCheck, type ReportCheck } from '../report/report.js';
import type { SnapshotCheck } from '../snapshot.js';
import { noFileKey, stripOccurrence, type RatchetEntry, type RatchetFile } from './ratchet-file.js';
import { applyCoveragePolicy, strictPolicy, type CoveragePolicy } from '../coverage/suppression-policy.js';
import { listSummaryScopes, summarizeStrength } from '../coverage/strength-summary.js';
import { listWeakenings } from '../coverage/weakening.js';

/** The verdicts and finding states, defined with the gate's JSON report (gate-report-schema.ts). */
export type GateVerdict = z.infer<typeof gateVerdictSchema>;
export type GateState = z.infer<typeof gateFindingSchema>['state'];

/** A finding the file lists but the tree no longer has, with its flagged source line as the file records it. */
export interface AbsentFinding extends Omit<z.infer<typeof absentFindingSchema>, 'state'> {
  anchor: string;
}

/** A finding with its state (gate-report-schema.ts says what `renamedFrom` and `reanchoredFrom` mean). */
export type GateItem =
  | { state: 'new'; finding: Finding }
  | {
      state: 'unchanged';
      finding: Finding;
      renamedFrom?: string | undefined;
      reanchoredFrom?: { path: string; fingerprint: string } | undefined;
    }
  | { state: 'absent'; finding: AbsentFinding };

/** The gate's report as makeGateReport builds it: the JSON report's fields, with its findings as items. */
export interface GateReport extends Omit<z.infer<typeof gateReportSchema>, 'findings' | 'checks'> {
  items: GateItem[];
  /** Each check's run, as `check`'s report lists them. */
  checks: ReportCheck[];
}

export interface GateInput {
  file: RatchetFile;
  fileName: string;
  /** The work tree's runs, anchored. */
  runs: readonly SnapshotCheck[];
  /** Whether a repository-relative path exists in the work tree. */
  exists: (path: string) => boolean;
  /** What the edit since the file's commit made of its entries' lines, for the files that need it (listGateReanchorPaths). */
  diff?: GateDiff | undefined;
  /** What a suppression or a relaxed setting is (culprit.config.json); strict by default. */
  policy?: CoveragePolicy | undefined;
}

/**
 * `mapped`: the line maps from the file's commit to the work tree, by the entries' path, and
 * those files' lines at the commit. `missing`: the file records a commit this repository does
 * not have (a shallow clone). `unrecorded`: the file records none (written by an older culprit,
 * or outside git). Without maps, identity alone decides.
 */
export type GateDiff =
  | { kind: 'mapped'; maps: ReadonlyMap<string, LineMap>; lines: ReadonlyMap<string, readonly string[]> }
  | { kind: 'missing'; commit: string }
  | { kind: 'unrecorded' };

interface Allowance {
  check: string;
  path: string;
  entry: RatchetEntry;
  /** Occurrences not matched yet. */
  remaining: number;
}

export function makeGateReport(input: GateInput): GateReport {
  const { file } = input;
  const runs = input.runs.map((run) => applyGatePolicy(run, file, input.policy ?? strictPolicy));
  const ran = runs.filter((run) => run.status === 'ok');
  const allowances = makeAllowances(file, new Set(runs.filter((run) => run.status !== 'ok').map((run) => run.name)));
  const current: Exclude<GateItem, { state: 'absent' }>[] = [];
  const unmatched: Finding[] = [];

  for (const run of ran) {
    // A setting below what the file records is a finding the file cannot allow.
    const recorded = file.checks[run.name]?.strength;
    const weakened =
      recorded === undefined || run.strength === undefined
        ? []
        : listWeakenings(
            { name: run.name, strength: listSummaryScopes(recorded) },
            { name: run.name, strength: listSummaryScopes(summarizeStrength(run.strength)) },
            new Map(),
            input.policy?.allowWeakening,
          );
    for (const finding of fingerprintFindings(weakened)) current.push({ state: 'new', finding });
    for (const finding of fingerprintFindings(run.diagnostics)) {
      const allowance = allowances.get(
        keyOf(run.name, finding.path ?? noFileKey, stripOccurrence(finding.fingerprint)),
      );
      if (allowance !== undefined && allowance.remaining > 0) {
        allowance.remaining -= 1;
        current.push({ state: 'unchanged', finding });
      } else {
        unmatched.push(finding);
      }
    }
  }

  const byPath = groupBy(allowances.values(), (allowance) => allowance.path);
  const renames = pairRenamedFiles(file, byPath, unmatched, input.exists);
  const stillNew: Finding[] = [];
  for (const finding of unmatched) {
    const from = finding.path === null ? undefined : renames.get(finding.path);
    const allowance = from === undefined ? undefined : findRenamedAllowance(byPath.get(from) ?? [], finding);
    if (from !== undefined && allowance !== undefined) {
      allowance.remaining -= 1;
      current.push({ state: 'unchanged', finding, renamedFrom: from });
    } else {
      stillNew.push(finding);
    }
  }
  const reanchored =
    input.diff?.kind === 'mapped'
      ? pairAlongDiff(input.diff, byPath, stillNew)
      : new Map<Finding, { path: string; fingerprint: string }>();
  for (const finding of stillNew) {
    const entry = reanchored.get(finding);
    current.push(
      entry === undefined ? { state: 'new', finding } : { state: 'unchanged', finding, reanchoredFrom: entry },
    );
  }
  current.sort((a, b) => compareByPosition(a.finding, b.finding));
  const items = [...current, ...[...allowances.values()].flatMap(makeAbsentItems)];

  const counts = { new: 0, unchanged: 0, absent: 0, reanchored: reanchored.size };
  for (const item of items) counts[item.state] += 1;
  return {
    verdict: decideGateVerdict(runs, counts),
    file: input.fileName,
    items,
    counts,
    renames: [...renames].map(([to, from]) => ({ from, to })).sort((a, b) => compareStrings(a.from, b.from)),
    checks: runs.map(makeReportCheck),
    notes: makeGateNotes(input, [...renames]),
  };
}

/**
 * A run as the gate compares it: suppression findings under the policy, and left out altogether
 * when the file predates them (it lists none, so every standing directive would read as new).
 */
function applyGatePolicy(run: SnapshotCheck, file: RatchetFile, policy: CoveragePolicy): SnapshotCheck {
  const diagnostics = applyCoveragePolicy(
    file.suppressions === true ? run.diagnostics : run.diagnostics.filter((finding) => finding.kind !== 'suppression'),
    policy,
  ).findings;
  return diagnostics.length === run.diagnostics.length && policy === strictPolicy
    ? run
    : { ...run, diagnostics, hashes: undefined };
}

export function exitCodeOfGate(verdict: GateVerdict): 0 | 1 | 2 {
  switch (verdict) {
    case 'pass':
      return 0;
    case 'new-findings':
    case 'stale-baseline':
      return 1;
    case 'check-failed':
      return 2;
  }
}

function decideGateVerdict(runs: readonly SnapshotCheck[], counts: GateReport['counts']): GateVerdict {
  if (runs.length === 0 || runs.some((run) => run.status !== 'ok')) return 'check-failed';
  if (counts.new > 0) return 'new-findings';
  return counts.absent > 0 ? 'stale-baseline' : 'pass';
}

/** Every entry of the file, except those of checks that failed: what they would find is unknown. */
function makeAllowances(file: RatchetFile, failed: ReadonlySet<string>): Map<string, Allowance> {
  const allowances = new Map<string, Allowance>();
  for (const [check, { files }] of Object.entries(file.checks)) {
    if (failed.has(check)) continue;
    for (const [path, entries] of Object.entries(files)) {
      for (const entry of entries)
        allowances.set(keyOf(check, path, entry.fingerprint), { check, path, entry, remaining: entry.count });
    }
  }
  return allowances;
}

/**
 * Where the diff since the file's commit could match entries with new findings: the files with
 * absent entries (`entries`) and those with new findings (`findings`), both empty unless there
 * are some of each; git pairs a file renamed from one to the other. Sorted.
 */
export function listGateReanchorPaths(report: GateReport): { entries: string[]; findings: string[] } {
  const pathsOf = (state: GateState) => {
    const paths = new Set<string>();
    for (const item of report.items)
      if (item.state === state && item.finding.path !== null && item.finding.anchor !== '')
        paths.add(item.finding.path);
    return [...paths].sort(compareStrings);
  };
  const entries = pathsOf('absent');
  const findings = entries.length === 0 ? [] : pathsOf('new');
  return findings.length === 0 ? { entries: [], findings: [] } : { entries, findings };
}

/**
 * Each new finding that is an entry's finding found again along the diff: an entry that still
 * has occurrences to match, whose source line is at the commit on a line the edit changed, and a
 * finding of the same check, rule and message (or one alike but for the text it quotes) on a line
 * that line became. Matched first with first, one occurrence each; the entry's allowance shrinks.
 */
function pairAlongDiff(
  diff: Extract<GateDiff, { kind: 'mapped' }>,
  byPath: ReadonlyMap<string, readonly Allowance[]>,
  findings: readonly Finding[],
): Map<Finding, { path: string; fingerprint: string }> {
  const paired = new Map<Finding, { path: string; fingerprint: string }>();
  for (const [from, map] of diff.maps) {
    const text = diff.lines.get(from)?.map(foldWhitespace);
    const current = findings.filter((finding) => finding.path === map.to && finding.anchor !== '' && finding.line >= 1);
    if (text === undefined || current.length === 0) continue;
    const occurrences: { allowance: Allowance; lines: number[] }[] = [];
    for (const allowance of byPath.get(from) ?? []) {
      if (allowance.remaining === 0 || allowance.entry.source === '') continue;
      const lines = findEditedLines(text, allowance.entry.source, map);
      for (let index = 0; index < allowance.remaining && lines.length > 0; index += 1)
        occurrences.push({ allowance, lines });
    }
    if (occurrences.length === 0) continue;
    const state = makePairingState(occurrences.length, current.length);
    const along: AlongDiff = {
      map,
      baseLines: (index) => occurrences[index]!.lines,
      currentLine: (index) => current[index]!.line,
    };
    const entryAsFinding = ({ allowance }: { allowance: Allowance }) => ({
      tool: allowance.check,
      code: allowance.entry.code,
      message: allowance.entry.message,
      anchor: allowance.entry.source,
    });
    pairStage(
      state,
      1,
      (index) => makeEntryMessageKey(entryAsFinding(occurrences[index]!)),
      (index) => makeEntryMessageKey(current[index]!),
      along,
    );
    pairStage(
      state,
      2,
      (index) => makeMaskedMessageKey(entryAsFinding(occurrences[index]!)),
      (index) => makeMaskedMessageKey(current[index]!),
      along,
    );
    state.current.forEach((index, findingIndex) => {
      if (index === -1) return;
      const { allowance } = occurrences[index]!;
      allowance.remaining -= 1;
      paired.set(current[findingIndex]!, { path: allowance.path, fingerprint: allowance.entry.fingerprint });
    });
  }
  return paired;
}

function makeEntryMessageKey(finding: { tool: string; code: string; message: string }): string {
  return makeMessageKey(finding.tool, finding.code, finding.message);
}

/** The 1-based lines whose folded text is `source` and that the edit changed. */
function findEditedLines(folded: readonly string[], source: string, map: LineMap): number[] {
  const lines: number[] = [];
  folded.forEach((line, index) => {
    if (line === source && isLineEdited(map, index + 1)) lines.push(index + 1);
  });
  return lines;
}

/**
 * New path → old path, for files the tree no longer has whose entries match findings in a file
 * the baseline does not list. Greedy by the number of findings explained, one to one.
 */
function pairRenamedFiles(
  file: RatchetFile,
  byPath: ReadonlyMap<string, readonly Allowance[]>,
  unmatched: readonly Finding[],
  exists: (path: string) => boolean,
): Map<string, string> {
  const listed = new Set(Object.values(file.checks).flatMap((check) => Object.keys(check.files)));
  const gone = [...byPath]
    .filter(
      ([path, allowances]) =>
        path !== noFileKey && allowances.some((allowance) => allowance.remaining > 0) && !exists(path),
    )
    .map(([path]) => path);
  const candidates = new Map<string, Finding[]>();
  for (const finding of unmatched) {
    if (finding.path === null || listed.has(finding.path)) continue;
    const list = candidates.get(finding.path);
    if (list === undefined) candidates.set(finding.path, [finding]);
    else list.push(finding);
  }
  const scored: { from: string; to: string; score: number }[] = [];
  for (const from of gone) {
    for (const [to, findings] of candidates) {
      const score = findings.filter(
        (finding) => findRenamedAllowance(byPath.get(from) ?? [], finding) !== undefined,
      ).length;
      if (score > 0) scored.push({ from, to, score });
    }
  }
  scored.sort((a, b) => b.score - a.score || compareStrings(a.from, b.from) || compareStrings(a.to, b.to));
  const pairs = new Map<string, string>();
  const usedFrom = new Set<string>();
  for (const { from, to } of scored) {
    if (usedFrom.has(from) || pairs.has(to)) continue;
    usedFrom.add(from);
    pairs.set(to, from);
  }
  return pairs;
}

/** The entry of the old file (`allowances`) that a finding in the renamed file matches, when it has room left. */
function findRenamedAllowance(allowances: readonly Allowance[], finding: Finding): Allowance | undefined {
  const hash = stripOccurrence(finding.fingerprint);
  for (const allowance of allowances) {
    if (allowance.check !== finding.tool || allowance.remaining === 0) continue;
    const { code, message, source } = allowance.entry;
    if (hashFingerprint({ tool: allowance.check, code, path: finding.path, message, anchor: source }) === hash)
      return allowance;
  }
  return undefined;
}

function makeAbsentItems(allowance: Allowance): GateItem[] {
  const { check, path, entry, remaining } = allowance;
  const items: GateItem[] = [];
  for (let occurrence = entry.count - remaining + 1; occurrence <= entry.count; occurrence++) {
    items.push({
      state: 'absent',
      finding: {
        tool: check,
        code: entry.code,
        severity: entry.severity,
        path: path === noFileKey ? null : path,
        message: entry.message,
        anchor: entry.source,
        fingerprint: `${entry.fingerprint}#${occurrence}`,
      },
    });
  }
  return items;
}

function makeGateNotes(input: GateInput, renames: readonly [string, string][]): string[] {
  const notes: string[] = [];
  for (const run of input.runs) {
    const recorded = input.file.checks[run.name]?.version;
    if (run.status === 'ok' && recorded != null && run.version !== null && recorded !== run.version) {
      notes.push(
        `${run.name} is ${run.version} here but ${input.fileName} was verified with ${recorded}; some findings may differ for that reason`,
      );
    }
  }
  if (
    input.file.suppressions !== true &&
    input.runs.some((run) => run.diagnostics.some((f) => f.kind === 'suppression'))
  )
    notes.push(
      `${input.fileName} was written before culprit read suppression directives, so they are not gated; \`culprit baseline --write\` records them`,
    );
  const configured = new Set(input.runs.map((run) => run.name));
  for (const check of Object.keys(input.file.checks).sort(compareStrings)) {
    if (!configured.has(check))
      notes.push(
        `${input.fileName} lists findings of ${check}, which is not configured here: they count as no longer existing`,
      );
  }
  if (input.diff?.kind === 'missing')
    notes.push(
      `${input.fileName} was written at commit ${input.diff.commit.slice(0, 12)}, which this clone does not have: a finding on a line edited since counts as new (fetch that commit, e.g. fetch-depth: 0, to match it through the diff)`,
    );
  if (input.diff?.kind === 'unrecorded')
    notes.push(
      `${input.fileName} records no commit (written by an older culprit): a finding on a line edited since counts as new; the next \`culprit baseline --write\` records one`,
    );
  for (const [to, from] of [...renames].sort((a, b) => compareStrings(a[1], b[1]))) {
    notes.push(
      `${from} was renamed to ${to}: its entries still apply; \`culprit baseline --prune\` records the new path`,
    );
  }
  return notes;
}

function keyOf(check: string, path: string, fingerprint: string): string {
  return `${check}\0${path}\0${fingerprint}`;
}
