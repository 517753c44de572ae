/**
 * The `tsc` check kept warm between attempts, on TypeScript 5 and 6: one program per project,
 * updated with the files that changed, and each file's type-check diagnostics kept between
 * programs. A run checks again only the files an edit can reach (lint-reach.ts: the changed files,
 * and the importers of every module whose exports now show different types, through barrels
 * too), so a body edit checks one file and an exported type edit checks the files that see the
 * type, not every file that imports it from afar. A change to global declarations checks all.
 *
 * Every run returns the full diagnostic set of the tree as it is, the same as a cold run of
 * tsc.ts (the same collector reads both): the kept results only decide what is computed again.
 * A run reads:
 *
 * - the caller's hint (paths git saw change) and the stat of every file the programs read, so
 *   an edit to a file git ignores, or one the caller did not see, is still found; and the
 *   listings of the folders those files are in, so a new file git ignores is found too;
 * - a new or deleted file, or one whose existence is unknown, changes what imports may resolve
 *   to: the tsconfig file lists are read again and programs are made without reusing the old
 *   program's structure (parsed files and kept results are still reused);
 * - a changed tsconfig (or a file it extends) makes the session stale: the worker restarts cold.
 *
 * What a run reports as affected (for ESLint's type-aware rules) is the same set it checked again.
 */
import type ts from 'typescript';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { DeclarationRow } from '../../core/declaration-table.js';
import type { ProgramSource, WarmSeed, WarmShared } from '../check-definition.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { makeSeededResults, type SeededResults } from './seeded-results.js';
import { findIgnoredFile } from '../warm-seed.js';
import type { TscOptions } from './index.js';
import { makeRepoPath } from '../output/repo-path.js';
import { makeFileCollector, type FileCollector } from './adapter.js';
import { resolveConfigPath } from './config-path.js';
import { emitsDeclarations } from './diagnostics.js';
import { makeCompilerHost } from './program.js';
import { loadProjects, makeConfigParser, type ConfigParser, type TscProject } from './projects.js';
import { makeSourceFileCache, makeTextVersion, type SourceFileCache } from './source-files.js';
import { makeFileStates, type FileStates } from '../../tree/file-states.js';
import { makeFolderListings, type FolderListings } from '../../tree/folder-listings.js';
import { logDebug } from '../../debug/log-debug.js';
import { makeCheckResults, type CheckResults } from './check-results.js';
import { findLintReach, readProgramImports, type ImportCache } from './lint-reach.js';
import { makeStaleSessionError } from '../stale-session.js';

type TypeScript = typeof ts;

export interface TscRun {
  output: CheckOutput;
  /** Files (absolute) whose type-aware lint results this run's changes can have changed, or `all`. */
  affected: ReadonlySet<string> | 'all';
}

/** Its programs (as the last run left them) are what it offers ESLint's type-aware rules. */
export interface TscSession extends ProgramSource {
  /** Checks the tree as it is now. `hint`: absolute paths the caller knows changed since the last run; null when unknown. */
  run(hint: readonly string[] | null, seed?: WarmSeed): TscRun;
  /** The next run checks these files again from their base text (WarmSession.rebase). */
  rebase(baseTexts: ReadonlyMap<string, string>): void;
}

interface ProjectState {
  project: TscProject;
  program: ts.Program;
  /** Each file's imports in `program`. */
  imports: ReadonlyMap<string, readonly string[]>;
}

/** Files whose appearance can change what an import resolves to. */
const moduleFilePattern = /\.(?:[cm]?[jt]sx?|json)$/;

/** One session's state between runs: what its programs read, and what the last run left. */
interface TscSessionState {
  readonly ts: TypeScript;
  readonly toRepoPath: (path: string) => string;
  readonly configPath: string;
  readonly configFiles: FileStates;
  readonly documents: FileStates;
  readonly folders: FolderListings;
  readonly sourceFiles: SourceFileCache;
  readonly declarations: Map<string, readonly ts.Diagnostic[]>;
  readonly declarationRows: WeakMap<ts.SourceFile, DeclarationRow[]>;
  parser: ConfigParser | undefined;
  states: ProjectState[];
  owners: Map<string, number>;
  imports: ImportCache;
  readonly results: CheckResults[];
  // A seeded first run's baseline results, and the files that still have them: a file the edits
  // since have not reached keeps its baseline findings on later runs too, as a kept check result
  // would (a warm server primed from a baseline goes on serving without checking every file).
  seeded: SeededResults | undefined;
  seededPaths: Set<string>;
  /** The last run's output: a run that finds nothing changed returns it as it is. */
  last: CheckOutput | undefined;
  /** Files the next run checks again from their base text, though it read them already (WarmSession.rebase). */
  rebased: Map<string, string>;
}

