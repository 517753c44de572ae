/**
 * One attempt of a task, as the ledger keeps it: what each check cost and found, what the agent
 * was shown, what it changed, and what became of the previous attempt's shown findings. Pure:
 * made from the report and the attribution the check already has, plus the previous entry.
 */
import type { Attribution } from '../attribute.js';
import type { Finding } from '../diagnostic.js';
import type { Report, WithheldReason } from '../report/report.js';

/** Shown findings, changed files and stalled fingerprints beyond this many per attempt are counted, not listed. */
export const maxListed = 200;

export interface LedgerCheck {
  name: string;
  status: string;
  durationMs: number;
  /** Every finding the check reported on the checked tree. */
  raw: number;
  /** Of those, in the baseline too. */
  standing: number;
  introduced: number;
  shown: number;
  withheld: Record<WithheldReason, number>;
  /** Raw findings with no line or no column (about no file, or a position the tool did not give). */
  unlocated: number;
}

export interface LedgerShown {
  /** Fingerprint. */
  f: string;
  /** The check that reported it. */
  c: string;
  /** Its file, or null. */
  p: string | null;
}

export interface LedgerEntry {
  version: 1;
  task: string;
  attempt: number;
  /** When the attempt's checks started and when the attempt was recorded (ISO). */
  startedAt: string;
  at: string;
  verdict: Report['verdict'];
  /** The checked tree's identity (a git tree id), for the next attempt's diff; null outside git. */
  tree: string | null;
  /** Wall time of the whole check (checks, attribution, triage). */
  checkMs: number;
  /** Since the previous attempt was recorded (or the task started): the agent's own time; null when unknown. */
  agentMs: number | null;
  /** Characters of the text payload. */
  payloadChars: number;
  /** Root units found. */
  roots: number;
  shown: LedgerShown[];
  shownCount: number;
  /** Files changed since the previous attempt (since the baseline, at the first). */
  changed: string[];
  changedCount: number;
  /**
   * A content hash of each file that differs from the baseline now (`deleted` for one that is
   * gone), so the next attempt finds what changed since this one without asking git; absent
   * when there are more than `maxListed`.
   */
  edited?: Record<string, string>;
  /**
   * The files of the instructions this attempt showed (a non-editable root: regenerate it,
   * upgrade the package): shown too, though no finding in them was. Absent when there were none,
   * and in entries written before culprit kept them.
   */
  instructed?: string[] | undefined;
  /** Of `changed`, the files no earlier attempt of the task showed a finding or an instruction about. */
  outside: string[];
  /** The previous attempt's shown fingerprints that are still introduced now; the others are fixed or unknown. */
  stalled: string[];
  /** The previous attempt's shown fingerprints whose check did not run now (deferred): neither fixed nor stalled. */
  unknown: string[];
  checks: LedgerCheck[];
  /** Only in a debt campaign's attempt: its targets, and the fixed ones by rule (since the campaign began). */
  debt?: LedgerDebt | undefined;
  /**
   * Only when the attempt tried to reach clean by switching a check off: the introduced findings
   * about checking by kind (suppressions added, files no longer checked, settings relaxed, checks
   * removed) and how many findings suppressions silenced.
   */
  silencing?: LedgerSilencing | undefined;
}

export interface LedgerSilencing {
  suppression: number;
  coverage: number;
  weakened: number;
  'check-removed': number;
  silenced: number;
}

/** A debt campaign's targets at one attempt. */
export interface LedgerDebt {
  total: number;
  resolved: number;
  remaining: number;
  /** Rule (a finding's `code`) → targets of that rule gone. */
  fixedByRule: Record<string, number>;
}

export interface MakeLedgerEntryInput {
  task: string;
  report: Report;
  attribution: Attribution;
  /** The withheld findings by reason, as the report counted them. */
  withheld: Readonly<Record<WithheldReason, readonly Finding[]>>;
  /** Each check's raw findings on the checked tree. */
  raw: ReadonlyMap<string, readonly { line: number; column: number }[]>;
  previous: readonly LedgerEntry[];
  changed: readonly string[];
  edited?: Record<string, string>;
  tree: string | null;
  startedAt: number;
  endedAt: number;
  /** When the task began (ms), for the first attempt's agent time; undefined when unknown. */
  taskStartedAt?: number;
  payloadChars: number;
  /** A debt campaign's targets at this attempt. */
  debt?: LedgerDebt | undefined;
}

