/**
 * The `tsc` check kept warm between attempts, on TypeScript 5 and 6: one semantic-diagnostics
 * builder program per project, updated with the files that changed. The builder keeps each
 * file's semantic diagnostics and re-checks only the files a change can affect (the changed
 * files, and the files that import one whose declarations changed, through re-exports), so a
 * body edit re-checks one file and an exported type edit re-checks its importers.
 *
 * Every run returns the full diagnostic set of the tree as it is, the same as a cold run of
 * tsc.ts (the same collector reads both): the builder's cache only decides what is computed
 * again. A run reads:
 *
 * - the caller's hint (paths git saw change) and the stat of every file the programs read, so
 *   an edit to a file git ignores, or one the caller did not see, is still found; and the
 *   listings of the folders those files are in, so a new file git ignores is found too;
 * - a new or deleted file, or one whose existence is unknown, changes what imports may resolve
 *   to: the tsconfig file lists are read again and programs are made without reusing the old
 *   program's structure (parsed files and the builder's per-file results are still reused);
 * - a changed tsconfig (or a file it extends) makes the session stale: the worker restarts cold.
 *
 * What a run reports as affected (for ESLint's type-aware rules) is every file whose semantic
 * diagnostics the builder computed again, not only the files its queue of affected files yields:
 * when a file's declarations change, the builder also drops the cached diagnostics of the files
 * that import a file re-exporting it (a barrel) and of their importers, without yielding them.
 */
import type ts from 'typescript';
import type { CheckOutput, CheckRequest, TscOptions } from '../checks/check.js';
import { makeRepoPath } from '../checks/repo-path.js';
import { makeFileCollector } from '../checks/tsc.js';
import { resolveConfigPath } from '../checks/tsc-config-path.js';
import { emitsDeclarations } from '../checks/tsc-diagnostics.js';
import { makeCompilerHost } from '../checks/tsc-program.js';
import { loadProjects, makeConfigParser, type ConfigParser, type TscProject } from '../checks/tsc-projects.js';
import { makeSourceFileCache, makeTextVersion } from '../checks/tsc-source-files.js';
import { makeFileStates } from './file-states.js';
import { makeFolderListings } from './folder-listings.js';
import { makeStaleSessionError } from './stale-session.js';

type TypeScript = typeof ts;

/** One project's program as the last run left it, for ESLint's type-aware rules. */
export interface WarmProgram {
  configPath: string;
  program: ts.Program;
}

export interface TscRun {
  output: CheckOutput;
  /** Files (absolute) whose diagnostics this run computed again, or `all`. */
  affected: ReadonlySet<string> | 'all';
}

export interface TscSession {
  /** Checks the tree as it is now. `hint`: absolute paths the caller knows changed since the last run; null when unknown. */
  run(hint: readonly string[] | null): TscRun;
  /** The programs of the last run, in project order (dependencies first). */
  readonly programs: readonly WarmProgram[];
  /** Index into `programs` of the project that reports a file (lists it first), if any. */
  ownerOf(fileName: string): number | undefined;
}

interface ProjectState {
  project: TscProject;
  program: ts.Program;
  builder: ts.SemanticDiagnosticsBuilderProgram;
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
  let parser: ConfigParser | undefined;
  let states: ProjectState[] = [];
  let owners = new Map<string, number>();

  const parseProjects = (): TscProject[] => {
    parser = makeConfigParser(ts, (path) => {
      if (!configFiles.has(path)) configFiles.record(path);
    });
    return loadProjects(ts, configPath, parser);
  };

  const build = (projects: readonly TscProject[], reuseStructure: boolean): ProjectState[] =>
    projects.map((project, index) => {
      const previous = states[index];
      const { options, fileNames, projectReferences } = project.parsed;
      const host = makeCompilerHost(ts, project, parser!, (base) => sourceFiles.wrap(base, options));
      const program = ts.createProgram({
        rootNames: fileNames,
        // The builder would otherwise stop at direct importers, and answer unlike a cold run.
        options: { ...options, assumeChangesOnlyAffectDirectDependencies: false },
        host,
        ...(projectReferences === undefined ? {} : { projectReferences }),
        configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(project.parsed),
        ...(reuseStructure && previous !== undefined ? { oldProgram: previous.program } : {}),
      });
      trackChecks(program);
      return { project, program, builder: ts.createSemanticDiagnosticsBuilderProgram(program, host, previous?.builder) };
    });

