/**
 * Attempt pricing: how many more attempts, and seconds, the task needs to reach clean at the
 * rate this repository's ledger shows roots being fixed, and whether that fits the budget.
 * Pure: the ledger's tasks and this attempt's report in, the projection and its wording out.
 */
import type { Projection, Report } from '../report/report.js';
import type { LedgerEntry } from './ledger-entry.js';

export interface Budget {
  attempts: number | null;
  seconds: number | null;
}

export interface ProjectInput {
  /** Recent tasks' entries (this task's earlier attempts included), each task's in attempt order. */
  history: readonly (readonly LedgerEntry[])[];
  report: Report;
  budget: Budget;
  /** Seconds since the task began, this attempt included. */
  elapsedSeconds: number;
  /** This attempt's own check time, the cost per attempt before anything is measured. */
  attemptMs: number;
}

export interface Priced {
  projection: Projection;
  /** Roots fixed per attempt and seconds per attempt, as measured (or assumed: 1 root, this attempt's time). */
  rate: { rootsPerAttempt: number; secondsPerAttempt: number; measured: boolean };
  /** The line for the payload, only when over budget. */
  note?: string;
}

export function projectAttempts(input: ProjectInput): Priced {
  const { report, budget } = input;
  const rate = measureRate(input.history, input.attemptMs);
  const clean = report.verdict === 'clean';
  const roots = Math.max(1, report.roots.length);
  const attemptsLeft = clean ? 0 : rate.rootsPerAttempt === 0 ? null : Math.ceil(roots / rate.rootsPerAttempt);
  const secondsLeft = attemptsLeft === null ? null : Math.round(attemptsLeft * rate.secondsPerAttempt);
  const overAttempts =
    budget.attempts !== null && (attemptsLeft === null || report.attempt + attemptsLeft > budget.attempts);
  const overSeconds =
    budget.seconds !== null && (secondsLeft === null || input.elapsedSeconds + secondsLeft > budget.seconds);
  const overBudget = !clean && (overAttempts || overSeconds);
  const projection = { attemptsLeft, secondsLeft, overBudget };
  return overBudget ? { projection, rate, note: describeOverBudget(input, projection, rate) } : { projection, rate };
}

/**
 * Roots fixed per attempt: over every pair of consecutive attempts recorded, the files shown at
 * the first whose shown findings were all gone at the second. Seconds per attempt: the median of
 * each attempt's check time plus the agent's time before it.
 */
function measureRate(history: ProjectInput['history'], attemptMs: number): Priced['rate'] {
  let pairs = 0;
  let fixed = 0;
  const costs: number[] = [];
  for (const entries of history) {
    entries.forEach((entry, index) => {
      if (entry.agentMs !== null) costs.push((entry.checkMs + entry.agentMs) / 1000);
      const next = entries[index + 1];
      if (next === undefined) return;
      pairs += 1;
      fixed += countFixedFiles(entry, next);
    });
  }
  const measured = pairs > 0;
  return {
    rootsPerAttempt: measured ? fixed / pairs : 1,
    secondsPerAttempt: costs.length > 0 ? median(costs) : attemptMs / 1000,
    measured,
  };
}

export function countFixedFiles(entry: LedgerEntry, next: LedgerEntry): number {
  const notGone = new Set([...next.stalled, ...next.unknown]);
  const files = new Map<string | null, boolean>();
  for (const finding of entry.shown) files.set(finding.p, (files.get(finding.p) ?? true) && !notGone.has(finding.f));
  return [...files.values()].filter(Boolean).length;
}

function describeOverBudget(input: ProjectInput, projection: Projection, rate: Priced['rate']): string {
  const { budget, report } = input;
  const measuredAs = rate.measured
    ? `at this repository's measured rate (${round(rate.rootsPerAttempt)} root${rate.rootsPerAttempt === 1 ? '' : 's'} fixed per attempt, ${round(rate.secondsPerAttempt)} s per attempt)`
    : `assuming one root fixed per attempt (nothing measured yet) at ${round(rate.secondsPerAttempt)} s per attempt`;
  const needs =
    projection.attemptsLeft === null
      ? 'no root has been fixed in the attempts measured, so clean is not in sight'
      : `clean needs about ${projection.attemptsLeft} more attempt${projection.attemptsLeft === 1 ? '' : 's'} (~${projection.secondsLeft} s)`;
  const left = [
    ...(budget.attempts === null
      ? []
      : [`${Math.max(0, budget.attempts - report.attempt)} of ${budget.attempts} attempts`]),
    ...(budget.seconds === null
      ? []
      : [`${Math.max(0, Math.round(budget.seconds - input.elapsedSeconds))} of ${budget.seconds} s`]),
  ].join(' and ');
  return `over budget: ${measuredAs}, ${needs}; the budget leaves ${left}. A harness may stop here rather than spend the rest.`;
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** The nearest-rank quantile (p90 of ten values is the ninth), so each figure is a value that occurred. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