export function openTscSession(ts: TypeScript, request: CheckRequest<TscOptions>, shared?: WarmShared): TscSession {
  const state = makeTscSessionState(ts, request, shared);
  // Made once per run's programs: ESLint asks for them once per file it may lint again.
  let offered: { states: readonly ProjectState[]; programs: ProgramSource['programs'] } | undefined;
  return {
    get programs() {
      if (offered?.states !== state.states)
        offered = {
          states: state.states,
          programs: state.states.map(({ project, program }) => ({ configPath: project.configPath, program })),
        };
      return offered.programs;
    },
    ownerOf: (fileName) => state.owners.get(fileName),
    run: (hint, offered) => runTscSession(state, hint, offered),
    rebase: (baseTexts) => {
      for (const [path, text] of baseTexts) state.rebased.set(path, text);
    },
  };
}

function makeTscSessionState(ts: TypeScript, request: CheckRequest<TscOptions>, shared?: WarmShared): TscSessionState {
  return {
    ts,
    toRepoPath: makeRepoPath(request.root),
    configPath: resolveConfigPath(request.root, request.options.project),
    configFiles: makeFileStates({ compareContent: true }),
    documents: makeFileStates({ stats: shared?.stats }),
    folders: makeFolderListings(request.root),
    sourceFiles: makeSourceFileCache(ts, { versioned: true }),
    declarations: new Map(),
    declarationRows: new WeakMap(),
    parser: undefined,
    states: [],
    owners: new Map(),
    imports: new WeakMap(),
    results: [],
    seeded: undefined,
    seededPaths: new Set(),
    last: undefined,
    rebased: new Map(),
  };
}

function parseProjects(state: TscSessionState): TscProject[] {
  const parser = makeConfigParser(state.ts, (path) => {
    if (!state.configFiles.has(path)) state.configFiles.record(path);
  });
  state.parser = parser;
  return loadProjects(state.ts, state.configPath, parser);
}

/** `baseTexts`: files read with this text instead of their own (the base tree's side of a seeded run), never cached. */
function buildPrograms(
  state: TscSessionState,
  projects: readonly TscProject[],
  reuseStructure: boolean,
  baseTexts?: ReadonlyMap<string, string>,
): ProjectState[] {
  const { ts, sourceFiles } = state;
  return projects.map((project, index) => {
    const previous = state.states[index];
    const { options, fileNames, projectReferences } = project.parsed;
    const host = makeCompilerHost(ts, project, state.parser!, (base) => {
      const cached = sourceFiles.wrap(base, options);
      if (baseTexts === undefined) return cached;
      return (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
        const text = baseTexts.get(fileName);
        return text === undefined
          ? cached(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile)
          : ts.createSourceFile(fileName, text, languageVersionOrOptions);
      };
    });
    const program = ts.createProgram({
      rootNames: fileNames,
      options,
      host,
      projectReferences,
      configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(project.parsed),
      oldProgram: reuseStructure ? previous?.program : undefined,
    });
    return { project, program, imports: readProgramImports(ts, program, state.imports) };
  });
}

/** Which known files changed, and whether the set of files may have (then structure cannot be reused). */
function findChanges(
  state: TscSessionState,
  hint: readonly string[] | null,
): { changed: Set<string>; structural: boolean } {
  const { ts, sourceFiles, documents } = state;
  const stale = state.configFiles.takeChanged();
  if (stale.length > 0) throw makeStaleSessionError(`${state.toRepoPath(stale[0]!)} changed`);
  const changed = new Set<string>();
  let structural = hint === null;
  for (const path of new Set([...(hint ?? []), ...documents.takeChanged(), ...state.folders.takeAdded()])) {
    const known = sourceFiles.versions.get(path);
    if (known === undefined) {
      // A file no program read: new, or unrelated. A new module may be what an import now resolves to.
      if (moduleFilePattern.test(path) && ts.sys.fileExists(path)) structural = true;
      continue;
    }
    const text = ts.sys.readFile(path);
    if (text !== undefined && makeTextVersion(text) === known) continue;
    if (text === undefined) structural = true;
    sourceFiles.forget(path);
    documents.forget(path);
    changed.add(path);
  }
  return { changed, structural };
}

function readProjectsAgain(state: TscSessionState): TscProject[] {
  const before = state.states.map(({ project }) => describeProject(project));
  const projects = parseProjects(state);
  if (JSON.stringify(projects.map(describeProject)) !== JSON.stringify(before)) {
    throw makeStaleSessionError('the projects or their compiler options changed');
  }
  return projects;
}

