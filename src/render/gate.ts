/**
 * Output formats of the gate's report, by name; adding one (SARIF, GitHub annotations) is adding
 * an entry here. The text is for a CI log: one line per finding that fails the gate, and what to
 * do about it.
 */
import type { z } from 'zod';
import { gateReportSchema, type gateFindingSchema } from '../core/gate/gate-report-schema.js';
import { orderBySchema } from '../core/report/order-by-schema.js';
import { renderGateGithub } from './github.js';
import type { FormatName } from './format-names.js';
import { renderGateSarif } from './sarif.js';
import type { GateItem, GateReport } from '../core/gate/gate-report.js';
import { describeFailedChecks } from '../core/check-run.js';
import { countOf } from './wording.js';
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
  const json = orderBySchema(gateReportSchema, { ...report, findings: report.items.map(makeGateFinding) });
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** An item as the JSON report lists it: its state, then the finding's fields. */
function makeGateFinding(item: GateItem): z.input<typeof gateFindingSchema> {
  switch (item.state) {
    case 'new':
      return { ...item.finding, state: item.state };
    case 'unchanged':
      return { ...item.finding, state: item.state, renamedFrom: item.renamedFrom, reanchoredFrom: item.reanchoredFrom };
    case 'absent':
      return { ...item.finding, state: item.state };
  }
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
