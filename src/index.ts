/**
 * culprit's public library API. The core (fingerprints, attribution, ladder, frontier, session
 * decisions, rendering) is pure and usable without the CLI; `startTask`, `checkTask`, `gateTask`
 * and the baseline tasks are the same operations the CLI's commands run.
 */
export type { AnchoredDiagnostic, Diagnostic, Finding, Phase, Severity } from './core/diagnostic.js';
export { compareByPosition } from './core/diagnostic.js';
export { foldWhitespace, splitSourceLines } from './core/identity/source-lines.js';
export { fingerprintFindings, hashFingerprint, isLocationComputed, makeAnchor, normalizeMessage } from './core/identity/fingerprint.js';
export type { FingerprintParts } from './core/identity/fingerprint.js';
export { attribute } from './core/attribute.js';
export type { Attribution, AttributeOptions, ResolvedFinding } from './core/attribute.js';
export { makeModuleGraph } from './core/graph/module-graph.js';
export type { ModuleGraph } from './core/graph/module-graph.js';
export { findComponents } from './core/graph/components.js';
export type { Components } from './core/graph/components.js';
export { findImportDistances } from './core/graph/distance.js';
export { applyLadder } from './core/triage/ladder.js';
export type { Ladder, Rung } from './core/triage/ladder.js';
export { findRoots, selectFrontier } from './core/triage/frontier.js';
export type { FindRootsInput, Frontier, Ring, RootUnit, SelectFrontierInput } from './core/triage/frontier.js';
export { isErrorTypeFinding, splitLintEchoes } from './core/triage/lint-echoes.js';
export type { LintEchoes } from './core/triage/lint-echoes.js';
export { makeEchoGroups } from './core/triage/echo-groups.js';
export type { EchoGroup } from './core/triage/echo-groups.js';
export { makeDeclarationFinder } from './core/triage/declarations.js';
export type { Declaration, DeclarationFinder } from './core/triage/declarations.js';
export { makeEditabilityClassifier, makeInstruction } from './core/triage/non-editable.js';
export type { Editability, EditabilityClassifier, NonEditableReason, NonEditableRule } from './core/triage/non-editable.js';
export { decideAttempt, makeAttemptRecord } from './core/report/attempts.js';
export type { AttemptDecision, AttemptRecord, AttemptState } from './core/report/attempts.js';
export { exitCodeOf, makeReport } from './core/report/report.js';
export type { MakeReportInput, Report, ReportCheck, ReportRoot, ShownFinding, Verdict, Withheld } from './core/report/report.js';
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
export { resolvePythonImports } from './checks/python/imports.js';
export type { PythonSource } from './checks/python/imports.js';
export { parseSarifLog } from './checks/sarif/log.js';
export type { SarifContext, SarifFindings } from './checks/sarif/log.js';
export { runCheck, runChecks } from './checks/runner/run-check.js';
export { startTask } from './tasks/start-task.js';
export { describeStart } from './render/start.js';
export type { StartResult } from './tasks/start-task.js';
export { checkTask } from './tasks/check-task.js';
export type { CheckResult, CheckTaskOptions } from './tasks/check-task.js';
export { gateTask } from './tasks/gate-task.js';
export type { GateResult } from './tasks/gate-task.js';
export { pruneBaselineTask, writeBaselineTask } from './tasks/baseline-task.js';
export type { BaselinePruneResult, BaselineWriteResult } from './tasks/baseline-task.js';
export { baselineFileName, makeBaselineFile, serializeBaselineFile } from './core/gate/baseline-file.js';
export { parseBaselineFile } from './config/baseline-file.js';
export type { BaselineCheck, BaselineEntry, BaselineFile } from './core/gate/baseline-file.js';
export { exitCodeOfGate, makeGateReport } from './core/gate/gate-report.js';
export type { AbsentFinding, GateInput, GateItem, GateReport, GateState, GateVerdict } from './core/gate/gate-report.js';
export { pruneBaselineFile } from './core/gate/prune-baseline-file.js';
export { gateRenderers, renderGateJson, renderGateText } from './render/gate.js';
export type { GateFormatName, GateRenderer } from './render/gate.js';
export type { TaskOptions } from './tasks/context.js';
export { isUserError } from './core/errors.js';