function recordDocuments(state: TscSessionState): void {
  const { sourceFiles, documents, declarations } = state;
  const inPrograms = new Set<string>();
  for (const { program } of state.states) for (const file of program.getSourceFiles()) inPrograms.add(file.fileName);
  for (const fileName of [...sourceFiles.versions.keys()]) {
    if (inPrograms.has(fileName)) {
      if (!documents.has(fileName)) {
        documents.record(fileName);
        state.folders.watchFileFolder(fileName);
      }
    } else {
      // Read once but no longer part of any program (an import was removed): not worth keeping.
      sourceFiles.forget(fileName);
      documents.forget(fileName);
    }
  }
  for (const fileName of declarations.keys()) if (!inPrograms.has(fileName)) declarations.delete(fileName);
  for (const kept of state.results) kept.retain(inPrograms);
}

/** What one run starts from: the seed it takes, the files changed, and the projects it builds. */
interface RunStart {
  first: boolean;
  seed: WarmSeed | undefined;
  changed: Set<string>;
  structural: boolean;
  projects: TscProject[];
  /** Files read with their base text in the programs the run compares with (takeRebased). */
  rebased: Map<string, string>;
}

function runTscSession(state: TscSessionState, hint: readonly string[] | null, offered?: WarmSeed): TscRun {
  const start = startRun(state, hint, offered);
  const { first, seed, changed, structural, projects } = start;
  // Nothing any program reads changed (the server often ran this tree already, as it followed
  // the edit): the programs would be made again the same and every file's results kept.
  if (!first && seed === undefined && !structural && changed.size === 0 && state.last !== undefined) {
    logDebug('warm: tsc found nothing changed');
    return { output: state.last, affected: new Set() };
  }
  const baseTexts = seed === undefined ? undefined : new Map(Object.entries(seed.baseTexts));
  if (baseTexts !== undefined) state.states = buildPrograms(state, projects, false, baseTexts);
  // Files the last run took the baseline's results for though it read them since they changed:
  // the programs they are compared with read their base text, as a seed's do.
  else if (start.rebased.size > 0) state.states = buildPrograms(state, projects, !structural, start.rebased);
  const previous = state.states;
  // Imports are read again only where resolutions can have changed.
  if (structural) state.imports = new WeakMap();
  state.states = buildPrograms(state, projects, !structural);
  state.owners = new Map();
  projects.forEach((project, index) => {
    for (const fileName of project.parsed.fileNames) if (!state.owners.has(fileName)) state.owners.set(fileName, index);
  });
  const reach = findRunReach(state, start, previous);
  const output = collectRun(state, projects, seed, reach);
  const checked = state.results.reduce((sum, kept) => sum + kept.takeCheckedCount(), 0);
  if (!first || seed !== undefined)
    logDebug(
      `${seed === undefined ? 'warm' : 'from the baseline'}: tsc checked ${checked} file(s) again after ${changed.size} changed file(s)${reach === 'all' ? ' (a change reaches every file)' : ''}`,
    );
  state.last = finishRun(state, output);
  return { output: state.last, affected: reach };
}

function startRun(state: TscSessionState, hint: readonly string[] | null, offered: WarmSeed | undefined): RunStart {
  const first = state.states.length === 0;
  // A seed stands in for the previous run: the base tree's programs are made from the edited
  // files' base text, so what the edit reaches is found exactly as a warm run finds it.
  const seed = first && offered?.base.version === state.ts.version ? offered : undefined;
  const { changed, structural } =
    seed !== undefined
      ? { changed: new Set(Object.keys(seed.baseTexts)), structural: false }
      : first
        ? { changed: new Set<string>(), structural: true }
        : findChanges(state, hint);
  const rebased = first ? new Map<string, string>() : takeRebased(state, changed);
  const projects = first
    ? parseProjects(state)
    : structural
      ? readProjectsAgain(state)
      : state.states.map((projectState) => projectState.project);
  return { first, seed, changed, structural, projects, rebased };
}

/**
 * The files to check again from their base text (WarmSession.rebase) that the programs read,
 * added to `changed` and read again from disk; a file changed since anyway is compared with its
 * base text too, which is what its results are for.
 */
function takeRebased(state: TscSessionState, changed: Set<string>): Map<string, string> {
  const rebased = new Map<string, string>();
  for (const [path, text] of state.rebased) {
    if (!state.sourceFiles.versions.has(path) && !changed.has(path)) continue;
    state.sourceFiles.forget(path);
    state.documents.forget(path);
    changed.add(path);
    rebased.set(path, text);
  }
  state.rebased.clear();
  return rebased;
}

