/**
 * Where a symbol a finding names is declared, when that is a file the patch changed. "Property
 * 'tr' does not exist on type 'CommandProps'" at forty sites is one change to CommandProps; saying
 * where CommandProps lives, and that the edit touched that file, points the agent at the cause.
 * A static text search over the changed files' lines: no compiler, no resolution, so a same-named
 * declaration elsewhere can mislead it, which is why only changed files are searched.
 */
import { compareStrings } from '../diagnostic.js';

export interface Declaration {
  /** The symbol, as the message quotes it. */
  name: string;
  /** The changed file that declares it. */
  path: string;
  /** 1-based line of the declaration. */
  line: number;
}

/** Finds a declaration for one of the symbols a message quotes, or undefined. */
export type DeclarationFinder = (message: string) => Declaration | undefined;

/** A type-like declaration at the start of a line: `export interface X`, `type X<T> =`, `export declare abstract class X`, `const enum X`, Python's `class X:`. */
const declarationLine =
  /^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:const\s+)?(?:interface|type|class|enum)\s+([A-Za-z_$][\w$]*)/;
/** A quoted identifier, optionally with type arguments or array brackets: 'RateCard', 'Box<T>', `Config`, 'Rate[]'. */
const quotedName = /['"`]([A-Za-z_$][\w$]*)(?:<[^'"`]*>)?(?:\[\])*['"`]/g;
/** A patch touching more files than this is a codemod; reading all of them costs more than the hint is worth. */
const maxSearchedFiles = 500;

/**
 * Indexes the type-like declarations of the changed files (the first `maxSearchedFiles` in path
 * order; the first declaration of a name wins), lazily on the first question. The finder tries
 * the message's quoted names in order, so "Property 'tr' … on type 'CommandProps'" finds
 * CommandProps unless a type named tr was declared too.
 */
export function makeDeclarationFinder(
  changedFiles: Iterable<string>,
  sourceLines: (path: string) => readonly string[] | undefined,
): DeclarationFinder {
  let index: Map<string, Declaration> | undefined;
  return (message) => {
    index ??= indexDeclarations([...changedFiles].sort(compareStrings).slice(0, maxSearchedFiles), sourceLines);
    for (const match of message.matchAll(quotedName)) {
      const found = index.get(match[1]!);
      if (found !== undefined) return found;
    }
    return undefined;
  };
}

function indexDeclarations(
  files: readonly string[],
  sourceLines: (path: string) => readonly string[] | undefined,
): Map<string, Declaration> {
  const index = new Map<string, Declaration>();
  for (const path of files) {
    (sourceLines(path) ?? []).forEach((text, at) => {
      const name = declarationLine.exec(text)?.[1];
      if (name !== undefined && !index.has(name)) index.set(name, { name, path, line: at + 1 });
    });
  }
  return index;
}
