/**
 * The `tsc` check on TypeScript 7 (the native port), through its `typescript/unstable/sync` API:
 * one tsgo process serves the projects' programs, per-file diagnostics and a checker. We use the
 * API rather than the CLI because it gives phases separately, resolves project references to their
 * sources without a `dist` (the CLI reads `dist` declarations, and `tsc -b --noEmit` fails with
 * TS6310), gives the module graph, and writes nothing (the CLI writes tsbuildinfo files).
 * The API is unstable: everything we need from it is named in checks/typescript/native-api.ts.
 */
import { basename, dirname, join, resolve } from 'node:path';
import type { DeclarationRow, DeclarationTables } from '../../core/declaration-table.js';
import type { Diagnostic, Phase } from '../../core/diagnostic.js';
import type { CheckOutput, CheckRequest, ImportRecord } from '../check.js';
import type { TscOptions } from './index.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { makeRepoPath } from '../output/repo-path.js';
import { importTool } from '../runner/resolve-tool.js';
import { readOwners } from './read-owners.js';
import { resolveConfigPath } from './config-path.js';
import type {
  NativeApi,
  NativeDiagnostic,
  NativeModule,
  NativeProgram,
  NativeProject,
  NativeSnapshot,
  NativeSourceFile,
} from '../typescript/native-api.js';
import { makeLineMapReader, makeNativeDiagnostic } from './native-diagnostics.js';
import { readExtendedConfigs, readProjectReferences } from './native-references.js';
import { isOwnFile, makeStrictReader, makeTscStrength } from './strength.js';
import { makeTscSuppressions, scanTscDirectives } from './suppressions.js';
import { retraceWithClassic } from './classic-retrace.js';
import {
  loadNativeTracing,
  makeNativeTracer,
  type NativeTracer,
  type NativeTracing,
} from '../typescript/native-tracer.js';

export async function runNativeTsc(request: CheckRequest<TscOptions>, version: string): Promise<CheckOutput> {
  const { API } = await importTool<NativeModule>(request.root, 'typescript/unstable/sync');
  const configPaths = readProjectReferences(resolveConfigPath(request.root, request.options.project));
  // The API spawns a tsgo process, which starts while the tracing modules load; closing it is what lets the worker exit.
  const api = new API({ cwd: request.root });
  try {
    const tracing = await loadNativeTracing(request.root);
    return { version, ...checkProjects(api, configPaths, request.root, tracing) };
  } finally {
    api.close();
  }
}

function checkProjects(
  api: NativeApi,
  configPaths: readonly string[],
  root: string,
  tracing: NativeTracing | { reason: string },
): Omit<CheckOutput, 'version'> {
  const projects = openNativeProjects(api.updateSnapshot({ openProjects: [...configPaths] }), configPaths);
  const checker = makeNativeChecker(root, tracing);
  const config = projects.flatMap((project) => checker.readConfigDiagnostics(project));
  const results = new Map<string, NativeFileResult>();
  const owned = listOwnedFiles(projects);
  for (const { project, fileName } of owned) {
    const result = checker.checkFile(project, fileName);
    if (result !== undefined) results.set(fileName, result);
  }
  retraceShort(root, configPaths.at(-1)!, [...results.values()]);
  return {
    ...collectNativeOutput(checker, config, results),
    ...describeNativeRun(
      projects,
      owned.map(({ fileName }) => fileName),
      checker.toRepoPath,
    ),
  };
}

/** One run's output from its files' results (each file once, in order), its tables and notes. */
export function collectNativeOutput(
  checker: NativeChecker,
  config: readonly Diagnostic[],
  results: ReadonlyMap<string, NativeFileResult>,
): Pick<CheckOutput, 'diagnostics' | 'imports' | 'declarations' | 'notes'> {
  const diagnostics = [...config];
  const imports: ImportRecord = {};
  const declarations: DeclarationTables = {};
  const notes = new Set(checker.notes);
  for (const [fileName, result] of results) {
    const path = checker.toRepoPath(fileName);
    diagnostics.push(...result.diagnostics);
    if (result.imports.length > 0) imports[path] = result.imports.map(checker.toRepoPath);
    if (result.declarations !== undefined) declarations[path] = result.declarations;
    for (const note of result.notes ?? []) notes.add(note);
  }
  return {
    diagnostics: dedupeDiagnostics(diagnostics),
    imports,
    declarations: checker.tracing ? declarations : undefined,
    notes: notes.size === 0 ? undefined : [...notes],
  };
}

export function isTracing(tracing: NativeTracing | { reason: string }): tracing is NativeTracing {
  return !('reason' in tracing);
}

/**
 * What a TypeScript 7 run covered and how strictly (strength.ts): the repository's own files it
 * checked, the tsconfig files and those they extend by path, and each project's options (its
 * `compilerOptions` leave TypeScript's defaults out; `strict` is on by default from 6).
 */