  /** Files whose semantic diagnostics the builders computed in this run; undefined when TypeScript does not let that be seen. */
  let checkedNow: Set<string> | undefined;
  /**
   * The builder gets a file's diagnostics from `program.getBindAndCheckDiagnostics` (internal, in
   * TypeScript 5 and 6) whenever it has none cached: wrapping it tells which files were checked.
   */
  const trackChecks = (program: ts.Program) => {
    const internal = program as ts.Program & { getBindAndCheckDiagnostics?: (file: ts.SourceFile, token?: ts.CancellationToken) => readonly ts.Diagnostic[] };
    const original = internal.getBindAndCheckDiagnostics;
    if (typeof original !== 'function') {
      checkedNow = undefined;
      return;
    }
    internal.getBindAndCheckDiagnostics = (file, token) => {
      checkedNow?.add(file.fileName);
      return original.call(program, file, token);
    };
  };

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

  /** Drains each builder's queue of affected files, computing their semantic diagnostics now. */
  const drainAffected = (): Set<string> | 'all' => {
    const affected = new Set<string>();
    let all = false;
    for (const { builder } of states) {
      for (let next = builder.getSemanticDiagnosticsOfNextAffectedFile(); next !== undefined; next = builder.getSemanticDiagnosticsOfNextAffectedFile()) {
        if (isSourceFile(ts, next.affected)) affected.add(next.affected.fileName);
        else all = true;
      }
    }
    return all ? 'all' : affected;
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
  };

  return {
    get programs() {
      return states.map(({ project, program }) => ({ configPath: project.configPath, program }));
    },
    ownerOf: (fileName) => owners.get(fileName),
    run(hint) {
      const first = states.length === 0;
      const { changed, structural } = first ? { changed: new Set<string>(), structural: true } : findChanges(hint);
      const projects = first ? parseProjects() : structural ? readProjectsAgain() : states.map((state) => state.project);
      checkedNow = new Set();
      states = build(projects, !structural);
      owners = new Map();
      projects.forEach((project, index) => {
        for (const fileName of project.parsed.fileNames) if (!owners.has(fileName)) owners.set(fileName, index);
      });

      const collector = makeFileCollector(ts, projects, toRepoPath);
      // tsc reads the programs' global diagnostics before checking any file; so does this.
      for (const { program } of states) collector.addConfigDiagnostics(program);
      const drained = first ? 'all' : drainAffected();
      // A file's semantic diagnostics are read before its declaration diagnostics, so by then checkedNow has it.
      const isAffected = (fileName: string) =>
        drained === 'all' || checkedNow === undefined || checkedNow.has(fileName) || drained.has(fileName) || changed.has(fileName);
      states.forEach(({ program, builder }, index) => {
        const declare = emitsDeclarations(program.getCompilerOptions());
        collector.addFiles(program, index, {
          semantic: (file) => builder.getSemanticDiagnostics(file),
          declaration: (file) => {
            let cached = declarations.get(file.fileName);
            if (cached === undefined || isAffected(file.fileName)) {
              cached = declare ? program.getDeclarationDiagnostics(file) : [];
              declarations.set(file.fileName, cached);
            }
            return cached;
          },
        });
      });
      recordDocuments();
      return {
        output: { version: ts.version, ...collector.finish() },
        affected: drained === 'all' || checkedNow === undefined ? 'all' : new Set([...drained, ...checkedNow, ...changed]),
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

function isSourceFile(ts: TypeScript, affected: ts.SourceFile | ts.Program): affected is ts.SourceFile {
  return (affected as ts.SourceFile).kind === ts.SyntaxKind.SourceFile;
}
