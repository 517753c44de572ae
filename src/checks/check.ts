/**
 * The contract between culprit and one configured tool. An adapter is a small declarative
 * object: its kind, and how to run on a tree and turn the tool's output into diagnostics and
 * import edges. Adapters run inside a worker process (see run-check.ts) so a check that hangs
 * or crashes can be killed and reported without taking culprit down.
 */
import type { CheckOutput } from '../core/check-run.js';

// The data a run produces lives in the core, which reads it; adapters import it from here too.
export type { CheckOutput, CheckRun, CheckStatus, DerivedSpans, ImportRecord } from '../core/check-run.js';

export interface TscOptions {
  /** Repository-relative path of the tsconfig to check (a solution config with `references` is followed). */
  project: string;
}

export interface EslintOptions {
  /** Patterns passed to `lintFiles`, relative to the root. */
  patterns: string[];
}

/**
 * Options every check that runs an executable shares. Tools look in the checked tree first and
 * then in the work tree, because a temporary copy of a base tree has no virtualenv of its own.
 */
export interface ExecutableOptions {
  /** Absolute root of the work tree the configuration was resolved for; the checked tree may be a copy of a base tree. */
  workTree: string;
}

export interface PythonGraphOptions {
  /**
   * Folders, relative to the root, where top-level Python modules live, tried in order when an
   * absolute import is resolved (`.` and `src` by default). The importing file's own folder is
   * tried last, as Python does for scripts.
   */
  sourceRoots: string[];
}

export interface PyrightOptions extends ExecutableOptions, PythonGraphOptions {
  /** `--project`: a pyrightconfig.json or pyproject.toml (or its folder) relative to the root; null lets pyright look in the root. */
  project: string | null;
}

export interface MypyOptions extends ExecutableOptions, PythonGraphOptions {
  /** Files, folders or `-p`/`-m` arguments passed to mypy; empty lets mypy's own `files` setting decide. */
  targets: string[];
}

export interface RuffOptions extends ExecutableOptions, PythonGraphOptions {
  /** What `ruff check` lints, relative to the root. */
  targets: string[];
}

export interface CargoOptions extends ExecutableOptions {
  /** Cargo.toml of the package or workspace, relative to the root. */
  manifestPath: string;
  /** Run `cargo clippy` instead of `cargo check` (clippy reports rustc's findings too). */
  clippy: boolean;
  /** Pass `--all-targets`: tests, benches and examples as well as libraries and binaries. */
  allTargets: boolean;
  /**
   * Where cargo writes its build files, relative to the checked tree or absolute; null uses a
   * folder in culprit's cache, so neither the user's target/ nor the tree is ever written to.
   */
  targetDir: string | null;
}

export interface CommandOptions extends ExecutableOptions {
  /** The program and its arguments, run in the root without a shell. */
  command: string[];
  /** What the command prints on stdout. */
  format: 'sarif';
  /** The phase its findings belong to. */
  phase: 'semantic' | 'lint';
  /** More than this many bytes on stdout fails the check instead of filling culprit's memory. */
  maxOutputBytes: number;
}

/** A check after config resolution: every default written out. */
export type ResolvedCheck =
  | { name: string; kind: 'tsc'; timeoutMs: number; options: TscOptions }
  | { name: string; kind: 'eslint'; timeoutMs: number; options: EslintOptions }
  | { name: string; kind: 'pyright'; timeoutMs: number; options: PyrightOptions }
  | { name: string; kind: 'mypy'; timeoutMs: number; options: MypyOptions }
  | { name: string; kind: 'ruff'; timeoutMs: number; options: RuffOptions }
  | { name: string; kind: 'cargo'; timeoutMs: number; options: CargoOptions }
  | { name: string; kind: 'command'; timeoutMs: number; options: CommandOptions };

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