export function describeNativeRun(
  projects: readonly NativeProject[],
  checkedFiles: readonly string[],
  toRepoPath: (path: string) => string,
): Pick<CheckOutput, 'checkedPaths' | 'configFiles' | 'strength'> {
  const own = (files: readonly string[]) => [...new Set(files.map(toRepoPath).filter(isOwnFile))].sort();
  const readStrict = makeStrictReader(true);
  return {
    checkedPaths: own(checkedFiles),
    configFiles: own(
      projects.flatMap(({ configFileName }) => [configFileName, ...readExtendedConfigs(configFileName)]),
    ),
    strength: projects.map(({ configFileName, compilerOptions }) => {
      const source = toRepoPath(configFileName);
      return makeTscStrength(compilerOptions, isOwnFile(source) ? source : null, readStrict);
    }),
  };
}

/** The opened projects of a snapshot, in the order of `configPaths`; at least the configured one. */
export function openNativeProjects(snapshot: NativeSnapshot, configPaths: readonly string[]): NativeProject[] {
  const projects = configPaths.flatMap((configPath) => {
    const project = snapshot.getProject(configPath);
    return project === undefined ? [] : [project];
  });
  if (projects.length === 0) throw new Error(`TypeScript could not open ${configPaths.at(-1) ?? 'the project'}`);
  return projects;
}

/** Each file once, with the project that reports it (the first that lists it; files no project lists: the first program). */
export function listOwnedFiles(projects: readonly NativeProject[]): { project: NativeProject; fileName: string }[] {
  const owners = readOwners(projects.map((project) => project.rootFiles));
  const checked = new Set<string>();
  const owned: { project: NativeProject; fileName: string }[] = [];
  projects.forEach((project, index) => {
    for (const fileName of project.program.getSourceFileNames()) {
      const owner = owners.get(fileName);
      if (checked.has(fileName) || (owner !== undefined && owner !== index)) continue;
      checked.add(fileName);
      owned.push({ project, fileName });
    }
  });
  return owned;
}

export interface NativeFileResult {
  diagnostics: Diagnostic[];
  /** Absolute names of the files it imports. */
  imports: string[];
  /** Its declaration table, for a file of the repository's own when causes can be traced. */
  declarations?: DeclarationRow[] | undefined;
  /** How its findings were traced, where the user should know: what the API could not answer. */
  notes?: string[] | undefined;
  /** Findings whose trace met a question TypeScript 7's API cannot answer, and what it was; until retraced. */
  short?: { findings: Diagnostic[]; missing: string[] } | undefined;
}

export interface NativeChecker {
  /** The tree's absolute root. */
  readonly root: string;
  toRepoPath(path: string): string;
  readConfigDiagnostics(project: NativeProject): Diagnostic[];
  /**
   * A file's diagnostics, every phase, semantic ones traced to the declarations they depend on, its
   * imports and declaration table; undefined for default lib files and files the program lacks.
   */
  checkFile(project: NativeProject, fileName: string): NativeFileResult | undefined;
  /** A file's imports alone (absolute names), without checking it; undefined as for checkFile. */
  readImports(project: NativeProject, fileName: string): string[] | undefined;
  /** Notes on the run as a whole: why causes are not traced at all. */
  readonly notes: readonly string[];
  /** Whether files get declaration tables and findings traces. */
  readonly tracing: boolean;
}

