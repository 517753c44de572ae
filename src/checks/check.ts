/**
 * The contract between culprit and one configured tool: what a check run on a tree gives back
 * (diagnostics, import edges) and how it is reported. Each kind is one declarative object
 * (check-definition.ts) in its own folder, listed in registry.ts. Adapters run inside a worker
 * process (see runner/run-check.ts) so a check that hangs or crashes can be killed and reported
 * without taking culprit down.
 */
import type { Diagnostic, SourceSpan } from '../core/diagnostic.js';

/**
 * `deferred`: not run to the end this attempt because its findings could not change what is
 * shown (task/defer-checks.ts); it runs again at the next attempt that could need it.
 */
export type CheckStatus = 'ok' | 'failed' | 'timed-out' | 'missing' | 'deferred';

/** Import edges from an importing file to the files it imports; repository-relative POSIX paths. */
export type ImportRecord = Record<string, string[]>;

export interface CheckOutput {
  /** The tool's own version as it reports it, e.g. `6.0.3`. */
  version: string | null;
  diagnostics: Diagnostic[];
  /** Module graph edges the tool resolved itself, when it can give them. */
  imports?: ImportRecord;
  /** Things the user should know about how the check ran (one line each, no trailing period needed). */
  notes?: string[];
  /** Values typed from compiler errors, from a check that can tell (tsc 5/6); triage matches lint findings against them. */
  derived?: DerivedSpans;
}

/** Where values typed from compiler errors are (checks/tsc-derived.ts), as data that travels with the check's result. */
export interface DerivedSpans {
  /** The error-typed expressions (or declarations) derived values come from. */
  origins: SourceSpan[];
  /** Per file: flat `[line, column, endLine, endColumn, origin index]` quintuples of spans whose value derives from an origin. */
  spans: Record<string, number[]>;
}

/** One check's result on one tree, as stored in a snapshot and reported in `checks[]`. */
export interface CheckRun extends CheckOutput {
  name: string;
  status: CheckStatus;
  durationMs: number;
  /** Why the status is not `ok`: one line naming what failed. */
  error?: string;
}

/**
 * Options every check that runs an executable shares. Tools look in the checked tree first and
 * then in the work tree, because a temporary copy of a base tree has no virtualenv of its own.
 */
export interface ExecutableOptions {
  /** Absolute root of the work tree the configuration was resolved for; the checked tree may be a copy of a base tree. */
  workTree: string;
}

// Each kind's options live in its folder; the kinds themselves are listed only in registry.ts.
export type { CheckKind, ResolvedCheck } from './registry.js';
export type { TscOptions } from './tsc/index.js';
export type { EslintOptions } from './eslint/index.js';
export type { PythonGraphOptions } from './python/options.js';
export type { PyrightOptions } from './pyright/index.js';
export type { MypyOptions } from './mypy/index.js';
export type { RuffOptions } from './ruff/index.js';
export type { CargoOptions } from './cargo/index.js';
export type { CommandOptions } from './sarif/index.js';

export interface CheckRequest<Options> {
  /** Absolute path of the tree to check: the repository, or a temporary copy of a base tree. */
  root: string;
  options: Options;
}

const missingBrand = Symbol.for('culprit.missing-tool');

/** Thrown by an adapter when the repository does not have the tool installed. */
export interface MissingToolError extends Error {
  [missingBrand]: true;
}

export function makeMissingToolError(message: string, cause?: unknown): MissingToolError {
  const error = new Error(message, { cause }) as MissingToolError;
  error[missingBrand] = true;
  return error;
}

export function isMissingToolError(error: unknown): error is MissingToolError {
  return typeof error === 'object' && error !== null && (error as Partial<MissingToolError>)[missingBrand] === true;
}
