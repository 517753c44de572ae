/**
 * `culprit stats`: the ledger summed up per task and per check. Pure: stored tasks in, the
 * figures out; docs/ledger.md says what each one means and how to read it.
 */
import { compareStrings } from '../diagnostic.js';
import { median, quantile } from './ledger-projection.js';
import type { LedgerEntry, LedgerTask } from './ledger-entry.js';

export interface TaskStats {
  id: string;
  /** `debt`: a debt campaign (`culprit debt`); `task`: an agent's task. */
  kind: 'task' | 'debt';
  attempts: number;
  outcome: 'clean' | 'stuck' | 'open';
  seconds: number;
  payloadChars: { median: number; p90: number };
  shown: { median: number; p90: number };
  editsOutsideShown: number;
  /** Attempts that added a suppression, narrowed or relaxed a check, or removed one (docs/checks.md). */
  silencingAttempts: number;
}

export interface CheckStats {
  name: string;
  runs: number;
  runtimeMs: { median: number; total: number };
  raw: number;
  standing: number;
  introduced: number;
  shown: number;
  fixedNextAttempt: number;
  /** standing / raw; null when the check found nothing. */
  falsePositiveRate: number | null;
  /** Share of raw findings with a line and a column; null when the check found nothing. */
  precision: number | null;
  /** fixedNextAttempt / shown; null when nothing of it was shown. */
  actionability: number | null;
  /** Share of the tasks' eventually fixed findings this check reported first; null when none was fixed. */
  firstToReport: number | null;
}

/** One debt campaign: how many of its targets are fixed, by rule. */
export interface CampaignStats {
  id: string;
  attempts: number;
  outcome: TaskStats['outcome'];
  targets: number;
  fixed: number;
  /** Rule (a finding's `code`) → targets of that rule fixed, most first. */
  fixedByRule: Record<string, number>;
}

/** Targets of one rule fixed across every campaign. */
export interface RuleStats {
  rule: string;
  fixed: number;
  /** Campaigns that fixed at least one of them. */
  campaigns: number;
}

export interface LedgerStats {
  tasks: TaskStats[];
  /** Agent tasks only: a campaign's shown findings are standing ones, which would read as each check's false positives. */
  checks: CheckStats[];
  debt: { campaigns: CampaignStats[]; rules: RuleStats[] };
}

/** Tasks that began at or after `since` (ms), oldest first. */
export function makeLedgerStats(tasks: readonly LedgerTask[], since?: number): LedgerStats {
  const kept = tasks.filter(
    (task) => task.entries.length > 0 && (since === undefined || Date.parse(task.startedAt) >= since),
  );
  const campaigns = kept.filter((task) => task.kind === 'debt').map(makeCampaignStats);
  return {
    tasks: kept.map(makeTaskStats),
    checks: makeCheckStats(kept.filter((task) => task.kind !== 'debt')),
    debt: { campaigns, rules: makeRuleStats(campaigns) },
  };
}

/** A campaign's figures are its last attempt's: what it fixed counts from its start. */
function makeCampaignStats(task: LedgerTask): CampaignStats {
  const { outcome, attempts } = makeTaskStats(task);
  const debt = task.entries.findLast((entry) => entry.debt !== undefined)?.debt;
  const byRule = Object.entries(debt?.fixedByRule ?? {}).sort(
    ([a, countA], [b, countB]) => countB - countA || compareStrings(a, b),
  );
  return {
    id: task.id,
    attempts,
    outcome,
    targets: debt?.total ?? 0,
    fixed: debt?.resolved ?? 0,
    fixedByRule: Object.fromEntries(byRule),
  };
}

function makeRuleStats(campaigns: readonly CampaignStats[]): RuleStats[] {
  const totals = new Map<string, RuleStats>();
  for (const campaign of campaigns)
    for (const [rule, fixed] of Object.entries(campaign.fixedByRule)) {
      const total = totals.get(rule) ?? { rule, fixed: 0, campaigns: 0 };
      totals.set(rule, { rule, fixed: total.fixed + fixed, campaigns: total.campaigns + (fixed > 0 ? 1 : 0) });
    }
  return [...totals.values()].sort((a, b) => b.fixed - a.fixed || compareStrings(a.rule, b.rule));
}

