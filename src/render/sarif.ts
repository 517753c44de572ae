/**
 * SARIF 2.1.0 for code scanning and other SARIF readers. Unlike the agent payload it lists every
 * finding of the attempt with its `baselineState` (new, unchanged, absent), so a reader can
 * filter as it likes, and it carries culprit's fingerprint as a partial fingerprint so results
 * keep their identity across line moves. One run per check; a check that did not complete says
 * so in its invocation, so an empty run is never mistaken for a clean one.
 */
import type { Location, Log, ReportingDescriptor, Result, Run } from 'sarif';
import { compareStrings } from '../core/diagnostic.js';
import type { GateReport } from '../core/gate/gate-report.js';
import { makeShownFinding, type Report, type ReportCheck } from '../core/report/report.js';
import { describeCheckError } from './report-notes.js';
import { listStatedFindings, type FormatDetails, type ListedFinding, type StatedFinding } from './stated-findings.js';

/** The key of culprit's fingerprint in `partialFingerprints`; versioned so a new scheme can sit beside it. */
export const fingerprintKey = 'culprit/v1';

/** Relative paths in the log are relative to the repository root, named by this base id. */
export const sourceRootId = '%SRCROOT%';

const schemaUri = 'https://json.schemastore.org/sarif-2.1.0.json';

export interface SarifCheck {
  name: string;
  version: string | null;
  /** Whether the check ran to completion; otherwise `error` says why not. */
  ok: boolean;
  error?: string;
}

export interface SarifInput {
  checks: readonly SarifCheck[];
  findings: readonly StatedFinding[];
  /**
   * Check name → repository-relative path of the file that configures it. Findings about no
   * file (compiler options, a broken config) are placed on it; without one they have no location.
   */
  configFiles?: ReadonlyMap<string, string>;
  /** Put in the log's property bag under `culprit`. */
  summary?: Record<string, unknown>;
}

export function renderSarif(report: Report, options: FormatDetails = {}): string {
  return renderSarifLog({
    checks: report.checks.map(makeSarifCheck),
    findings: listStatedFindings(report, options.attribution),
    configFiles: options.configFiles,
    summary: { verdict: report.verdict, attempt: report.attempt, counts: report.counts },
  });
}

/** The gate's findings against the checked-in ratchet file, each with its state. */
export function renderGateSarif(report: GateReport): string {
  return renderSarifLog({
    checks: report.checks.map(makeSarifCheck),
    findings: report.items.map((item) => ({
      finding: item.state === 'absent' ? item.finding : makeShownFinding(item.finding),
      state: item.state,
    })),
    summary: { verdict: report.verdict, baselineFile: report.file, counts: report.counts },
  });
}

function makeSarifCheck(check: Pick<ReportCheck, 'name' | 'status' | 'version' | 'error' | 'errorCode'>): SarifCheck {
  if (check.status === 'ok') return { name: check.name, version: check.version, ok: true };
  const error = describeCheckError(check);
  return {
    name: check.name,
    version: check.version,
    ok: false,
    error: `${check.name} ${check.status}${error === undefined ? '' : `: ${error}`}`,
  };
}

export function renderSarifLog(input: SarifInput): string {
  return `${JSON.stringify(makeLog(input), null, 2)}\n`;
}

function makeLog(input: SarifInput): Log {
  const byTool = new Map<string, StatedFinding[]>();
  for (const stated of input.findings) {
    const list = byTool.get(stated.finding.tool) ?? [];
    list.push(stated);
    byTool.set(stated.finding.tool, list);
  }
  // A finding whose tool is not among the checks still gets a run rather than vanishing.
  const checks = [...input.checks];
  for (const tool of byTool.keys()) {
    if (!checks.some((check) => check.name === tool)) checks.push({ name: tool, version: null, ok: true });
  }
  const log: Log = {
    $schema: schemaUri,
    version: '2.1.0',
    runs: checks.map((check) => makeRun(check, byTool.get(check.name) ?? [], input.configFiles)),
  };
  if (input.summary !== undefined) log.properties = { culprit: input.summary };
  return log;
}

function makeRun(
  check: SarifCheck,
  findings: readonly StatedFinding[],
  configFiles: ReadonlyMap<string, string> | undefined,
): Run {
  const ruleIds = [...new Set(findings.map((stated) => stated.finding.code))].sort(compareStrings);
  const ruleIndex = new Map(ruleIds.map((id, index) => [id, index]));
  const rules: ReportingDescriptor[] = ruleIds.map((id) => ({ id }));
  const configFile = configFiles?.get(check.name);
  return {
    tool: { driver: { name: check.name, version: check.version ?? undefined, rules } },
    invocations: [
      {
        executionSuccessful: check.ok,
        toolExecutionNotifications:
          check.ok || check.error === undefined
            ? undefined
            : [{ level: 'error' as const, message: { text: check.error } }],
      },
    ],
    columnKind: 'utf16CodeUnits',
    results: findings.map((stated) => makeResult(stated, ruleIndex.get(stated.finding.code)!, configFile)),
  };
}

function makeResult(
  { finding, state, shown }: StatedFinding,
  ruleIndex: number,
  configFile: string | undefined,
): Result {
  const location = makeLocation(finding, configFile);
  return {
    ruleId: finding.code,
    ruleIndex,
    level: finding.severity,
    message: { text: finding.message },
    locations: location === undefined ? undefined : [location],
    partialFingerprints: { [fingerprintKey]: finding.fingerprint },
    baselineState: state,
    properties: makeProperties(finding, shown),
  };
}

/**
 * The phase (config, syntax, semantic, lint), what a finding about checking is (`kind`: a
 * suppression, coverage, a weakened setting, a removed check) and, within a task, whether the
 * payload showed it.
 */
function makeProperties(finding: ListedFinding, shown: boolean | undefined): Result['properties'] {
  const { phase, kind } = finding;
  // A finding with none of them gets no properties bag; the JSON leaves out a key set to undefined.
  return phase === undefined && kind === undefined && shown === undefined ? undefined : { phase, kind, shown };
}

/**
 * A file finding points at its file and, when the tool gave a position, its region (SARIF lines
 * and columns are 1-based; an end column is the one after the region, as tsc and ESLint give it).
 */
function makeLocation(finding: ListedFinding, configFile: string | undefined): Location | undefined {
  const uri = finding.path ?? configFile;
  if (uri === undefined) return undefined;
  const artifactLocation = { uri: encodePath(uri), uriBaseId: sourceRootId };
  if (finding.path === null || finding.line === undefined || finding.line < 1)
    return { physicalLocation: { artifactLocation } };
  return {
    physicalLocation: {
      artifactLocation,
      region: {
        startLine: finding.line,
        startColumn: makeRegionPosition(finding.column),
        endLine: makeRegionPosition(finding.endLine),
        endColumn: makeRegionPosition(finding.endColumn),
      },
    },
  };
}

/** A repository-relative POSIX path as a relative URI reference: each segment percent-encoded. */
function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** A 1-based position, or undefined (left out of the log) when the tool gave none. */
function makeRegionPosition(position: number | undefined): number | undefined {
  return position !== undefined && position >= 1 ? position : undefined;
}
