/**
 * The `tsc` check: the repository's own TypeScript, as `tsc --noEmit -p <project>` would check
 * it, with project references followed to their sources and the module graph read from the
 * compiler's own resolution. TypeScript 5.x and 6.x run through the classic compiler API in this
 * process; TypeScript 7 (the native port) has no such API and goes to tsc-native.ts.
 */
import type ts from 'typescript';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { CheckOutput, CheckRequest, DerivedSpans, ImportRecord } from '../check.js';
import type { TscOptions } from './index.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { readOwners } from './read-owners.js';
import { makeRepoPath } from '../output/repo-path.js';
import { requireTool } from '../runner/resolve-tool.js';
import { resolveConfigPath } from './config-path.js';
import { runNativeTsc } from './native.js';
import { makeDerivedAnalysis, type DerivedAnalysis } from './derived.js';
import { collectConfigDiagnostics, collectFileDiagnostics, type FileDiagnosticSource } from './diagnostics.js';
import { makeResolutionCache, readFileImports, readImportRoute, type ImportRoute } from './imports.js';
import { makeProgram } from './program.js';
import { loadProjects, makeConfigParser, type TscProject } from './projects.js';
import { makeSourceFileCache } from './source-files.js';
import type { DeclarationTables } from '../../core/declaration-table.js';
import { readDeclarationRows } from '../typescript/declaration-table.js';
import { isOwnFile, makeStrictReader, makeTscStrength, type CompilerOptionValues } from './strength.js';
import { makeTscSuppressions, readSourceFileDirectives } from './suppressions.js';
import { makeDependencyTracer, traceDiagnostic, type DependencyTracer } from '../typescript/trace-dependencies.js';
import { reportFilesDone } from '../runner/progress.js';

type TypeScript = typeof ts;

export async function runTsc(request: CheckRequest<TscOptions>): Promise<CheckOutput> {
  // TypeScript 7's main export is only its version; that is enough to choose the route.
  const ts = requireTool<TypeScript>(request.root, 'typescript');
  if (readMajorVersion(ts.versionMajorMinor) >= 7) return runNativeTsc(request, ts.version);
  return checkWithCompilerApi(ts, request);
}

export interface CompilerApiSettings {
  /** Which import resolution route to use; by default the fastest this TypeScript supports. */
  importRoute?: ImportRoute;
}

export function checkWithCompilerApi(
  ts: TypeScript,
  request: CheckRequest<TscOptions>,
  settings: CompilerApiSettings = {},
): CheckOutput {
  const toRepoPath = makeRepoPath(request.root);
  const parser = makeConfigParser(ts);
  const sourceFiles = makeSourceFileCache(ts);
  const projects = loadProjects(ts, resolveConfigPath(request.root, request.options.project), parser);
  const collector = makeFileCollector(ts, projects, toRepoPath, settings);
  projects.forEach((project, index) => {
    const program = makeProgram(ts, project, parser, sourceFiles);
    collector.addConfigDiagnostics(program);
    collector.addFiles(program, index);
  });
  return { version: ts.version, ...collector.finish() };
}

export interface FileCollector {
  /** The program's tsconfig, options and global diagnostics; read them before checking any file, as tsc does. */
  addConfigDiagnostics(program: ts.Program): void;
  /** Diagnostics and import edges of the files this program owns (each file once, over every program). */
  /** `imports`: each file's imports (absolute), when the caller has read them already. */
  addFiles(
    program: ts.Program,
    index: number,
    source?: FileDiagnosticSource,
    imports?: ReadonlyMap<string, readonly string[]>,
  ): void;
  finish(): Pick<
    CheckOutput,
    'diagnostics' | 'imports' | 'derived' | 'declarations' | 'checkedPaths' | 'configFiles' | 'strength'
  >;
}