const reasons: readonly WithheldReason[] = ['downstream', 'queued', 'nonEditable', 'belowRung', 'echoes'];

export function makeLedgerEntry(input: MakeLedgerEntryInput): LedgerEntry {
  const { report, attribution, previous } = input;
  const last = previous.at(-1);
  // Obeying an instruction (regenerating the file it names) is not straying from what was shown.
  const everShown = new Set(
    previous.flatMap((entry) => [...entry.shown.map((finding) => finding.p), ...(entry.instructed ?? [])]),
  );
  const instructed = listInstructedFiles(report);
  const introduced = new Set(attribution.introduced.map((finding) => finding.fingerprint));
  const ran = new Set(report.checks.filter((check) => check.status === 'ok').map((check) => check.name));
  const lastShown = last?.shown ?? [];
  const changed = [...input.changed].sort();
  const agentSince = last === undefined ? input.taskStartedAt : Date.parse(last.at);
  return {
    version: 1,
    task: input.task,
    attempt: report.attempt,
    startedAt: new Date(input.startedAt).toISOString(),
    at: new Date(input.endedAt).toISOString(),
    verdict: report.verdict,
    tree: input.tree,
    checkMs: Math.round(input.endedAt - input.startedAt),
    agentMs:
      agentSince === undefined || Number.isNaN(agentSince)
        ? null
        : Math.max(0, Math.round(input.startedAt - agentSince)),
    payloadChars: input.payloadChars,
    roots: report.roots.length,
    shown: report.shown
      .slice(0, maxListed)
      .map((finding) => ({ f: finding.fingerprint, c: finding.tool, p: finding.path })),
    shownCount: report.shown.length,
    changed: changed.slice(0, maxListed),
    changedCount: changed.length,
    edited: input.edited,
    instructed: instructed.length === 0 ? undefined : instructed,
    outside: changed.filter((path) => !everShown.has(path)).slice(0, maxListed),
    stalled: lastShown.filter((finding) => ran.has(finding.c) && introduced.has(finding.f)).map((finding) => finding.f),
    unknown: lastShown.filter((finding) => !ran.has(finding.c)).map((finding) => finding.f),
    checks: report.checks.map((check) => {
      const raw = input.raw.get(check.name) ?? [];
      const count = (findings: readonly { tool: string }[]) =>
        findings.filter((finding) => finding.tool === check.name).length;
      return {
        name: check.name,
        status: check.status,
        durationMs: check.durationMs,
        raw: raw.length,
        standing: count(attribution.standing),
        introduced: count(attribution.introduced),
        shown: count(report.shown),
        withheld: Object.fromEntries(reasons.map((reason) => [reason, count(input.withheld[reason])])) as Record<
          WithheldReason,
          number
        >,
        unlocated: raw.filter((finding) => finding.line <= 0 || finding.column <= 0).length,
      };
    }),
    debt: input.debt,
    silencing: countSilencing(attribution.introduced, report.counts.silenced),
  };
}

/** The attempt's findings about checking by kind; undefined when it has none. */
function countSilencing(introduced: readonly Finding[], silenced: number): LedgerSilencing | undefined {
  const counts: LedgerSilencing = { suppression: 0, coverage: 0, weakened: 0, 'check-removed': 0, silenced };
  let any = silenced > 0;
  for (const finding of introduced) {
    if (finding.kind === undefined) continue;
    counts[finding.kind] += 1;
    any = true;
  }
  return any ? counts : undefined;
}

/** The files of the selected non-editable roots, whose instruction the payload always carries; sorted. */
function listInstructedFiles(report: Report): string[] {
  const files = report.roots
    .filter((root) => root.selected && root.instruction !== undefined)
    .flatMap((root) => root.files);
  return [...new Set(files)].sort().slice(0, maxListed);
}

/** One task's ledger: its attempts, as stored (state/ledger-store.ts). */
export interface LedgerTask {
  version: 1;
  id: string;
  /** The task's work tree (a hash of its root), so tasks of several work trees stay apart. */
  workTree: string;
  /** When the task began (ISO): `culprit start`, or the first check against its baseline. */
  startedAt: string;
  /** `debt`: a debt campaign (`culprit debt`), whose task is standing findings; absent for an agent's task. */
  kind?: 'debt' | undefined;
  entries: LedgerEntry[];
}
