/**
 * One in-memory program per project. Two things differ from a plain `createProgram`:
 * imports of a referenced project resolve to its source files, so a workspace type-checks without
 * any `dist` built (the compiler host's `useSourceOfProjectReferenceRedirect`, the switch tsserver
 * uses), and nothing can be written: we never call `emit`, and a host that is asked to write throws.
 */
import type ts from 'typescript';
import type { ConfigParser, TscProject } from './projects.js';
import type { GetSourceFile, SourceFileCache } from './source-files.js';

type TypeScript = typeof ts;

/** TypeScript reads this optional host member (marked internal) in 5.x and 6.x. */
interface SourceRedirectingHost extends ts.CompilerHost {
  useSourceOfProjectReferenceRedirect(): boolean;
}

export function makeProgram(
  ts: TypeScript,
  project: TscProject,
  parser: ConfigParser,
  sourceFiles: SourceFileCache,
): ts.Program {
  const { options, fileNames, projectReferences } = project.parsed;
  const host = makeCompilerHost(ts, project, parser, (base) => sourceFiles.wrap(base, options));
  return ts.createProgram({
    rootNames: fileNames,
    options,
    host,
    projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(project.parsed),
  });
}

/**
 * The compiler host of one project: sources of referenced projects, references parsed as
 * written, writes refused. `wrapGetSourceFile` decides where parsed files come from (a cache
 * shared by the projects of one run, or a warm session's cache kept between runs).
 */
export function makeCompilerHost(
  ts: TypeScript,
  project: TscProject,
  parser: ConfigParser,
  wrapGetSourceFile: (base: GetSourceFile) => GetSourceFile,
): ts.CompilerHost {
  const base = ts.createCompilerHost(project.parsed.options);
  const host: SourceRedirectingHost = Object.assign(base, {
    getSourceFile: wrapGetSourceFile(base.getSourceFile.bind(base)),
    useSourceOfProjectReferenceRedirect: () => true,
    getParsedCommandLine: (configPath: string) => parser.parseAsReference(configPath),
    writeFile: (fileName: string) => {
      throw new Error(`culprit never writes into the checked tree, but TypeScript asked to write ${fileName}`);
    },
  });
  return host;
}
