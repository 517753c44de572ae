/**
 * A language service over one project, in culprit's own process, writing nothing: what an
 * editor's quick fix and rename ask. Files are read from disk, except those an overlay gives:
 * `culprit fix` lays the baseline's text of the files the edit changed over the work tree to
 * ask TypeScript's rename provider about the program before the edit.
 */
import type ts from 'typescript';
import { dirname } from 'node:path';
import type { ConfigParser, TscProject } from './projects.js';

type TypeScript = typeof ts;

/** Absolute file name → its text, or null for a file that does not exist there. */
export type FileOverlay = ReadonlyMap<string, string | null>;

export function makeLanguageService(
  ts: TypeScript,
  project: TscProject,
  parser: ConfigParser,
  overlay: FileOverlay = new Map(),
): ts.LanguageService {
  return ts.createLanguageService(makeServiceHost(ts, project, parser, overlay), ts.createDocumentRegistry());
}

function makeServiceHost(
  ts: TypeScript,
  project: TscProject,
  parser: ConfigParser,
  overlay: FileOverlay,
): ts.LanguageServiceHost {
  const { options, projectReferences } = project.parsed;
  const fileNames = listRootNames(project.parsed.fileNames, overlay);
  const readFile = (path: string, encoding?: string) => {
    const known = overlay.get(path);
    return known !== undefined ? (known ?? undefined) : ts.sys.readFile(path, encoding);
  };
  const host: ts.LanguageServiceHost & { useSourceOfProjectReferenceRedirect(): boolean } = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => fileNames,
    getScriptVersion: () => '0',
    getScriptSnapshot: (fileName) => {
      const text = readFile(fileName);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => dirname(project.configPath),
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    getProjectReferences: () => projectReferences,
    getParsedCommandLine: (configPath) => parser.parseAsReference(configPath),
    // As the check's programs do: a referenced project's imports resolve to its sources.
    useSourceOfProjectReferenceRedirect: () => true,
    fileExists: (path) => (overlay.has(path) ? overlay.get(path) !== null : ts.sys.fileExists(path)),
    readFile,
    readDirectory: (...args) => ts.sys.readDirectory(...args),
    directoryExists: (path) => ts.sys.directoryExists(path),
    getDirectories: (path) => ts.sys.getDirectories(path),
  };
  return host;
}

/**
 * The project's root files under the overlay: without the files it says do not exist, and with
 * the files it adds beside a root file of the same kind (a file the edit deleted or moved away,
 * which the project's `include` listed where it was). Anything else it holds is reached through imports.
 */
function listRootNames(fileNames: readonly string[], overlay: FileOverlay): string[] {
  const roots = fileNames.filter((name) => overlay.get(name) !== null);
  const listed = new Set(roots);
  const folders = new Set(roots.map((name) => dirname(name)));
  for (const [name, text] of overlay) {
    if (text === null || listed.has(name) || !folders.has(dirname(name))) continue;
    if (/\.(?:[cm]?tsx?|d\.[cm]?ts)$/.test(name) && !name.includes('/node_modules/')) roots.push(name);
  }
  return roots;
}
