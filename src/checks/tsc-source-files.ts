/**
 * Parsed source files shared by the programs of one check. A workspace of ten packages would
 * otherwise parse the default lib, `@types` and every shared source file ten times. The key is
 * the one tsserver's document registry uses (the options that affect parsing and binding, plus
 * how the file is parsed), so a file is only shared between programs that would build it alike.
 */
import type ts from 'typescript';

type TypeScript = typeof ts;

export type GetSourceFile = ts.CompilerHost['getSourceFile'];

export interface SourceFileCache {
  /** Wraps a compiler host's getSourceFile for a program with `options`. */
  wrap(getSourceFile: GetSourceFile, options: ts.CompilerOptions): GetSourceFile;
}

export function makeSourceFileCache(ts: TypeScript): SourceFileCache {
  const registry = ts.createDocumentRegistry();
  const files = new Map<string, ts.SourceFile | undefined>();
  return {
    wrap(getSourceFile, options) {
      const settingsKey = registry.getKeyForCompilationSettings(options);
      return (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
        const parse = typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
        const key = JSON.stringify([settingsKey, fileName, parse.languageVersion, parse.impliedNodeFormat, parse.jsDocParsingMode]);
        if (shouldCreateNewSourceFile !== true && files.has(key)) return files.get(key);
        const file = getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
        files.set(key, file);
        return file;
      };
    },
  };
}
