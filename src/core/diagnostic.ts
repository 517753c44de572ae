/**
 * The normalised finding every check adapter produces. Plain data: adapters build it,
 * everything downstream (fingerprints, attribution, triage, rendering) only reads it.
 */
import type { DeclarationRef } from './declaration-table.js';

export const severities = ['error', 'warning'] as const;
export type Severity = (typeof severities)[number];

/**
 * Where in the tool's pipeline a finding arose. The ladder uses it: a syntax finding means the
 * file did not parse, so semantic and lint findings about it may be derived from a partial tree.
 */
export const phases = ['config', 'syntax', 'semantic', 'lint'] as const;
export type Phase = (typeof phases)[number];

/**
 * What a finding is about when it is not the code itself but how the code is checked. A check
 * reports `suppression`s (the directives in the files it checked: `eslint-disable-next-line`,
 * `@ts-expect-error`, `# noqa`, …) as findings of its own, so one the edit added is introduced and
 * one the baseline had stands, moved with its code or not. The other three are never in a run:
 * core/coverage/ makes them when it compares a run with the baseline's (a file the check no longer
 * checks, a setting it relaxed, a check of the baseline that no longer runs).
 */
export const findingKinds = ['suppression', 'coverage', 'weakened', 'check-removed'] as const;
export type FindingKind = (typeof findingKinds)[number];

export interface Diagnostic {
  /** The check that produced it: `tsc`, `eslint`, or a configured check's name. */
  tool: string;
  /** Rule id or error code: `TS2339`, `@typescript-eslint/no-unsafe-argument`. */
  code: string;
  severity: Severity;
  phase: Phase;
  /** Repository-relative POSIX path, or null for findings about no file (options, globals). */
  path: string | null;
  /** 1-based; 0 when `path` is null or the tool gave no position. */
  line: number;
  /** 1-based; 0 when `path` is null or the tool gave no position. */
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
  /**
   * Set by the tsc check on an implicit `any` that follows from an error-typed value: where that
   * value's error is (checks/tsc-derived.ts). Not part of the finding's identity.
   */
  derivedFrom?: SourceSpan;
  /**
   * Set by a check with a type checker (tsc 5/6, type-aware ESLint): the declarations in the
   * repository's own files the flagged node depends on, nearest first (core/triage/causes.ts
   * keeps those the edit changed). Not part of the finding's identity.
   */
  dependsOn?: DeclarationRef[];
  /**
   * Set by a check whose tool offers an edit that fixes the finding (ESLint's `fix`): what
   * `culprit fix` applies when the finding is introduced. Not part of the finding's identity,
   * and not stored with a snapshot (a baseline's fixes are never applied).
   */
  fix?: OfferedEdit;
  /** Edits the tool suggests but does not apply on its own (ESLint's `suggestions`): applied only when asked for. */
  suggestions?: OfferedEdit[];
  /** Absent for a finding about the code; see FindingKind. */
  kind?: FindingKind | undefined;
  /** On a `suppression`: what the directive covers. Not part of the finding's identity. */
  suppression?: Suppression | undefined;
}

/**
 * A suppression directive as a check reads it. Its finding's `code` is the directive
 * (`eslint-disable-next-line`, `@ts-expect-error`, `noqa`, `type: ignore`, `allow`), its `message`
 * the directive with the rules it names as written, without its reason (`eslint-disable-next-line
 * prefer-const`), so editing the reason is not a new directive; its line is the directive's.
 */
export interface Suppression {
  /** The rule ids or codes it names; empty when it names none and so covers every rule. */
  codes: string[];
  /** The reason written with it (`-- legacy API`, the text after `@ts-expect-error`); '' when none. */
  reason: string;
  /** The lines of its file it covers, 1-based and inclusive; `to` 0: to the end of the file. */
  from: number;
  to: number;
  /**
   * What the tool says the directive hid, where it says (ESLint's `suppressedMessages`): a finding
   * here that the baseline had unhidden is silenced, not resolved. Absent when the tool cannot
   * tell; then the baseline's findings on the lines it covers are.
   */
  hidden?: HiddenFinding[] | undefined;
}

/** A finding a suppression hid, as the tool would have reported it. */
export interface HiddenFinding {
  code: string;
  line: number;
  column: number;
  message: string;
}

/**
 * An edit a tool offers for the file a finding is in: replace the UTF-16 code units
 * `[start, end)` of the file's text (without a leading byte order mark, as ESLint and
 * TypeScript read it) with `text`.
 */
export interface OfferedEdit {
  start: number;
  end: number;
  text: string;
}

/** A source range: repository-relative path, 1-based lines and columns, the end exclusive. */
export interface SourceSpan {
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * A diagnostic plus the whitespace-folded source line it flags, read from the tree it was found
 * in. Stored in snapshots so a fingerprint can be computed later, after renames are mapped,
 * without the tree that produced it.
 */
export interface AnchoredDiagnostic extends Diagnostic {
  /** Folded text of the flagged line; '' when the finding has no file or its line is computed. */
  anchor: string;
}

/** A diagnostic with its position-independent identity (`<16 hex>#<occurrence>`). */
export interface Finding extends AnchoredDiagnostic {
  fingerprint: string;
}

export function compareByPosition(a: Diagnostic, b: Diagnostic): number {
  if (a.path !== b.path) {
    if (a.path === null) return -1;
    if (b.path === null) return 1;
    return a.path < b.path ? -1 : 1;
  }
  return (
    a.line - b.line || a.column - b.column || compareStrings(a.code, b.code) || compareStrings(a.message, b.message)
  );
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isError(diagnostic: Diagnostic): boolean {
  return diagnostic.severity === 'error';
}
