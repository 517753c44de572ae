/**
 * What culprit knows about one check kind, as one declarative object: each adapter folder's
 * index.ts exports one (`tscCheck`, `ruffCheck`, …) and registry.ts lists them. The light parts
 * (kind, detection, option defaults) are plain data and small functions, read in culprit's own
 * process on every cold start; the heavy parts (the adapter that runs the tool, the config
 * schema, which needs zod, and the warm session) sit behind dynamic imports and are loaded on
 * first use: a worker loads only the kind it runs.
 */
import type { BigIntStats } from 'node:fs';
import type { z } from 'zod';
import type { CheckOutput, CheckRequest, DerivedSpans, ImportRecord } from './check.js';
import type { Program } from 'typescript';
import type { DeclarationTables } from '../core/declaration-table.js';
import type { Diagnostic, OfferedEdit } from '../core/diagnostic.js';
import type { RenameSite } from '../core/fix/rename-sites.js';

/** The fields every valid config entry has, whatever its kind. */
export interface RawCheckEntry {
  enabled?: boolean | undefined;
  timeoutMs?: number | undefined;
}

/** The repository root as detection sees it; each file is read at most once. */
export interface RootProbe {
  root: string;
  /** Whether a file of this name exists at the root. */
  has(name: string): boolean;
  /** Whether pyproject.toml has a `[tool.<name>]` table. */
  hasPyprojectTool(name: string): boolean;
  /** A root file's text, or '' when it cannot be read. */
  readText(name: string): string;
  /** Whether the repository (its virtualenv) or PATH has this Python tool. */
  isPythonToolInstalled(name: string): boolean;
}

/** Zero-config detection: whether a repository evidently uses the check, from files at its root. */
export interface CheckDetection<Raw = object> {
  /** The root files that say so, as the "nothing to check" error names them. */
  files: string;
  isUsed(probe: RootProbe): boolean;
  /**
   * The checks a detected kind becomes, when not one entry with no fields named after the kind:
   * ESLint makes one per folder with its own config. Replaces `isUsed` where present (none: not used).
   */
  listEntries?(probe: RootProbe): Promise<{ name: string; raw: Raw }[]>;
}

/**
 * Where a check's module graph comes from: the compiler's own resolution, culprit's static walk
 * of Python imports (checks/python/), the crates of `cargo metadata`, or none (findings only).
 */
export type CheckGraph = 'compiler' | 'python-imports' | 'cargo-crates' | 'none';

/** One project's program as a type-checking warm session keeps it (checks/tsc/warm-session.ts). */
export interface OfferedProgram {
  configPath: string;
  program: Program;
}

/** A warm session whose programs later sessions of a request may reuse (ESLint's type-aware rules). */
export interface ProgramSource {
  /** The programs of the last run, in project order (dependencies first). */
  readonly programs: readonly OfferedProgram[];
  /** Index into `programs` of the project that reports a file (lists it first), if any. */
  ownerOf(fileName: string): number | undefined;
}

/** What the type-checking sessions run earlier in a request offer the sessions after them. */
export interface TypedPrograms {
  sessions: readonly ProgramSource[];
  /** Files (absolute) whose type-aware results the last tsc runs found the changes can reach, or `all`. */
  affected: ReadonlySet<string> | 'all';
  /** Real path of the TypeScript module the sessions' programs come from; a program only works with the module that made it. */
  typescriptPath: string | undefined;
  /** Repository paths the type-checking runs before this one checked; undefined when none ran (oxlint's type-aware re-lint). */
  checkedPaths?: ReadonlySet<string> | undefined;
}

/** What one warm run answers, and offers the sessions that run after it in the same request. */
export interface WarmRun {
  /**
   * The answer; a promise when the session finishes it while the sessions after it run (TypeScript
   * 7's checking, beside oxlint's process: its offers are known before its checking is done).
   */
  output: CheckOutput | Promise<CheckOutput>;
  /** A type-checking run's programs and the files its changes reach, for ESLint's type-aware rules. */
  offers?: {
    session: ProgramSource | null;
    affected: ReadonlySet<string> | 'all';
    typescriptPath: string;
    /** The repository paths it checks, when `output` is still to come. */
    checkedPaths?: readonly string[] | undefined;
  };
}

