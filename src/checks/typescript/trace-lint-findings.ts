/**
 * A type-aware linter's findings traced to the declarations they depend on, by a checker of the
 * linter's own kind of project, when no type-checking session of the same request offers one
 * (a cold run of oxlint in its own worker): the repository's TypeScript 7 through its API, each
 * file in the project an editor would open it in, or TypeScript 5/6's compiler, one program per
 * nearest tsconfig. What cannot be traced is said in the returned notes.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type ts from 'typescript';
import type { Diagnostic } from '../../core/diagnostic.js';
import { makeRepoPath } from '../output/repo-path.js';
import { importTool, requireTool } from '../runner/resolve-tool.js';
import type { NativeModule, NativeProject } from './native-api.js';
import { loadNativeTracing, makeNativeTracer } from './native-tracer.js';
import { makeDependencyTracer, traceDiagnostic } from './trace-dependencies.js';

/** Sets `dependsOn` on the findings (absolute file → its findings to trace); returns notes on what could not be traced. */
export async function traceLintFindings(
  root: string,
  byFile: ReadonlyMap<string, readonly Diagnostic[]>,
): Promise<string[]> {
  if (byFile.size === 0) return [];
  let typescript: typeof ts;
  try {
    typescript = requireTool<typeof ts>(root, 'typescript');
  } catch (error) {
    return [`type-aware findings are not traced to causes: ${describeError(error)}`];
  }
  return Number.parseInt(typescript.versionMajorMinor, 10) >= 7
    ? traceWithNativeApi(root, byFile)
    : traceWithCompiler(typescript, root, byFile);
}

async function traceWithNativeApi(root: string, byFile: ReadonlyMap<string, readonly Diagnostic[]>): Promise<string[]> {
  const tracing = await loadNativeTracing(root);
  if ('reason' in tracing) return [`type-aware findings are not traced to causes: ${tracing.reason}`];
  const { API } = await importTool<NativeModule>(root, 'typescript/unstable/sync');
  const api = new API({ cwd: root });
  const toRepoPath = makeRepoPath(root);
  const notes = new Set<string>();
  try {
    const snapshot = api.updateSnapshot({ openFiles: [...byFile.keys()] });
    const tracers = new Map<NativeProject, ReturnType<typeof makeNativeTracer>>();
    for (const [fileName, findings] of byFile) {
      const project = snapshot.getDefaultProjectForFile(fileName);
      const file = project?.program.getSourceFile(fileName);
      if (project === undefined || file === undefined) continue;
      let tracer = tracers.get(project);
      if (tracer === undefined) tracers.set(project, (tracer = makeNativeTracer(tracing, project, toRepoPath)));
      for (const missing of tracer.traceFindings(file, findings).missing) notes.add(missing);
    }
  } finally {
    api.close();
  }
  return [...notes];
}

function traceWithCompiler(
  typescript: typeof ts,
  root: string,
  byFile: ReadonlyMap<string, readonly Diagnostic[]>,
): string[] {
  const toRepoPath = makeRepoPath(root);
  const byConfig = new Map<string, string[]>();
  for (const fileName of byFile.keys()) {
    const config = findNearestTsconfig(root, fileName);
    if (config !== undefined) byConfig.set(config, [...(byConfig.get(config) ?? []), fileName]);
  }
  for (const [configPath, fileNames] of byConfig) {
    const parsed = typescript.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...typescript.sys,
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    );
    if (parsed === undefined) continue;
    const program = typescript.createProgram({
      rootNames: parsed.fileNames,
      options: { ...parsed.options, noEmit: true },
      projectReferences: parsed.projectReferences,
    });
    const tracer = makeDependencyTracer(typescript, program, toRepoPath);
    for (const fileName of fileNames) {
      const file = program.getSourceFile(fileName);
      if (file === undefined) continue;
      for (const finding of byFile.get(fileName) ?? []) traceDiagnostic(tracer, file, finding);
    }
  }
  return [];
}

/** The tsconfig.json nearest a file, inside the repository. */
function findNearestTsconfig(root: string, fileName: string): string | undefined {
  for (let dir = dirname(fileName); dir.startsWith(root); dir = dirname(dir)) {
    const candidate = join(dir, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (dir === root || dirname(dir) === dir) break;
  }
  return undefined;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
