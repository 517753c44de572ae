/**
 * What one check produced on one tree, as data: its status, findings, import edges and notes.
 * The core reads these; the adapters in checks/ produce them.
 */
import type { DeclarationTables } from './declaration-table.js';
import type { Diagnostic, SourceSpan } from './diagnostic.js';
import type { CheckErrorCode } from './report/report-codes.js';

/**
 * `deferred`: not run to the end this attempt because its findings could not change what is
 * shown (attempt/defer-checks.ts); it runs again at the next attempt that could need it.
 */
export const checkStatuses = ['ok', 'failed', 'timed-out', 'missing', 'deferred'] as const;
export type CheckStatus = (typeof checkStatuses)[number];

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
   * The files the tool checked, repository-relative, from every check that can tell: its coverage.
   * A file the baseline's run checked that still exists and this run did not check is a finding
   * (core/coverage/). A cold check against this run as its baseline reuses the results of those
   * it need not check again (eslint).
   */
  checkedPaths?: string[] | undefined;
  /**
   * The configuration files the run read, repository-relative (a tsconfig and those it extends,
   * eslint.config.js, pyproject.toml): named when its coverage or strength changed, or it no
   * longer runs, and where such a finding is placed.
   */
  configFiles?: string[] | undefined;
  /** The settings that decide how strictly it checked, from a check that can tell; compared with the baseline's. */
  strength?: StrengthScope[] | undefined;
  /**
   * Files the tool would have checked but did not (cargo: crates behind a crate that failed to
   * compile), each part with why. Such a run is partial: its findings count, and a changed file
   * it did not check is a finding, never a clean verdict.
   */
  unchecked?: UncheckedPart[] | undefined;
}

/** Settings that apply to some of a run's files (ESLint: one resolved config) or all of them (a tsconfig). */
export interface StrengthScope {
  /** Where the settings are written, repository-relative (`tsconfig.json`, `eslint.config.js`); null when built in. */
  source: string | null;
  /** The files they apply to, repository-relative; absent: every file of the run (scopes then pair by `source`). */
  files?: string[] | undefined;
  /**
   * Setting → `[level, value]`: how strictly it checks, higher is stricter (ESLint: 2 error, 1 warn,
   * 0 off; a flag: 1 on, 0 off), and the value as the user writes it. A setting the baseline had and
   * this run lacks is at level 0.
   */
  settings: Record<string, [level: number, value: string]>;
}

/** Files a run did not check, and why, in words for the user. */
export interface UncheckedPart {
  paths: string[];
  reason: string;
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
  /** Why a run that completed failed all the same, as a code (it could not be compared with the baseline); render/ words it. */
  errorCode?: CheckErrorCode | undefined;
}

/**
 * Checks that did not finish, as `tsc timed-out (…); eslint failed (…)`, or `no check ran`: the
 * one line an error (a ratchet file not written, a baseline not published) or a report gives for
 * them. A check culprit failed with a code is passed in with its words (render/report-notes.ts).
 */
export function describeFailedChecks(
  checks: readonly { name: string; status: string; error?: string | undefined }[],
): string {
  const failed = checks.filter((check) => check.status !== 'ok');
  return failed.length === 0
    ? 'no check ran'
    : failed
        .map((check) => `${check.name} ${check.status}${check.error === undefined ? '' : ` (${check.error})`}`)
        .join('; ');
}