/**
 * What a session's first run may start from instead of nothing, on a cold check against a
 * baseline it has (warm/seeds.ts): the check's run on the base tree and the text there of
 * every file changed since. Only edits to files that exist on both sides are seeded (no file was
 * added, deleted or renamed, and no configuration changed), so the files a run checks are the same.
 */
export interface WarmSeed {
  /** The check's run on the base tree, as the baseline stores it (repository-relative paths). */
  base: SeedRun;
  /** Absolute paths of the files whose text differs from the base tree, with their text there. */
  baseTexts: Readonly<Record<string, string>>;
  /**
   * Absolute paths git ignores, outside node_modules (a folder ends in `/`): no tree id covers
   * them, so what they held on the base tree is unknown, and a run that reads one is not seeded.
   */
  ignoredPaths: readonly string[];
  /**
   * The base tree's module graph as its type-checking run resolved it, for a session that finds
   * what the edit reaches from it (WarmSupport.reachFromGraph) instead of from tsc's run.
   */
  graph?: SeedGraph | undefined;
}

export interface SeedGraph {
  /** The imports of the base tree's own files (repository paths). */
  imports: ImportRecord;
  /** The repository paths the type-checking run covered. */
  checkedPaths: readonly string[];
}

export interface SeedRun {
  version: string | null;
  diagnostics: Diagnostic[];
  declarations?: DeclarationTables | undefined;
  derived?: DerivedSpans | undefined;
  checkedPaths?: string[] | undefined;
  /** The imports of the base tree's own files, when the snapshot kept them. */
  imports?: ImportRecord | undefined;
}

/** A check kept warm in a warm worker between requests (warm/warm-sessions.ts runs them). */
export interface WarmSession {
  /**
   * Checks the tree as it is now. `hint`: absolute paths the caller knows changed; null when
   * unknown. `seed`, on a first run only: the baseline to redo only what the edit can reach from;
   * a session that cannot use it runs in full, as without one.
   */
  run(hint: readonly string[] | null, typed: TypedPrograms, seed?: WarmSeed): Promise<WarmRun>;
  /**
   * Its last run was seeded and took the baseline's results for these files (absolute paths),
   * though it read them after they changed (the tree moved while a server primed from a
   * baseline): the next run checks them again as a seeded run checks the edited files, from
   * `baseTexts`, their text on the base tree, which those results are for. The next run's hint
   * names them too.
   */
  rebase(baseTexts: ReadonlyMap<string, string>): void;
  /** Releases what the session holds outside the process (a tsgo child). */
  close?(): void;
}

/** What a warm worker's sessions share: the stats of the request under way (tree/file-states.ts's SharedStats). */
export interface WarmShared {
  stats: { read(path: string): BigIntStats | undefined; renew(): void };
  /**
   * The session runs once and is closed (a cold check's run beside tsc's worker:
   * seeded/run-beside.ts): it need not note what a next run would compare the tree with.
   */
  once?: boolean | undefined;
}

export interface WarmSupport<Options> {
  /** Sessions of one request run in this order, so a session sees what earlier ones offer (tsc's programs feed ESLint). */
  order: number;
  /** Installed packages whose version decides what the session finds: when one changes, the worker restarts cold. */
  packages: readonly string[];
  /** Names of configuration files whose change in the tree diff restarts the warm worker cold. */
  configFiles: RegExp;
  /**
   * Its first run from a seed with a graph (WarmSeed.graph) finds what the edit reaches there,
   * as tsc's run would: a cold check from the baseline runs it in culprit's own process, beside
   * tsc's worker rather than after it (seeded/seeded-runner.ts, seeded/run-beside.ts).
   */
  reachFromGraph?: boolean | undefined;
  /** Opens the session; loads the warm modules on first use. `shared`: what the worker's sessions share. */
  open(request: CheckRequest<Options>, shared?: WarmShared): Promise<WarmSession>;
}

