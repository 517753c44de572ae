/**
 * culprit's public library API. The core (fingerprints, attribution, ladder, frontier, session
 * decisions, rendering) is pure and usable without the CLI; `startTask` and `checkTask` are the
 * same operations the CLI's `start` and `check` run.
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
export { applyLadder } from './triage/ladder.js';
export type { Ladder, Rung } from './triage/ladder.js';
export { findRoots, selectFrontier } from './triage/frontier.js';
export type { FindRootsInput, Frontier, RootUnit, SelectFrontierInput } from './triage/frontier.js';
export { makeEditabilityClassifier, makeInstruction } from './triage/non-editable.js';
export type { Editability, EditabilityClassifier, NonEditableReason, NonEditableRule } from './triage/non-editable.js';
export { decideAttempt, makeAttemptRecord } from './session.js';
export type { AttemptDecision, AttemptRecord, AttemptState } from './session.js';
export { exitCodeOf, makeReport } from './report.js';
export type { MakeReportInput, Report, ReportCheck, ReportRoot, ShownFinding, Verdict, Withheld } from './report.js';
export { renderers, renderJson, renderText } from './render/index.js';
export type { FormatName, Renderer, RenderOptions } from './render/index.js';
export type { CheckOutput, CheckRun, CheckStatus, ImportRecord, ResolvedCheck } from './checks/check.js';
export { runCheck, runChecks } from './checks/run-check.js';
export { startTask, describeStart } from './task/start-task.js';
export type { StartResult } from './task/start-task.js';
export { checkTask } from './task/check-task.js';
export type { CheckResult } from './task/check-task.js';
export type { TaskOptions } from './task/context.js';
export { isUserError } from './errors.js';
