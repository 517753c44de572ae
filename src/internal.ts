/**
 * Explicitly internal: what culprit's own tests and benchmarks reach for beyond the public API
 * (src/index.ts), gathered in one place so that leaving index.ts is a visible choice. Nothing
 * here is stable; names and shapes change with the code. Each block names who uses it today
 * (they import the modules directly, by path; this file is their map, not their route).
 */

// Identity: fingerprints and their parts. Used by test/core/identity/*, test/core/attribute.test.ts,
// test/baseline/ (baseline-upgrade, snapshot-cache), test/fuzz/attribution.test.ts and
// test/warm/agreement.ts (normalizeMessage).
export { compareByPosition } from './core/diagnostic.js';
export { foldWhitespace, splitSourceLines } from './core/identity/source-lines.js';
export {
  fingerprintFindings,
  hashFingerprint,
  isLocationComputed,
  makeAnchor,
  normalizeMessage,
} from './core/identity/fingerprint.js';
export type { FingerprintParts } from './core/identity/fingerprint.js';

// Re-anchoring across edited lines: line maps and the pairing along them. Used by
// test/core/reanchor.test.ts, test/fuzz/reanchor.test.ts and test/core/gate/gate-report.test.ts;
// a harness with its own diff passes line maps to attribute.
export { isLineEdited, mapLine } from './core/identity/line-map.js';
export type { Hunk, LineMap, MappedLines } from './core/identity/line-map.js';
export { listReanchorPaths, reanchorAttribution } from './core/reanchor.js';
export type { ReanchorInput } from './core/reanchor.js';

// The module graph. Used by test/core/graph/*, test/core/triage/*, test/core/report/*, test/render/*,
// test/hooks/hook-decision.test.ts, test/tasks/deferred-verdict.test.ts, test/checks/cargo and
// bench/core.ts (makeModuleGraph).
export { makeModuleGraph } from './core/graph/module-graph.js';
export type { ModuleGraph } from './core/graph/module-graph.js';
export { findComponents } from './core/graph/components.js';
export type { Components } from './core/graph/components.js';
export { findImportDistances } from './core/graph/distance.js';

// Triage: ladder, frontier, lint echoes, declarations, non-editable files. Used by
// test/core/triage/*, test/checks/cargo (findRoots), and the report's tests in test/render/*,
// test/core/report/*, test/hooks, test/tasks and bench/core.ts (makeEditabilityClassifier).
export { applyLadder } from './core/triage/ladder.js';
export type { Ladder, Rung } from './core/triage/ladder.js';
export { findRoots, selectFrontier } from './core/triage/frontier.js';
export type { FindRootsInput, Frontier, Ring, RootUnit, SelectFrontierInput } from './core/triage/frontier.js';
export { isErrorTypeFinding } from './core/triage/lint-echoes.js';
export type { LintEchoes } from './core/triage/lint-echoes.js';
export { makeEchoGroups } from './core/triage/echo-groups.js';
export type { EchoGroup } from './core/triage/echo-groups.js';
export { makeDeclarationFinder } from './core/triage/declarations.js';
export type { Declaration, DeclarationFinder } from './core/triage/declarations.js';
export { makeEditabilityClassifier, makeInstruction } from './core/triage/non-editable.js';
export type {
  Editability,
  EditabilityClassifier,
  NonEditableReason,
  NonEditableRule,
} from './core/triage/non-editable.js';

// Making a report from an attribution, and the attempt decisions (widen, stuck). Used by
// test/core/report/*, test/render/*, test/hooks/hook-decision.test.ts,
// test/tasks/deferred-verdict.test.ts and bench/core.ts (makeReport).
export { makeReport } from './core/report/report.js';
export type { MakeReportInput } from './core/report/report.js';
export { decideAttempt, makeAttemptRecord } from './core/report/attempts.js';
export type { AttemptDecision, AttemptRecord, AttemptState } from './core/report/attempts.js';

// The gate's pieces: the ratchet file (make, serialize, parse, prune) and the comparison. Used by
// test/core/gate/gate-report.test.ts and test/baseline/baseline-upgrade.test.ts.
export { makeRatchetFile, serializeRatchetFile } from './core/gate/ratchet-file.js';
export { parseRatchetFile } from './config/ratchet-file.js';
export { makeGateReport } from './core/gate/gate-report.js';
export type { GateInput } from './core/gate/gate-report.js';
export { pruneRatchetFile } from './core/gate/prune-ratchet-file.js';

// Running checks and reading their output without a task. Used by test/checks/* (runCheck),
// test/warm/* and test/checks/runner (runChecks), test/checks/sarif and test/fuzz/parsers.test.ts
// (parseSarifLog), test/checks/python/imports.test.ts (resolvePythonImports).
export { runCheck, runChecks } from './checks/runner/run-check.js';
export { parseSarifLog } from './checks/output/sarif-log.js';
export type { SarifContext, SarifFindings } from './checks/output/sarif-log.js';
export { resolvePythonImports } from './checks/python/imports.js';
export type { PythonSource } from './checks/python/imports.js';
export type { CheckOutput, ImportRecord } from './checks/check.js';
