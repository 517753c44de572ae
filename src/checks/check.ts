/**
 * The contract between culprit and one configured tool. An adapter is a small declarative
 * object: its kind, and how to run on a tree and turn the tool's output into diagnostics and
 * import edges. Adapters run inside a worker process (see run-check.ts) so a check that hangs
 * or crashes can be killed and reported without taking culprit down.
 */
import type { Diagnostic } from '../diagnostic.js';

export type CheckStatus = 'ok' | 'failed' | 'timed-out' | 'missing';

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
}

/** One check's result on one tree, as stored in a snapshot and reported in `checks[]`. */
export interface CheckRun extends CheckOutput {
  name: string;
  status: CheckStatus;
  durationMs: number;
  /** Why the status is not `ok`: one line naming what failed. */
  error?: string;
}

export interface TscOptions {
  /** Repository-relative path of the tsconfig to check (a solution config with `references` is followed). */
  project: string;
}

export interface EslintOptions {
  /** Patterns passed to `lintFiles`, relative to the root. */
  patterns: string[];
}

/** A check after config resolution: every default written out. */
export type ResolvedCheck =
  | { name: string; kind: 'tsc'; timeoutMs: number; options: TscOptions }
  | { name: string; kind: 'eslint'; timeoutMs: number; options: EslintOptions };

export type CheckKind = ResolvedCheck['kind'];

export interface CheckRequest<Options> {
  /** Absolute path of the tree to check: the repository, or a temporary copy of a base tree. */
  root: string;
  options: Options;
}

export interface CheckAdapter<Options> {
  kind: CheckKind;
  run(request: CheckRequest<Options>): Promise<CheckOutput>;
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