export interface CheckDefinition<Kind extends string, Options, Raw extends RawCheckEntry> {
  kind: Kind;
  /**
   * Absent for a kind that runs only when configured (a SARIF command). Only a kind whose entry
   * has no required field can have one: a detected check resolves as if listed with no fields.
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends Raw` asks whether an entry with no fields is valid
  detection?: {} extends Raw ? CheckDetection<Raw> : never;
  /** A valid entry → the options with every default written out; detection resolves `{}` through it, without zod. */
  resolveOptions(raw: Raw, root: string): Options;
  /** The entry's zod schema: loaded only when culprit.config.json is read (zod is a tenth of a second of start-up). */
  loadSchema(): Promise<z.ZodType<Raw>>;
  /** Runs the check on a tree, inside a check worker; the adapter module is loaded on the first call. */
  run(request: CheckRequest<Options>): Promise<CheckOutput>;
  graph: CheckGraph;
  /** The file that configures the check, root-relative, where culprit knows it: findings about no file are reported on it in SARIF. */
  findConfigFile?(root: string, options: Options): string | undefined;
  /**
   * npm packages whose installed versions decide what it finds: part of the baseline cache's key,
   * read without running the tool. A kind without them (a tool outside npm) is still covered after
   * the fact: a cached baseline whose recorded versions differ from the work tree's run is taken again.
   */
  toolPackages?: readonly string[];
  /**
   * Its part in deferring (attempt/defer-checks.ts): a `decider`'s introduced syntax errors put
   * everything else below the ladder's rung, so a `deferrable` check (lint only) is stopped and
   * runs again at the next attempt that could need it.
   */
  deferral?: 'decider' | 'deferrable';
  /** Present for a kind a warm worker keeps warm (`culprit serve`); every other kind runs cold. */
  warm?: WarmSupport<Options>;
  /**
   * Codes of findings by which the tool says it did not check what it was configured to (tsc's
   * TS18003 "No inputs were found"): a run with one failed (core/fatal-run.ts), cold or warm.
   */
  failureCodes?: readonly string[];
  /**
   * The tool's own code fixes, asked only by `culprit fix` (in its process, after the check):
   * for each finding, by index, the one edit of a kind marked safe the tool offers at it, or
   * undefined when it offers none, several, or another kind.
   */
  offerCodeFixes?(request: CodeFixRequest<Options>): Promise<(OfferedEdit | undefined)[]>;
  /**
   * The sites of declarations the edit renamed, as the tool's own rename finds them in the
   * program before the edit (the work tree with the baseline's text of the files the edit touched
   * laid over it), asked only by `culprit fix`; by index, each rename's sites in the baseline's
   * text of each file, or why there are none to offer.
   */
  findRenameSites?(request: RenameRequest<Options>): Promise<RenameAnswer[]>;
}

/** A declaration the edit renamed, for `culprit fix` to finish the rename of. */
export interface DeclarationRename {
  /** The declaring file's path in the baseline's tree. */
  path: string;
  /** Its qualified name there (`StoreApi.getState`), as declaration tables name it. */
  symbol: string;
  /** The new qualified name (`StoreApi.readState`). */
  to: string;
}

export interface RenameRequest<Options> extends CheckRequest<Options> {
  /** The baseline's text of every path the edit touched, repository-relative: null where the baseline has no such file. */
  baseFiles: Readonly<Record<string, string | null>>;
  renames: readonly DeclarationRename[];
}

export type RenameAnswer = { sites: RenameSite[] } | { reason: string };

/** The findings of one check `culprit fix` asks its tool to fix. */
export interface CodeFixRequest<Options> extends CheckRequest<Options> {
  findings: readonly Pick<Diagnostic, 'path' | 'code' | 'line' | 'column' | 'endLine' | 'endColumn'>[];
}