/** What one tsc check reports, gathered program by program; shared by the cold run and the warm session. */
export function makeFileCollector(
  ts: TypeScript,
  projects: readonly TscProject[],
  toRepoPath: (path: string) => string,
  settings: CompilerApiSettings = {},
): FileCollector {
  const owners = readOwners(projects.map((project) => project.parsed.fileNames));
  const checked = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const imports: ImportRecord = {};
  const derived: DerivedSpans = { origins: [], spans: {} };
  const declarations: DeclarationTables = {};
  const checkedPaths = new Set<string>();
  const suppressions: Diagnostic[] = [];
  return {
    addConfigDiagnostics(program) {
      diagnostics.push(...collectConfigDiagnostics(ts, program, toRepoPath));
    },
    addFiles(program, index, source, known) {
      const route = settings.importRoute ?? readImportRoute(program);
      let cache: ts.ModuleResolutionCache | undefined;
      let analysis: DerivedAnalysis | undefined;
      let tracer: DependencyTracer | undefined;
      const checker = program.getTypeChecker();
      const files = program.getSourceFiles();
      for (const [position, file] of files.entries()) {
        // What a terminal's progress line shows (checks/runner/progress.ts): checking is most of a cold run.
        reportFilesDone(position + 1, files.length);
        // Each file once, from the project that owns it (files no project lists: the first program).
        const owner = owners.get(file.fileName);
        if (checked.has(file.fileName) || (owner !== undefined && owner !== index)) continue;
        checked.add(file.fileName);
        // TypeScript's own lib files are not checked: nothing in them is the agent's to fix, the
        // user-side half of a clash with them is reported in the user's file, and checking them is
        // most of the time a small project's tsc run takes (seconds, on every attempt).
        if (program.isSourceFileDefaultLibrary(file)) continue;
        const reused = source?.reused?.(file);
        const found = reused ?? collectFileDiagnostics(ts, program, file, toRepoPath, source);
        // Read from the program itself, warm or cold, so a warm run marks what a cold one does.
        // A baseline's findings come traced; a file whose findings are unchanged adds no derived values.
        if (found.length > 0 && reused === undefined)
          (analysis ??= makeDerivedAnalysis(ts, program, toRepoPath, derived)).addFile(file, found);
        for (const finding of reused === undefined ? found : []) {
          if (finding.phase !== 'semantic') continue;
          traceDiagnostic((tracer ??= makeDependencyTracer(ts, program, toRepoPath)), file, finding);
        }
        if (!program.isSourceFileFromExternalLibrary(file) && !file.fileName.includes('/node_modules/')) {
          const path = toRepoPath(file.fileName);
          const read = () => readDeclarationRows(ts, checker, file);
          if (isOwnFile(path)) {
            declarations[path] = source?.declarationRows?.(file, read) ?? read();
            // The run's coverage, and the directives in it (read afresh, also where findings are reused).
            checkedPaths.add(path);
            suppressions.push(...makeTscSuppressions(file.text, path, readSourceFileDirectives(file)));
          }
        }
        diagnostics.push(...found);
        const targets =
          known?.get(file.fileName) ??
          readFileImports(ts, program, file, route, (cache ??= makeResolutionCache(ts, program)));
        if (targets.length > 0) imports[toRepoPath(file.fileName)] = targets.map(toRepoPath);
      }
    },
    finish: () => ({
      diagnostics: dedupeDiagnostics([...diagnostics, ...suppressions]),
      imports,
      derived: derived.origins.length === 0 ? undefined : derived,
      declarations,
      checkedPaths: [...checkedPaths].sort(),
      ...describeProjects(ts, projects, toRepoPath),
    }),
  };
}

/** The tsconfig files of the projects and those they extend, inside the repository, and each project's strength. */
function describeProjects(
  ts: TypeScript,
  projects: readonly TscProject[],
  toRepoPath: (path: string) => string,
): Pick<CheckOutput, 'configFiles' | 'strength'> {
  const internal = ts as TypeScript & { getStrictOptionValue?: (options: ts.CompilerOptions, flag: string) => boolean };
  const readStrict =
    typeof internal.getStrictOptionValue === 'function'
      ? (options: CompilerOptionValues, flag: string) =>
          internal.getStrictOptionValue!(options as ts.CompilerOptions, flag)
      : makeStrictReader(readMajorVersion(ts.versionMajorMinor) >= 6);
  const configFiles = new Set<string>();
  const strength = projects.map(({ configPath, parsed }) => {
    const extended = (parsed.options.configFile as { extendedSourceFiles?: string[] } | undefined)?.extendedSourceFiles;
    for (const file of [configPath, ...(extended ?? [])]) {
      const path = toRepoPath(file);
      if (isOwnFile(path)) configFiles.add(path);
    }
    const source = toRepoPath(configPath);
    const { configFile: _configFile, ...options } = parsed.options;
    return makeTscStrength(options, isOwnFile(source) ? source : null, readStrict);
  });
  return { configFiles: [...configFiles].sort(), strength };
}

export function readMajorVersion(versionMajorMinor: string): number {
  return Number.parseInt(versionMajorMinor.split('.')[0] ?? '0', 10);
}
