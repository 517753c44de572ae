/**
 * Parsed source files shared by the programs of one check. A workspace of ten packages would
 * otherwise parse the default lib, `@types` and every shared source file ten times. The key is
 * the one tsserver's document registry uses (the options that affect parsing and binding, plus
 * how the file is parsed), so a file is only shared between programs that would build it alike.
 *
 * A warm session keeps the cache between runs: every parsed file carries a `version` (the hash
 * of its text, which TypeScript's builder compares), and a file that changed is forgotten so the
 * next program parses it again while every other file keeps its SourceFile object.
 */
import { hash } from 'node:crypto';
import type ts from 'typescript';

type TypeScript = typeof ts;

export type GetSourceFile = ts.CompilerHost['getSourceFile'];

export interface SourceFileCache {
  /** Wraps a compiler host's getSourceFile for a program with `options`. */
  wrap(getSourceFile: GetSourceFile, options: ts.CompilerOptions): GetSourceFile;
  /** Every file name a program asked for and found, with the version of its text. */
  readonly versions: ReadonlyMap<string, string>;
  /** Drops every parsed form of a file, so the next program reads it again. */
  forget(fileName: string): void;
}

/** The version a warm session gives a text: TypeScript's builder only compares versions for equality. */
export function makeTextVersion(text: string): string {
  return hash('sha1', text, 'hex');
}

/** `versioned`: stamp each file with the version of its text, for a builder (a cold run does not need it). */
export function makeSourceFileCache(
  ts: TypeScript,
  { versioned = false }: { versioned?: boolean } = {},
): SourceFileCache {
  const registry = ts.createDocumentRegistry();
  const files = new Map<string, ts.SourceFile | undefined>();
  const keysOf = new Map<string, Set<string>>();
  const versions = new Map<string, string>();
  return {
    versions,
    wrap(getSourceFile, options) {
      const settingsKey = registry.getKeyForCompilationSettings(options);
      return (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
        const parse =
          typeof languageVersionOrOptions === 'object'
            ? languageVersionOrOptions
            : { languageVersion: languageVersionOrOptions };
        const key = JSON.stringify([
          settingsKey,
          fileName,
          parse.languageVersion,
          parse.impliedNodeFormat,
          parse.jsDocParsingMode,
        ]);
        if (shouldCreateNewSourceFile !== true && files.has(key)) return files.get(key);
        const file = getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
        if (file !== undefined && versioned) {
          const version = versions.get(fileName) ?? makeTextVersion(file.text);
          versions.set(fileName, version);
          // The builder reads this (internal) field to tell changed files from unchanged ones.
          (file as ts.SourceFile & { version?: string }).version = version;
        }
        files.set(key, file);
        let keys = keysOf.get(fileName);
        if (keys === undefined) keysOf.set(fileName, (keys = new Set()));
        keys.add(key);
        return file;
      };
    },
    forget(fileName) {
      for (const key of keysOf.get(fileName) ?? []) files.delete(key);
      keysOf.delete(fileName);
      versions.delete(fileName);
    },
  };
}
