/**
 * Module graph edges as the compiler resolved them: tsconfig `paths`, `export *` barrels,
 * `import type`, dynamic `import()`, and imports of a referenced project (which the program maps
 * to that project's source files). Package declaration files are nodes; default lib files are not.
 *
 * The fast route reads the program's own resolutions (`sourceFile.imports` and
 * `program.getResolvedModuleFromModuleSpecifier`, internal but present in 5.x and 6.x); the
 * public route re-resolves every specifier with `resolveModuleName` and a shared cache. Both
 * give the same edges; the public one is only the fallback when the internals disappear.
 */
import type ts from 'typescript';
import { dirname, resolve } from 'node:path';

type TypeScript = typeof ts;

export type ImportRoute = 'internal' | 'public';

interface InternalSourceFile extends ts.SourceFile {
  imports?: readonly ts.StringLiteralLike[];
}

interface InternalProgram extends ts.Program {
  getResolvedModuleFromModuleSpecifier?(
    specifier: ts.StringLiteralLike,
    file: ts.SourceFile,
  ): ts.ResolvedModuleWithFailedLookupLocations | undefined;
}

/** Which route this TypeScript supports. */
export function readImportRoute(program: ts.Program): ImportRoute {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the rule misreads it: without it `imports` is unknown
  const file = program.getSourceFiles()[0] as InternalSourceFile | undefined;
  const internal = program as InternalProgram;
  return typeof internal.getResolvedModuleFromModuleSpecifier === 'function' &&
    (file === undefined || Array.isArray(file.imports))
    ? 'internal'
    : 'public';
}

/** Absolute imported file names of `file`, each a file of the program, in first-seen order. */
export function readFileImports(
  ts: TypeScript,
  program: ts.Program,
  file: ts.SourceFile,
  route: ImportRoute,
  cache: ts.ModuleResolutionCache,
): string[] {
  const resolved = route === 'internal' ? resolveInternally(program, file) : resolvePublicly(ts, program, file, cache);
  const referenced = file.referencedFiles.map((reference) => resolve(dirname(file.fileName), reference.fileName));
  const targets = new Set<string>();
  for (const name of [...resolved, ...referenced]) {
    // getSourceFile maps a referenced project's output declaration file to its source file.
    const target = program.getSourceFile(name);
    if (target === undefined || target === file || program.isSourceFileDefaultLibrary(target)) continue;
    targets.add(target.fileName);
  }
  return [...targets];
}

export function makeResolutionCache(ts: TypeScript, program: ts.Program): ts.ModuleResolutionCache {
  const canonical = ts.sys.useCaseSensitiveFileNames ? (name: string) => name : (name: string) => name.toLowerCase();
  return ts.createModuleResolutionCache(program.getCurrentDirectory(), canonical, program.getCompilerOptions());
}

function resolveInternally(program: InternalProgram, file: InternalSourceFile): string[] {
  return (file.imports ?? []).flatMap((specifier) => {
    const name = program.getResolvedModuleFromModuleSpecifier?.(specifier, file)?.resolvedModule?.resolvedFileName;
    return name === undefined ? [] : [name];
  });
}

function resolvePublicly(
  ts: TypeScript,
  program: ts.Program,
  file: ts.SourceFile,
  cache: ts.ModuleResolutionCache,
): string[] {
  const options = program.getCompilerOptions();
  const specifiers = ts.preProcessFile(file.text, true, true).importedFiles;
  return specifiers.flatMap((specifier) => {
    // preProcessFile gives names, not nodes, so a per-usage mode (an `import()` in a CommonJS
    // file, `with { 'resolution-mode' }`) is approximated by the file's own format.
    const result = ts.resolveModuleName(
      specifier.fileName,
      file.fileName,
      options,
      ts.sys,
      cache,
      undefined,
      file.impliedNodeFormat,
    );
    const name = result.resolvedModule?.resolvedFileName;
    return name === undefined ? [] : [name];
  });
}
