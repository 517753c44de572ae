/**
 * culprit's public library API. The core (fingerprints, attribution, ladder, frontier, session
 * decisions, rendering) is pure and usable without the CLI; `startTask`, `checkTask`, `gateTask`
 * and the baseline tasks are the same operations the CLI's commands run.
 */
export type { AnchoredDiagnostic, Diagnostic, Finding, Phase, Severity } from './diagnostic.js';
export { compareByPosition } from './diagnostic.js';
export { foldWhitespace, splitSourceLines } from './source-lines.js';
export { fingerprintFindings, hashFingerprint, isLocationComputed, makeAnchor, normalizeMessage } from './fingerprint.js';
export type { FingerprintParts } from './fingerprint.js';
export { attribute } from './attribute.js';
export type { Attribution, AttributeOptions, ResolvedFinding } from './attribute.js';
export { makeModuleGraph } from './graph/module-graph.js';
export type { ModuleGraph } from './graph/module-graph.js';
export { findComponents } from './graph/components.js';
export type { Components } from './graph/components.js';
export { findImportDistances } from './graph/distance.js';
export { applyLadder } from './triage/ladder.js';
export type { Ladder, Rung } from './triage/ladder.js';
export { findRoots, selectFrontier } from './triage/frontier.js';
export type { FindRootsInput, Frontier, Ring, RootUnit, SelectFrontierInput } from './triage/frontier.js';
export { isErrorTypeFinding, splitLintEchoes } from './triage/lint-echoes.js';
export type { LintEchoes } from './triage/lint-echoes.js';
export { makeEchoGroups } from './triage/echo-groups.js';
export type { EchoGroup } from './triage/echo-groups.js';
export { makeDeclarationFinder } from './triage/declarations.js';
export type { Declaration, DeclarationFinder } from './triage/declarations.js';
export { makeEditabilityClassifier, makeInstruction } from './triage/non-editable.js';
export type { Editability, EditabilityClassifier, NonEditableReason, NonEditableRule } from './triage/non-editable.js';
export { decideAttempt, makeAttemptRecord } from './session.js';
export type { AttemptDecision, AttemptRecord, AttemptState } from './session.js';
export { exitCodeOf, makeReport } from './report.js';
export type { MakeReportInput, Report, ReportCheck, ReportRoot, ShownFinding, Verdict, Withheld } from './report.js';
export { renderers, renderGithub, renderJson, renderSarif, renderText } from './render/index.js';
export type { FormatName, Renderer, RenderOptions } from './render/index.js';
export { renderGateSarif, renderSarifLog } from './render/sarif.js';
export type { SarifCheck, SarifInput } from './render/sarif.js';
export { renderGateGithub, renderGithubAnnotations } from './render/github.js';
export type { GithubInput } from './render/github.js';
export type { FindingState, FormatDetails, ListedFinding, StatedFinding } from './render/stated-findings.js';
export { makeServer as makeMcpServer } from './mcp/server.js';
export type { ServerOptions as McpServerOptions } from './mcp/server.js';
export { decideHook, answerHook } from './hooks/hook-decision.js';
export type { HookAgent, HookAnswer, HookDecision, HookTrigger } from './hooks/hook-decision.js';
export { hookAgents } from './hooks/agents.js';
export type { HookAgentName } from './hooks/agents.js';
export type {
  CargoOptions,
  CheckOutput,
  CheckRun,
  CheckStatus,
  CommandOptions,
  ImportRecord,
  MypyOptions,
  PyrightOptions,
  ResolvedCheck,
  RuffOptions,
} from './checks/check.js';
export { resolvePythonImports } from './checks/python-imports.js';
export type { PythonSource } from './checks/python-imports.js';
export { parseSarifLog } from './checks/sarif-log.js';
export type { SarifContext, SarifFindings } from './checks/sarif-log.js';
export { runCheck, runChecks } from './checks/run-check.js';
export { startTask, describeStart } from './task/start-task.js';
export type { StartResult } from './task/start-task.js';
export { checkTask } from './task/check-task.js';
export type { CheckResult, CheckTaskOptions } from './task/check-task.js';
export { gateTask } from './task/gate-task.js';
export type { GateResult } from './task/gate-task.js';
export { pruneBaselineTask, writeBaselineTask } from './task/baseline-task.js';
export type { BaselinePruneResult, BaselineWriteResult } from './task/baseline-task.js';
export { baselineFileName, makeBaselineFile, parseBaselineFile, serializeBaselineFile } from './baseline/baseline-file.js';
export type { BaselineCheck, BaselineEntry, BaselineFile } from './baseline/baseline-file.js';
export { exitCodeOfGate, makeGateReport } from './baseline/gate-report.js';
export type { AbsentFinding, GateCheck, GateInput, GateItem, GateReport, GateState, GateVerdict } from './baseline/gate-report.js';
export { pruneBaselineFile } from './baseline/prune-baseline-file.js';
export { gateRenderers, renderGateJson, renderGateText } from './baseline/gate-renderers.js';
export type { GateFormatName, GateRenderer } from './baseline/gate-renderers.js';
export type { TaskOptions } from './task/context.js';
export { isUserError } from './errors.js';
