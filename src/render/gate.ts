/**
 * Output formats of the gate's report, by name; adding one (SARIF, GitHub annotations) is adding
 * an entry here. The text is for a CI log: one line per finding that fails the gate, and what to
 * do about it.
 */
import { makeShownFinding } from '../core/report/report.js';
import { renderGateGithub } from './github.js';
import { formatNames, type FormatName } from './format-names.js';
import { renderGateSarif } from './sarif.js';
import type { AbsentFinding, GateItem, GateReport } from '../core/gate/gate-report.js';
import { countOf, describeFailedChecks } from './wording.js';
import { escapeControls } from './escape-controls.js';

export type GateRenderer = (report: GateReport) => string;

/** The gate speaks the same formats as check. */
export type GateFormatName = FormatName;

export const gateRenderers: Readonly<Record<GateFormatName, GateRenderer>> = {
  text: renderGateText,
  json: renderGateJson,
  sarif: renderGateSarif,
  github: renderGateGithub,
};

export const gateFormatNames: readonly GateFormatName[] = formatNames;

export function renderGateText(report: GateReport): string {
  const lines: string[] = [];
  const newItems = report.items.filter((item) => item.state === 'new');
  const absent = report.items.filter((item) => item.state === 'absent');
  const prune = `run \`culprit baseline --prune\` and commit ${report.file}, so they cannot come back unnoticed`;
  switch (report.verdict) {
    case 'check-failed': {
      lines.push(
        `culprit gate: NOT a result: ${describeFailedChecks(report.checks)}. Fix that and run culprit gate again.`,
      );
      break;
    }
    case 'new-findings':
      lines.push(
        `culprit gate: FAILED: ${countOf(newItems.length, 'finding')} ${newItems.length === 1 ? 'is' : 'are'} not allowed by ${report.file} (standing debt may shrink, never grow).`,
      );
      break;
    case 'stale-baseline':
      lines.push(
        `culprit gate: FAILED: ${report.file} lists ${countOf(absent.length, 'finding')} that no longer ${absent.length === 1 ? 'exists' : 'exist'}: ${prune}.`,
      );
      break;
    case 'pass':
      lines.push(`culprit gate: passed: ${describeTotal(report)}.`);
      break;
  }
  for (const note of report.notes) lines.push(`note: ${note}`);
  if (newItems.length > 0) {
    lines.push('', ...newItems.map(renderItem));
    lines.push(
      '',
      `Fix ${newItems.length === 1 ? 'it' : 'them'}; or, to accept ${newItems.length === 1 ? 'it' : 'them'} as debt, run \`culprit baseline --write\` and commit ${report.file} for review.`,
    );
  }
  if (absent.length > 0) {
    if (report.verdict !== 'stale-baseline')
      lines.push(
        '',
        `${report.file} also lists ${countOf(absent.length, 'finding')} that no longer ${absent.length === 1 ? 'exists' : 'exist'}: ${prune}.`,
      );
    lines.push('', ...absent.map(renderItem));
  }
  return escapeControls(`${lines.join('\n')}\n`);
}

export function renderGateJson(report: GateReport): string {
  const ordered = {
    verdict: report.verdict,
    file: report.file,
    counts: {
      new: report.counts.new,
      unchanged: report.counts.unchanged,
      absent: report.counts.absent,
      reanchored: report.counts.reanchored,
    },
    findings: report.items.map(makeJsonItem),
    renames: report.renames.map(({ from, to }) => ({ from, to })),
    checks: report.checks.map(({ name, status, durationMs, version, error }) => ({
      name,
      status,
      durationMs,
      version,
      error,
    })),
    notes: report.notes,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

function makeJsonItem(item: GateItem): Record<string, unknown> {
  if (item.state === 'absent') return { state: item.state, ...makeAbsentJson(item.finding) };
  const renamed = item.state === 'unchanged' && item.renamedFrom !== undefined ? { renamedFrom: item.renamedFrom } : {};
  const reanchored =
    item.state === 'unchanged' && item.reanchoredFrom !== undefined
      ? { reanchoredFrom: { path: item.reanchoredFrom.path, fingerprint: item.reanchoredFrom.fingerprint } }
      : {};
  return { state: item.state, ...makeShownFinding(item.finding), ...renamed, ...reanchored };
}

function makeAbsentJson(finding: AbsentFinding): Record<string, unknown> {
  const { tool, code, severity, path, message, fingerprint } = finding;
  return { tool, code, severity, path, message, fingerprint };
}

function renderItem(item: GateItem): string {
  const { finding } = item;
  if (item.state === 'absent')
    return `${finding.path ?? '(no file)'} ${finding.severity} ${finding.code} ${finding.message} (no longer found)`;
  const where =
    item.finding.path === null ? '(no file)' : `${item.finding.path}:${item.finding.line}:${item.finding.column}`;
  return `${where} ${finding.severity} ${finding.code} ${finding.message}`;
}

function describeTotal(report: GateReport): string {
  const total = report.counts.unchanged;
  if (total === 0) return `no findings, and ${report.file} lists none`;
  const perCheck = new Map<string, number>();
  for (const item of report.items) perCheck.set(item.finding.tool, (perCheck.get(item.finding.tool) ?? 0) + 1);
  const parts = [...perCheck].map(([name, count]) => `${name}: ${count}`).join(', ');
  return `${countOf(total, 'finding')}, all allowed by ${report.file} (${parts})`;
}
