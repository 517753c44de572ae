/**
 * culprit's public library API: the operations the CLI's commands run (start, check, fix, debt,
 * gate, the ratchet file, stats), the report and verdict they return, the renderers that turn a report
 * into text for an agent or a CI system, the MCP server, and the agent hooks' decision. Kept
 * small and stable; the pure core's pieces (fingerprints, graph, ladder, frontier) and the check
 * runners are in src/internal.ts, which makes no promise.
 */

// The tasks: each resolves its settings from `cwd` (culprit.config.json or detection) and
// returns data, no wording.
export { startTask } from './tasks/start-task.js';
export type { StartResult } from './tasks/start-task.js';
export { checkTask } from './tasks/check-task.js';
export type { CheckResult, CheckTaskOptions } from './tasks/check-task.js';
export { fixTask } from './tasks/fix-task.js';
export type { FixResult, FixTaskOptions } from './tasks/fix-task.js';
export type { FixPlan, FixSource, PlannedFix, SkippedFix } from './core/fix/fix-plan.js';
export { gateTask } from './tasks/gate-task.js';
export type { GateResult } from './tasks/gate-task.js';
export { publishBaselineTask } from './tasks/publish-task.js';
export type { PublishOptions, PublishResult } from './tasks/publish-task.js';
export { pruneBaselineTask, writeBaselineTask } from './tasks/baseline-task.js';
export type { BaselinePruneResult, BaselineWriteResult } from './tasks/baseline-task.js';
export { debtCheckTask, debtStartTask } from './tasks/debt-task.js';
export type { DebtStartOptions, DebtStartResult } from './tasks/debt-task.js';
export { statsTask } from './tasks/stats-task.js';
export type { StatsTaskOptions } from './tasks/stats-task.js';
export type { TaskOptions } from './tasks/context.js';
// What tasks say in codes (notes, check errors, stderr notices); render/ words them, as describeNote does.
export type { CheckErrorCode, CodedNote, ReportNote } from './core/report/report-codes.js';
export type { NoticeSink, TaskNotice } from './core/task-notice.js';

// What the tasks return: the check report and its verdict, the gate report and its verdict,
// the findings they list, and the ledger's stats.
export { exitCodeOf } from './core/report/report.js';
export type {
  Projection,
  Report,
  ReportCheck,
  ReportRoot,
  ShownFinding,
  Verdict,
  Withheld,
  WithheldReason,
} from './core/report/report.js';
export { exitCodeOfGate } from './core/gate/gate-report.js';
export type { AbsentFinding, GateItem, GateReport, GateState, GateVerdict } from './core/gate/gate-report.js';
export type { RatchetCheck, RatchetEntry, RatchetFile } from './core/gate/ratchet-file.js';
// The ratchet file's types under their former names, for code written against them.
export type {
  RatchetCheck as BaselineCheck,
  RatchetEntry as BaselineEntry,
  RatchetFile as BaselineFile,
} from './core/gate/ratchet-file.js';
export type { AnchoredDiagnostic, Diagnostic, Finding, Phase, Severity } from './core/diagnostic.js';
export type { CampaignStats, CheckStats, LedgerStats, RuleStats, TaskStats } from './core/ledger/ledger-stats.js';

// The checks a configuration lists, as resolved, and what each run reports.
export type { CheckRun, CheckStatus, ResolvedCheck } from './checks/check.js';
export type { TscOptions } from './checks/tsc/index.js';
export type { EslintOptions } from './checks/eslint/index.js';
export type { PyrightOptions } from './checks/pyright/index.js';
export type { MypyOptions } from './checks/mypy/index.js';
export type { RuffOptions } from './checks/ruff/index.js';
export type { CargoOptions } from './checks/cargo/index.js';
export type { CommandOptions } from './checks/sarif/index.js';

// The renderers: a report (or gate report) to text, JSON, SARIF or GitHub annotations, and
// the line `start` says.
export { renderers, renderGithub, renderJson, renderSarif, renderText } from './render/index.js';
export type { FormatName, Renderer, RenderOptions } from './render/index.js';
export type { FormatDetails } from './render/stated-findings.js';
export { gateRenderers, renderGateJson, renderGateText } from './render/gate.js';
export type { GateFormatName, GateRenderer } from './render/gate.js';
export { renderGateSarif } from './render/sarif.js';
export { renderGateGithub } from './render/github.js';
export { describeStart } from './render/start.js';
export { describeNote } from './render/report-notes.js';
export { describeTaskNotice } from './render/wording.js';
export { renderStatsJson, renderStatsText } from './render/stats.js';

// The MCP server (`culprit mcp` serves it over stdio).
export { makeServer as makeMcpServer } from './mcp/server.js';
export type { ServerOptions as McpServerOptions } from './mcp/server.js';

// Agent hooks: the policy (block, inform, pass) and each agent's way of saying it.
export { answerHook, decideHook } from './hooks/hook-decision.js';
export type { HookAgent, HookAnswer, HookDecision, HookTrigger } from './hooks/hook-decision.js';
export { hookAgents } from './hooks/agents.js';
export type { HookAgentName } from './hooks/agents.js';

// Errors: a user error (configuration, usage, a check that could not run) is culprit's exit 2.
export { isUserError } from './core/errors.js';

// Attribution on plain data, for a harness that runs its own tools: before and after findings
// in, introduced / resolved / standing out.
export { attribute } from './core/attribute.js';
export type { Attribution, AttributeOptions, ResolvedFinding } from './core/attribute.js';
