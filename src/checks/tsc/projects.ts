/**
 * The projects one `tsc` check covers: the configured tsconfig and, transitively, every project
 * it references, each with its own options. Parsing goes through TypeScript's own
 * `getParsedCommandLineOfConfigFile`, so `extends`, `paths` and `include` mean what they mean to tsc.
 */
import type ts from 'typescript';

type TypeScript = typeof ts;

export interface TscProject {
  configPath: string;
  /** Parsed as `tsc --noEmit -p <configPath>` would parse it. */
  parsed: ts.ParsedCommandLine;
}

export interface ConfigParser {
  /** Parses as `tsc --noEmit -p` would; throws when the file cannot be read at all. */
  parseForCheck(configPath: string): ts.ParsedCommandLine;
  /**
   * Parses without culprit's `noEmit`, for a program resolving its project references: tsc
   * rejects a referenced project that disables emit (TS6310), so references must look as written.
   * Undefined when unreadable; the referencing program then reports the broken reference itself.
   */
  parseAsReference(configPath: string): ts.ParsedCommandLine | undefined;
}

/** `onReadFile`: told every file parsing reads (tsconfig files and what they extend), for a warm session to watch. */
export function makeConfigParser(ts: TypeScript, onReadFile?: (path: string) => void): ConfigParser {
  const extendedConfigCache = new Map<string, ts.ExtendedConfigCacheEntry>();
  const references = new Map<string, ts.ParsedCommandLine | undefined>();
  const parse = (configPath: string, optionsToExtend: ts.CompilerOptions) => {
    let unrecoverable: ts.Diagnostic | undefined;
    const host: ts.ParseConfigFileHost = {
      ...ts.sys,
      ...(onReadFile === undefined
        ? {}
        : {
            readFile: (path: string) => {
              onReadFile(path);
              return ts.sys.readFile(path);
            },
          }),
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        unrecoverable = diagnostic;
      },
    };
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, optionsToExtend, host, extendedConfigCache);
    return { parsed, unrecoverable };
  };
  return {
    parseForCheck(configPath) {
      const { parsed, unrecoverable } = parse(configPath, { noEmit: true });
      if (parsed !== undefined) return parsed;
      const reason =
        unrecoverable === undefined ? 'unknown error' : ts.flattenDiagnosticMessageText(unrecoverable.messageText, ' ');
      throw new Error(`tsc could not read ${configPath}: ${reason}`);
    },
    parseAsReference(configPath) {
      if (!references.has(configPath)) references.set(configPath, parse(configPath, {}).parsed);
      return references.get(configPath);
    },
  };
}

/**
 * The configured project and every project it references, dependencies before dependents.
 * A reference that cannot be read is left out here; the program that references it reports it.
 */
export function loadProjects(ts: TypeScript, configPath: string, parser: ConfigParser): TscProject[] {
  const order: TscProject[] = [];
  const seen = new Set<string>();
  const visit = (path: string, parsed: ts.ParsedCommandLine) => {
    seen.add(path);
    for (const reference of parsed.projectReferences ?? []) {
      const referencePath = ts.resolveProjectReferencePath(reference);
      if (seen.has(referencePath) || !ts.sys.fileExists(referencePath)) continue;
      const referenced = tryParse(() => parser.parseForCheck(referencePath));
      if (referenced !== undefined) visit(referencePath, referenced);
    }
    order.push({ configPath: path, parsed });
  };
  visit(configPath, parser.parseForCheck(configPath));
  return order;
}

function tryParse(parse: () => ts.ParsedCommandLine): ts.ParsedCommandLine | undefined {
  try {
    return parse();
  } catch {
    return undefined;
  }
}
