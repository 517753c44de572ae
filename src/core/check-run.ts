/**
 * What one check produced on one tree, as data: its status, findings, import edges and notes.
 * The core reads these; the adapters in checks/ produce them.
 */
import type { DeclarationTables } from './declaration-table.js';
import type { Diagnostic, SourceSpan } from './diagnostic.js';

/**
 * `deferred`: not run to the end this attempt because its findings could not change what is
 * shown (tasks/defer-checks.ts); it runs again at the next attempt that could need it.
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
  /** Every checked file's declarations, from a check with a type checker (tsc 5/6): the side of the tree triage compares. */
  declarations?: DeclarationTables;
  /**
   * How many files the tool was given to check, from a check that can tell (eslint): a run with
   * configuration errors on more than half of them failed (fatal-run.ts).
   */
  checkedFiles?: number;
  /**
   * The files the tool checked, repository-relative, from a check that can tell (eslint): a cold
   * check against this run as its baseline reuses the results of those it need not check again.
   */
  checkedPaths?: string[];
}

/** Where values typed from compiler errors are (checks/tsc/derived.ts), as data that travels with the check's result. */
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