function makeTaskStats(task: LedgerTask): TaskStats {
  const { entries } = task;
  const last = entries.at(-1)!;
  const began = Math.min(Date.parse(task.startedAt), Date.parse(entries[0]!.startedAt));
  return {
    id: task.id,
    kind: task.kind ?? 'task',
    attempts: entries.length,
    outcome: last.verdict === 'clean' ? 'clean' : last.verdict === 'stuck' ? 'stuck' : 'open',
    seconds: round((Date.parse(last.at) - began) / 1000, 1),
    payloadChars: spread(entries.map((entry) => entry.payloadChars)),
    shown: spread(entries.map((entry) => entry.shownCount)),
    // The first attempt's changes are the task's own first edit, never outside what was shown.
    editsOutsideShown: entries.slice(1).reduce((sum, entry) => sum + entry.outside.length, 0),
    silencingAttempts: entries.filter((entry) => entry.silencing !== undefined).length,
  };
}

interface CheckTotals {
  runs: number;
  runtimes: number[];
  raw: number;
  standing: number;
  introduced: number;
  shown: number;
  fixed: number;
  located: number;
  first: number;
}

function makeCheckStats(tasks: readonly LedgerTask[]): CheckStats[] {
  const totals = new Map<string, CheckTotals>();
  const totalOf = (name: string) => {
    let total = totals.get(name);
    if (total === undefined)
      totals.set(
        name,
        (total = {
          runs: 0,
          runtimes: [],
          raw: 0,
          standing: 0,
          introduced: 0,
          shown: 0,
          fixed: 0,
          located: 0,
          first: 0,
        }),
      );
    return total;
  };
  let fixedAll = 0;
  for (const task of tasks) {
    for (const entry of task.entries) {
      for (const check of entry.checks) {
        const total = totalOf(check.name);
        if (check.status !== 'ok') continue;
        total.runs += 1;
        total.runtimes.push(check.durationMs);
        total.raw += check.raw;
        total.standing += check.standing;
        total.introduced += check.introduced;
        total.shown += check.shown;
        total.located += check.raw - check.unlocated;
      }
    }
    for (const fixed of listFixed(task.entries)) {
      fixedAll += 1;
      totalOf(fixed.check).fixed += 1;
      if (fixed.first) totalOf(fixed.check).first += 1;
    }
  }
  return [...totals].map(([name, total]) => ({
    name,
    runs: total.runs,
    runtimeMs: { median: median(total.runtimes), total: total.runtimes.reduce((sum, ms) => sum + ms, 0) },
    raw: total.raw,
    standing: total.standing,
    introduced: total.introduced,
    shown: total.shown,
    fixedNextAttempt: total.fixed,
    falsePositiveRate: ratio(total.standing, total.raw),
    precision: ratio(total.located, total.raw),
    actionability: ratio(total.fixed, total.shown),
    firstToReport: ratio(total.first, fixedAll),
  }));
}

/**
 * Each shown finding that was gone at the next attempt, with whether its check reported first:
 * no other check had shown a finding in the same file (or, for findings about no file, a
 * finding about no file) at an earlier attempt of the task.
 */
function listFixed(entries: readonly LedgerEntry[]): { check: string; first: boolean }[] {
  const firstSeen = new Map<string, Map<string, number>>();
  entries.forEach((entry, index) => {
    for (const finding of entry.shown) {
      const key = finding.p ?? '';
      const byCheck = firstSeen.get(key) ?? new Map<string, number>();
      if (!byCheck.has(finding.c)) byCheck.set(finding.c, index);
      firstSeen.set(key, byCheck);
    }
  });
  const fixed: { check: string; first: boolean }[] = [];
  entries.forEach((entry, index) => {
    const next = entries[index + 1];
    if (next === undefined) return;
    const notGone = new Set([...next.stalled, ...next.unknown]);
    for (const finding of entry.shown) {
      if (notGone.has(finding.f)) continue;
      const byCheck = firstSeen.get(finding.p ?? '')!;
      const mine = byCheck.get(finding.c)!;
      fixed.push({ check: finding.c, first: [...byCheck.values()].every((seen) => seen >= mine) });
    }
  });
  return fixed;
}

function spread(values: readonly number[]): { median: number; p90: number } {
  return { median: median(values), p90: quantile(values, 0.9) };
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : round(part / whole, 3);
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