/** The files the run's changes reach from the `previous` programs, or `all`. */
function findRunReach(state: TscSessionState, start: RunStart, previous: readonly ProjectState[]): Set<string> | 'all' {
  const { ts, toRepoPath } = state;
  const { first, seed, changed } = start;
  // A file git ignores has no base text: what it showed before is unknown, so all is checked.
  const ignored =
    seed === undefined
      ? undefined
      : findIgnoredFile(
          seed,
          state.states.flatMap(({ program }) =>
            program
              .getSourceFiles()
              .map((file) => file.fileName)
              .filter((fileName) => !fileName.includes('/node_modules/')),
          ),
        );
  if (ignored !== undefined) logDebug(`from the baseline: tsc reads ${toRepoPath(ignored)}, which git ignores`);
  return (first && seed === undefined) || ignored !== undefined
    ? 'all'
    : findLintReach(
        ts,
        state.states.map((projectState, index) => ({
          before: previous[index]!.program,
          after: projectState.program,
          beforeImports: previous[index]!.imports,
          afterImports: projectState.imports,
        })),
        changed,
      );
}

/** What one run collected, before the seed's derived findings are merged in. */
interface CollectedRun {
  output: ReturnType<FileCollector['finish']>;
  reusedPaths: Set<string>;
}

/** Every file's diagnostics, checked again where the run reaches and kept (or taken from the seed) elsewhere. */
function collectRun(
  state: TscSessionState,
  projects: readonly TscProject[],
  seed: WarmSeed | undefined,
  reach: ReadonlySet<string> | 'all',
): CollectedRun {
  const { ts, toRepoPath, declarations, declarationRows } = state;
  const isAffected = (fileName: string) => reach === 'all' || reach.has(fileName);
  if (seed !== undefined) state.seeded = makeSeededResults(seed.base);
  const fromSeed = seed !== undefined ? undefined : state.seededPaths;
  const reusedPaths = new Set<string>();
  /** The file's baseline results, when it has them still: seeded, and not reached since. */
  const findSeeded = (file: ts.SourceFile): SeededResults | undefined => {
    if (state.seeded === undefined || isAffected(file.fileName)) return undefined;
    return fromSeed === undefined || fromSeed.has(toRepoPath(file.fileName)) ? state.seeded : undefined;
  };
  const reuse = (file: ts.SourceFile): Diagnostic[] | undefined => {
    const path = toRepoPath(file.fileName);
    const found = findSeeded(file)?.findings(path);
    if (found !== undefined) reusedPaths.add(path);
    return found;
  };
  const collector = makeFileCollector(ts, projects, toRepoPath);
  // tsc reads the programs' global diagnostics before checking any file; so does this.
  for (const { program } of state.states) collector.addConfigDiagnostics(program);
  state.states.forEach(({ program, imports: programImports }, index) => {
    const declare = emitsDeclarations(program.getCompilerOptions());
    const kept = (state.results[index] ??= makeCheckResults());
    collector.addFiles(
      program,
      index,
      {
        semantic: (file) => kept.semantic(program, file, isAffected(file.fileName)),
        declaration: (file) => {
          let cached = declarations.get(file.fileName);
          if (cached === undefined || isAffected(file.fileName)) {
            cached = declare ? program.getDeclarationDiagnostics(file) : [];
            declarations.set(file.fileName, cached);
          }
          return cached;
        },
        // A file not checked again sees the same types, so its inferred shapes are the same too.
        declarationRows: (file, read) => {
          let cached = declarationRows.get(file);
          if (cached === undefined || isAffected(file.fileName)) {
            cached = findSeeded(file)?.rows(toRepoPath(file.fileName)) ?? read();
            declarationRows.set(file, cached);
          }
          return cached;
        },
        reused: reuse,
      },
      programImports,
    );
  });
  recordDocuments(state);
  return { output: collector.finish(), reusedPaths };
}

/** The run's output, with the seed's derived findings for the files that still have them. */
function finishRun(state: TscSessionState, { output: collected, reusedPaths }: CollectedRun): CheckOutput {
  const { derived, ...output } = collected;
  const merged = state.seeded === undefined ? derived : state.seeded.addDerived(derived, reusedPaths);
  state.seededPaths = reusedPaths;
  if (reusedPaths.size === 0) state.seeded = undefined;
  return { version: state.ts.version, ...output, derived: merged };
}

/** What must stay the same for a program to be updated rather than made again: files aside, the whole configuration. */
function describeProject(project: TscProject): unknown {
  // configFile is the parsed tsconfig's syntax tree: its content is what the options already say.
  const { configFile: _configFile, ...options } = project.parsed.options;
  return [project.configPath, options, project.parsed.projectReferences ?? []];
}
