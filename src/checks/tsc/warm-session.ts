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
import type { ProgramSource, WarmSeed } from '../check-definition.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { makeSeededResults, type SeededResults } from './seeded-results.js';
import { findIgnoredFile } from '../warm-seed.js';
import type { TscOptions } from './index.js';
import { makeRepoPath } from '../output/repo-path.js';
import { makeFileCollector } from './adapter.js';
import { resolveConfigPath } from './config-path.js';
import { emitsDeclarations } from './diagnostics.js';
import { makeCompilerHost } from './program.js';
import { loadProjects, makeConfigParser, type ConfigParser, type TscProject } from './projects.js';
import { makeSourceFileCache, makeTextVersion } from './source-files.js';
import { makeFileStates } from '../../tree/file-states.js';
import { makeFolderListings } from '../../tree/folder-listings.js';
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
}

interface ProjectState {
  project: TscProject;
  program: ts.Program;
  /** Each file's imports in `program`. */
  imports: ReadonlyMap<string, readonly string[]>;
}

/** Files whose appearance can change what an import resolves to. */
const moduleFilePattern = /\.(?:[cm]?[jt]sx?|json)$/;

export function openTscSession(ts: TypeScript, request: CheckRequest<TscOptions>): TscSession {
  const toRepoPath = makeRepoPath(request.root);
  const configPath = resolveConfigPath(request.root, request.options.project);
  const configFiles = makeFileStates({ compareContent: true });
  const documents = makeFileStates();
  const folders = makeFolderListings(request.root);
  const sourceFiles = makeSourceFileCache(ts, { versioned: true });
  const declarations = new Map<string, readonly ts.Diagnostic[]>();
  const declarationRows = new WeakMap<ts.SourceFile, DeclarationRow[]>();
  let parser: ConfigParser | undefined;
  let states: ProjectState[] = [];
  let owners = new Map<string, number>();
  let imports: ImportCache = new WeakMap();
  const results: CheckResults[] = [];
  // A seeded first run's baseline results, and the files that still have them: a file the edits
  // since have not reached keeps its baseline findings on later runs too, as a kept check result
  // would (a warm server primed from a baseline goes on serving without checking every file).
  let seeded: SeededResults | undefined;
  let seededPaths = new Set<string>();

  const parseProjects = (): TscProject[] => {
    parser = makeConfigParser(ts, (path) => {
      if (!configFiles.has(path)) configFiles.record(path);
    });
    return loadProjects(ts, configPath, parser);
  };

  /** `baseTexts`: files read with this text instead of their own (the base tree's side of a seeded run), never cached. */
  const build = (
    projects: readonly TscProject[],
    reuseStructure: boolean,
    baseTexts?: ReadonlyMap<string, string>,
  ): ProjectState[] =>
    projects.map((project, index) => {
      const previous = states[index];
      const { options, fileNames, projectReferences } = project.parsed;
      const host = makeCompilerHost(ts, project, parser!, (base) => {
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
        ...(projectReferences === undefined ? {} : { projectReferences }),
        configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(project.parsed),
        ...(reuseStructure && previous !== undefined ? { oldProgram: previous.program } : {}),
      });
      return { project, program, imports: readProgramImports(ts, program, imports) };
    });

  /** Which known files changed, and whether the set of files may have (then structure cannot be reused). */
  const findChanges = (hint: readonly string[] | null): { changed: Set<string>; structural: boolean } => {
    const stale = configFiles.takeChanged();
    if (stale.length > 0) throw makeStaleSessionError(`${toRepoPath(stale[0]!)} changed`);
    const changed = new Set<string>();
    let structural = hint === null;
    for (const path of new Set([...(hint ?? []), ...documents.takeChanged(), ...folders.takeAdded()])) {
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
  };

  const readProjectsAgain = (): TscProject[] => {
    const before = states.map(({ project }) => describeProject(project));
    const projects = parseProjects();
    if (JSON.stringify(projects.map(describeProject)) !== JSON.stringify(before)) {
      throw makeStaleSessionError('the projects or their compiler options changed');
    }
    return projects;
  };

  const recordDocuments = () => {
    const inPrograms = new Set<string>();
    for (const { program } of states) for (const file of program.getSourceFiles()) inPrograms.add(file.fileName);
    for (const fileName of [...sourceFiles.versions.keys()]) {
      if (inPrograms.has(fileName)) {
        if (!documents.has(fileName)) {
          documents.record(fileName);
          folders.watchFileFolder(fileName);
        }
      } else {
        // Read once but no longer part of any program (an import was removed): not worth keeping.
        sourceFiles.forget(fileName);
        documents.forget(fileName);
      }
    }
    for (const fileName of declarations.keys()) if (!inPrograms.has(fileName)) declarations.delete(fileName);
    for (const kept of results) kept.retain(inPrograms);
  };

  return {
    get programs() {
      return states.map(({ project, program }) => ({ configPath: project.configPath, program }));
    },
    ownerOf: (fileName) => owners.get(fileName),
    run(hint, offered) {
      const first = states.length === 0;
      // A seed stands in for the previous run: the base tree's programs are made from the edited
      // files' base text, so what the edit reaches is found exactly as a warm run finds it.
      const seed = first && offered?.base.version === ts.version ? offered : undefined;
      const baseTexts = seed === undefined ? undefined : new Map(Object.entries(seed.baseTexts));
      const { changed, structural } =
        baseTexts !== undefined
          ? { changed: new Set(baseTexts.keys()), structural: false }
          : first
            ? { changed: new Set<string>(), structural: true }
            : findChanges(hint);
      const projects = first
        ? parseProjects()
        : structural
          ? readProjectsAgain()
          : states.map((state) => state.project);
      if (baseTexts !== undefined) states = build(projects, false, baseTexts);
      const previous = states;
      // Imports are read again only where resolutions can have changed.
      if (structural) imports = new WeakMap();
      states = build(projects, !structural);
      owners = new Map();
      projects.forEach((project, index) => {
        for (const fileName of project.parsed.fileNames) if (!owners.has(fileName)) owners.set(fileName, index);
      });
      // A file git ignores has no base text: what it showed before is unknown, so all is checked.
      const ignored =
        seed === undefined
          ? undefined
          : findIgnoredFile(
              seed,
              states.flatMap(({ program }) =>
                program
                  .getSourceFiles()
                  .map((file) => file.fileName)
                  .filter((fileName) => !fileName.includes('/node_modules/')),
              ),
            );
      if (ignored !== undefined) logDebug(`from the baseline: tsc reads ${toRepoPath(ignored)}, which git ignores`);
      const reach =
        (first && seed === undefined) || ignored !== undefined
          ? 'all'
          : findLintReach(
              ts,
              states.map((state, index) => ({
                before: previous[index]!.program,
                after: state.program,
                beforeImports: previous[index]!.imports,
                afterImports: state.imports,
              })),
              changed,
            );
      const isAffected = (fileName: string) => reach === 'all' || reach.has(fileName);

      if (seed !== undefined) seeded = makeSeededResults(seed.base);
      const fromSeed = seed !== undefined ? undefined : seededPaths;
      const reusedPaths = new Set<string>();
      /** The file's baseline results, when it has them still: seeded, and not reached since. */
      const findSeeded = (file: ts.SourceFile): SeededResults | undefined => {
        if (seeded === undefined || isAffected(file.fileName)) return undefined;
        return fromSeed === undefined || fromSeed.has(toRepoPath(file.fileName)) ? seeded : undefined;
      };
      const reuse = (file: ts.SourceFile): Diagnostic[] | undefined => {
        const path = toRepoPath(file.fileName);
        const found = findSeeded(file)?.findings(path);
        if (found !== undefined) reusedPaths.add(path);
        return found;
      };
      const collector = makeFileCollector(ts, projects, toRepoPath);
      // tsc reads the programs' global diagnostics before checking any file; so does this.
      for (const { program } of states) collector.addConfigDiagnostics(program);
      states.forEach(({ program, imports: programImports }, index) => {
        const declare = emitsDeclarations(program.getCompilerOptions());
        const kept = (results[index] ??= makeCheckResults());
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
      recordDocuments();
      const checked = results.reduce((sum, kept) => sum + kept.takeCheckedCount(), 0);
      if (!first || seed !== undefined)
        logDebug(
          `${seed === undefined ? 'warm' : 'from the baseline'}: tsc checked ${checked} file(s) again after ${changed.size} changed file(s)${reach === 'all' ? ' (a change reaches every file)' : ''}`,
        );
      const { derived, ...output } = collector.finish();
      const merged = seeded === undefined ? derived : seeded.addDerived(derived, reusedPaths);
      seededPaths = reusedPaths;
      if (reusedPaths.size === 0) seeded = undefined;
      return {
        output: { version: ts.version, ...output, ...(merged === undefined ? {} : { derived: merged }) },
        affected: reach,
      };
    },
  };
}

/** What must stay the same for a program to be updated rather than made again: files aside, the whole configuration. */
function describeProject(project: TscProject): unknown {
  // configFile is the parsed tsconfig's syntax tree: its content is what the options already say.
  const { configFile: _configFile, ...options } = project.parsed.options;
  return [project.configPath, options, project.parsed.projectReferences ?? []];
}