export function makeNativeChecker(root: string, tracing: NativeTracing | { reason: string }): NativeChecker {
  const toRepoPath = makeRepoPath(root);
  const tracers = new WeakMap<NativeProject, NativeTracer>();
  const notes = isTracing(tracing)
    ? []
    : [`causes are not traced: TypeScript 7's API cannot be read for them (${tracing.reason})`];
  const tracerOf = (project: NativeProject) => {
    if (!isTracing(tracing)) return undefined;
    let tracer = tracers.get(project);
    if (tracer === undefined) tracers.set(project, (tracer = makeNativeTracer(tracing, project, toRepoPath)));
    return tracer;
  };
  const lineMaps = makeLineMapReader();
  const converterOf = (program: NativeProgram) => (phase: Phase) => (diagnostic: NativeDiagnostic) =>
    makeNativeDiagnostic(diagnostic, phase, toRepoPath, (fileName) => lineMaps.read(fileName, program));
  // Asking the server for the file list is a round trip: once per program.
  const fileSets = new WeakMap<NativeProgram, ReadonlySet<string>>();
  const readFileSet = (program: NativeProgram) => {
    let files = fileSets.get(program);
    if (files === undefined) fileSets.set(program, (files = new Set(program.getSourceFileNames())));
    return files;
  };
  return {
    root,
    toRepoPath,
    readConfigDiagnostics({ program }) {
      const toDiagnostic = converterOf(program);
      const config = [
        ...program.getConfigFileParsingDiagnostics(),
        ...program.getProgramDiagnostics(),
        ...program.getGlobalDiagnostics(),
      ];
      return config.map(toDiagnostic('config'));
    },
    readImports(project, fileName) {
      const { program } = project;
      if (isDefaultLibrary(program, fileName)) return undefined;
      const file = program.getSourceFile(fileName);
      return file === undefined ? undefined : readNativeImports(project, readFileSet(program), fileName, file);
    },
    checkFile(project, fileName) {
      const { program } = project;
      if (isDefaultLibrary(program, fileName)) return undefined;
      const file = program.getSourceFile(fileName);
      if (file === undefined) return undefined;
      const toDiagnostic = converterOf(program);
      const emitsDeclarations =
        project.compilerOptions.declaration === true || project.compilerOptions.composite === true;
      const semantic = program.getSemanticDiagnostics(fileName).map(toDiagnostic('semantic'));
      const path = toRepoPath(fileName);
      const diagnostics = [
        ...program.getSyntacticDiagnostics(fileName).map(toDiagnostic('syntax')),
        ...semantic,
        ...(emitsDeclarations ? program.getDeclarationDiagnostics(fileName).map(toDiagnostic('semantic')) : []),
        // The API does not list a file's directives: its text is scanned for them.
        ...(isOwnFile(path) ? makeTscSuppressions(file.text, path, scanTscDirectives(file.text)) : []),
      ];
      const imports = readNativeImports(project, readFileSet(program), fileName, file);
      const tracer = isOwnFile(path) ? tracerOf(project) : undefined;
      if (tracer === undefined) return { diagnostics, imports };
      // A trace or a table is a hint for triage: an API that answers oddly costs the hint, never the check.
      const { short, missing } = tracer.traceFindings(file, semantic);
      const fileNotes: string[] = [];
      const declarations = readRowsSafely(tracer, file, fileName, fileNotes);
      return {
        diagnostics,
        imports,
        declarations,
        notes: fileNotes.length === 0 ? undefined : fileNotes,
        short: short.length === 0 ? undefined : { findings: short, missing },
      };
    },
    notes,
    tracing: isTracing(tracing),
  };
}

/**
 * Findings the checks just traced short on TypeScript 7 are traced again by TypeScript 6 beside it,
 * or noted as short (classic-retrace.ts); the note stays with their files' results.
 */
export function retraceShort(root: string, configPath: string, results: readonly NativeFileResult[]): void {
  const pending = new Map<string, Diagnostic[]>();
  const missing = new Set<string>();
  const waiting = results.filter((result) => result.short !== undefined);
  for (const { short } of waiting) {
    for (const finding of short!.findings) {
      const fileName = join(root, finding.path!);
      pending.set(fileName, [...(pending.get(fileName) ?? []), finding]);
    }
    for (const question of short!.missing) missing.add(question);
  }
  if (pending.size === 0) return;
  const note = retraceWithClassic(root, configPath, pending, [...missing]);
  for (const result of waiting) {
    result.notes = [...(result.notes ?? []), note];
    result.short = undefined;
  }
}

function readRowsSafely(
  tracer: NativeTracer,
  file: NativeSourceFile,
  fileName: string,
  notes: string[],
): DeclarationRow[] | undefined {
  try {
    return tracer.readRows(file);
  } catch (error) {
    notes.push(`no declaration table for ${fileName}: TypeScript 7's API answered ${String(error)}`);
    return undefined;
  }
}

/** Module specifiers resolved by the checker: each specifier's module symbol is declared by the imported file. */
function readNativeImports(
  project: NativeProject,
  inProgram: ReadonlySet<string>,
  fileName: string,
  file: NativeSourceFile,
): string[] {
  const symbols = file.imports.length === 0 ? [] : project.checker.getSymbolAtLocation(file.imports);
  const resolved = symbols.map((symbol) => symbol?.declarations[0]?.path);
  const referenced = file.referencedFiles.map((reference) => resolve(dirname(fileName), reference.fileName));
  const targets = new Set<string>();
  for (const target of [...resolved, ...referenced]) {
    if (
      target !== undefined &&
      target !== fileName &&
      inProgram.has(target) &&
      !isDefaultLibrary(project.program, target)
    )
      targets.add(target);
  }
  return [...targets];
}

/**
 * Asking the server costs a round trip per file (and fetching a lib file's tree is slow: lib.dom
 * is large), so only files named like a default lib are asked about, by name.
 */
function isDefaultLibrary(program: NativeProgram, fileName: string): boolean {
  return (
    /^lib\..*\.d\.ts$/.test(basename(fileName)) && program.getSourceFileMetadata(fileName)?.isDefaultLibrary === true
  );
}
