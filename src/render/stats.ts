/**
 * `culprit stats` as text (two tables and how to read them) and as JSON for dashboards, in the
 * documented key order. docs/ledger.md defines every figure.
 */
import type { LedgerStats } from '../core/ledger/ledger-stats.js';
import { countOf } from './wording.js';
import { escapeControls } from './escape-controls.js';

export function renderStatsJson(stats: LedgerStats): string {
  const ordered: LedgerStats = {
    tasks: stats.tasks.map((task) => ({
      id: task.id,
      kind: task.kind,
      attempts: task.attempts,
      outcome: task.outcome,
      seconds: task.seconds,
      payloadChars: { median: task.payloadChars.median, p90: task.payloadChars.p90 },
      shown: { median: task.shown.median, p90: task.shown.p90 },
      editsOutsideShown: task.editsOutsideShown,
      silencingAttempts: task.silencingAttempts,
    })),
    checks: stats.checks.map((check) => ({
      name: check.name,
      runs: check.runs,
      runtimeMs: { median: check.runtimeMs.median, total: check.runtimeMs.total },
      raw: check.raw,
      standing: check.standing,
      introduced: check.introduced,
      shown: check.shown,
      fixedNextAttempt: check.fixedNextAttempt,
      falsePositiveRate: check.falsePositiveRate,
      precision: check.precision,
      actionability: check.actionability,
      firstToReport: check.firstToReport,
    })),
    debt: {
      campaigns: stats.debt.campaigns.map((campaign) => ({
        id: campaign.id,
        attempts: campaign.attempts,
        outcome: campaign.outcome,
        targets: campaign.targets,
        fixed: campaign.fixed,
        fixedByRule: campaign.fixedByRule,
      })),
      rules: stats.debt.rules.map((rule) => ({ rule: rule.rule, fixed: rule.fixed, campaigns: rule.campaigns })),
    },
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

export function renderStatsText(stats: LedgerStats): string {
  if (stats.tasks.length === 0)
    return 'culprit stats: no attempts recorded in this repository yet; each culprit check adds one.\n';
  const attempts = stats.tasks.reduce((sum, task) => sum + task.attempts, 0);
  const lines = [
    `culprit stats: ${countOf(stats.tasks.length, 'task')}, ${countOf(attempts, 'attempt')} (oldest first).`,
    '',
  ];
  lines.push(
    ...renderTable(
      [
        'task',
        'kind',
        'attempts',
        'outcome',
        'seconds',
        'payload chars (median/p90)',
        'shown (median/p90)',
        'edits outside shown',
        'silencing attempts',
      ],
      stats.tasks.map((task) => [
        task.id,
        task.kind,
        String(task.attempts),
        task.outcome,
        String(task.seconds),
        `${task.payloadChars.median} / ${task.payloadChars.p90}`,
        `${task.shown.median} / ${task.shown.p90}`,
        String(task.editsOutsideShown),
        String(task.silencingAttempts),
      ]),
    ),
  );
  lines.push('');
  lines.push(
    ...renderTable(
      [
        'check',
        'runs',
        'ms median / total',
        'raw',
        'standing',
        'introduced',
        'shown',
        'fixed next',
        'false-positive',
        'precision',
        'actionability',
        'first to report',
      ],
      stats.checks.map((check) => [
        check.name,
        String(check.runs),
        `${check.runtimeMs.median} / ${check.runtimeMs.total}`,
        String(check.raw),
        String(check.standing),
        String(check.introduced),
        String(check.shown),
        String(check.fixedNextAttempt),
        percent(check.falsePositiveRate),
        percent(check.precision),
        percent(check.actionability),
        percent(check.firstToReport),
      ]),
    ),
  );
  lines.push('', ...stats.checks.map(describeWorth), ...renderDebt(stats.debt));
  lines.push('', 'What each figure means and how to read it: docs/ledger.md.');
  // Rule codes and check names come from the tools and the configuration.
  return escapeControls(`${lines.join('\n')}\n`);
}

/** One sentence per check: its share of the checks' seconds against what it gave the loop. */
function describeWorth(check: LedgerStats['checks'][number], index: number, checks: LedgerStats['checks']): string {
  const seconds = Math.round(check.runtimeMs.total / 100) / 10;
  const all = checks.reduce((sum, other) => sum + other.runtimeMs.total, 0);
  const cost = `${seconds} s over ${countOf(check.runs, 'run')}${checks.length > 1 && all > 0 ? ` (${percent(check.runtimeMs.total / all)} of the checks' time)` : ''}`;
  if (check.shown === 0) return `${check.name}: ${cost}, and nothing it found was ever shown to the agent.`;
  const first =
    check.firstToReport === null ? '' : `; it reported ${percent(check.firstToReport)} of the fixed findings first`;
  return `${check.name}: ${cost} for ${countOf(check.shown, 'shown finding')}, ${check.fixedNextAttempt} fixed at the next attempt (${percent(check.actionability)})${first}.`;
}

/** The debt campaigns' table and the fixed targets by rule; nothing when no campaign was checked. */
function renderDebt(debt: LedgerStats['debt']): string[] {
  if (debt.campaigns.length === 0) return [];
  return [
    '',
    ...renderTable(
      ['debt campaign', 'attempts', 'outcome', 'targets', 'fixed'],
      debt.campaigns.map((campaign) => [
        campaign.id,
        String(campaign.attempts),
        campaign.outcome,
        String(campaign.targets),
        String(campaign.fixed),
      ]),
    ),
    '',
    ...renderTable(
      ['rule', 'fixed', 'campaigns'],
      debt.rules.map((rule) => [rule.rule, String(rule.fixed), String(rule.campaigns)]),
    ),
  ];
}

function percent(value: number | null): string {
  return value === null ? '-' : `${Math.round(value * 1000) / 10}%`;
}

function renderTable(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = head.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index]!))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)];
}
