/**
 * GitHub Actions workflow commands: one `::error`/`::warning` annotation per shown finding, so a
 * pull request shows the root causes on the lines that hold them, then the instructions of
 * non-editable roots, then one summary line. Values are escaped as the Actions runner expects:
 * `%`, CR and LF everywhere, and `:` and `,` inside properties as well.
 */
import type { GateReport } from '../core/gate/gate-report.js';
import type { Report } from '../core/report/report.js';
import type { FormatDetails, ListedFinding } from './stated-findings.js';
import { describeFailedChecks } from '../core/check-run.js';
import { countOf } from './wording.js';
import { wordCheck } from './report-notes.js';
import { describeCheckingFinding } from './checking.js';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface GithubInput {
  /** The findings to annotate, in order. */
  findings: readonly ListedFinding[];
  /** Lines to say after the findings, such as instructions and the summary. */
  messages: readonly { level: AnnotationLevel; message: string }[];
  /** Check name → the file that configures it, for findings about no file. */
  configFiles?: ReadonlyMap<string, string>;
}

export function renderGithub(report: Report, options: FormatDetails = {}): string {
  const instructions = report.roots
    .filter((root) => root.selected && root.instruction !== undefined)
    .map((root) => ({ level: 'error' as const, message: root.instruction! }));
  return renderGithubAnnotations({
    findings: report.shown,
    messages: [...instructions, summarizeReport(report)],
    configFiles: options.configFiles,
  });
}

/** The gate: every finding the ratchet file does not allow, then the verdict. */
export function renderGateGithub(report: GateReport): string {
  const findings = report.items.flatMap((item) => (item.state === 'new' ? [item.finding] : []));
  return renderGithubAnnotations({ findings, messages: [summarizeGate(report)] });
}

export function renderGithubAnnotations(input: GithubInput): string {
  const lines = [
    ...input.findings.map((finding) => renderFindingAnnotation(finding, input.configFiles)),
    ...input.messages.map(({ level, message }) => renderCommand(level, [['title', 'culprit']], message)),
  ];
  return lines.map((line) => `${line}\n`).join('');
}

function renderFindingAnnotation(finding: ListedFinding, configFiles: ReadonlyMap<string, string> | undefined): string {
  const file = finding.path ?? configFiles?.get(finding.tool);
  const properties: [string, string | number][] = [];
  if (file !== undefined) properties.push(['file', file]);
  if (finding.path !== null && finding.line !== undefined && finding.line >= 1) {
    properties.push(['line', finding.line]);
    // The runner takes columns only on single-line annotations.
    const singleLine = finding.endLine === undefined || finding.endLine === finding.line;
    if (singleLine && finding.column !== undefined && finding.column >= 1) properties.push(['col', finding.column]);
    if (finding.endLine !== undefined) properties.push(['endLine', finding.endLine]);
    if (singleLine && finding.endColumn !== undefined) properties.push(['endColumn', finding.endColumn]);
  }
  properties.push(['title', `${finding.tool} ${finding.code}`]);
  const message = finding.kind === undefined ? finding.message : capitalise(describeCheckingFinding(finding));
  return renderCommand(finding.severity, properties, message);
}

function renderCommand(
  level: AnnotationLevel,
  properties: readonly [string, string | number][],
  message: string,
): string {
  const props = properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',');
  return `::${level}${props === '' ? '' : ` ${props}`}::${escapeData(message)}`;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One line for the job log: the verdict and every count, so nothing withheld reads as absent. */
function summarizeReport(report: Report): { level: AnnotationLevel; message: string } {
  const { introduced, resolved, standing } = report.counts;
  const rest = `${resolved} resolved; ${countOf(standing, 'standing finding')} ${standing === 1 ? 'predates' : 'predate'} this change and ${standing === 1 ? 'is' : 'are'} not annotated.`;
  switch (report.verdict) {
    case 'clean':
      return { level: 'notice', message: `no new findings; ${rest}` };
    case 'check-failed':
      return {
        level: 'error',
        message: `NOT a clean result: ${describeFailedChecks(report.checks.map(wordCheck))}. ${countOf(introduced, 'new finding')} from the checks that ran; ${rest}`,
      };
    case 'introduced':
    case 'stuck': {
      const lead =
        report.verdict === 'stuck'
          ? `stuck: the same ${countOf(introduced, 'finding')} as the previous attempt`
          : `this change introduced ${countOf(introduced, 'finding')}`;
      return {
        level: 'error',
        message: `${lead}; ${report.shown.length} annotated (root causes), ${report.withheld.count} withheld (likely echoes, later roots or warnings beside errors; --format sarif lists them); ${rest}`,
      };
    }
  }
}

function summarizeGate(report: GateReport): { level: AnnotationLevel; message: string } {
  const { file, counts } = report;
  const prune = `run culprit baseline --prune and commit ${file}`;
  switch (report.verdict) {
    case 'pass':
      return {
        level: 'notice',
        message: `gate passed: ${countOf(counts.unchanged, 'finding')}, all allowed by ${file}.`,
      };
    case 'check-failed':
      return { level: 'error', message: `gate: NOT a result: ${describeFailedChecks(report.checks)}.` };
    case 'stale-baseline':
      return {
        level: 'error',
        message: `gate failed: ${file} lists ${countOf(counts.absent, 'finding')} no longer found: ${prune}, so they cannot come back unnoticed.`,
      };
    case 'new-findings': {
      const stale =
        counts.absent === 0
          ? ''
          : ` ${file} also lists ${countOf(counts.absent, 'finding')} no longer found: ${prune}.`;
      return {
        level: 'error',
        message: `gate failed: ${countOf(counts.new, 'finding')} not allowed by ${file} (standing debt may shrink, never grow). Fix them, or accept them as debt with culprit baseline --write and commit ${file} for review.${stale}`,
      };
    }
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
