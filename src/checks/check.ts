/**
 * The contract between culprit and one configured tool: what a check run on a tree gives back
 * (diagnostics, import edges) and how it is reported. Each kind is one declarative object
 * (check-definition.ts) in its own folder, listed in registry.ts. Adapters run inside a worker
 * process (see runner/run-check.ts) so a check that hangs or crashes can be killed and reported
 * without taking culprit down.
 */

// The data a run produces lives in the core, which reads it; adapters import it from here too.
export type { CheckOutput, CheckRun, CheckStatus, DerivedSpans, ImportRecord } from '../core/check-run.js';

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
