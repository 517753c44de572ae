/**
 * Suppression directives in JavaScript and TypeScript comments as findings (issue 35), for the
 * linters that honour such comments but do not list them (oxlint, Biome). A dialect names each
 * directive and what it covers: its own line, the line after the comment, a block up to the
 * directive that ends it (or the end of the file), or the whole file. The comments come from the
 * comment scanner (comment-directives.ts), so a directive inside a string or a template is text.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic, Phase, Suppression } from '../../core/diagnostic.js';
import { findCommentDirectives, type CommentDirective, type DirectiveVocabulary } from './comment-directives.js';

/** What a directive covers: `end` is a block's end, covering nothing itself. */
export type DirectiveReach = 'line' | 'next-line' | 'block' | 'end' | 'file';

export interface DirectiveDialect {
  vocabulary: DirectiveVocabulary;
  /** Directive name → what it covers; a name not listed covers nothing. */
  reach: Readonly<Record<string, DirectiveReach>>;
  phase: Phase;
}

/** Files whose text is JavaScript or TypeScript, as the comment scanner reads it. */
const scriptFile = /\.[cm]?[jt]sx?$/;

/** Larger files are minified or generated: they hold no directive anyone wrote. */
const maxBytes = 4 * 1024 * 1024;

export function isScriptFile(file: string): boolean {
  return scriptFile.test(file);
}

/** The directives of `dialect` in the checked files that are scripts, as suppression findings of `tool`. */
export function readDirectiveSuppressions(
  tool: string,
  dialect: DirectiveDialect,
  root: string,
  paths: readonly string[],
): Diagnostic[] {
  return paths.filter(isScriptFile).flatMap((path) => {
    const text = readScript(join(root, path));
    return text === null ? [] : makeDirectiveSuppressions(tool, dialect, path, text);
  });
}

export function makeDirectiveSuppressions(
  tool: string,
  dialect: DirectiveDialect,
  path: string,
  text: string,
): Diagnostic[] {
  const directives = findCommentDirectives(text.replace(/^\uFEFF/, ''), dialect.vocabulary);
  return directives.flatMap((directive, index): Diagnostic[] => {
    const lines = readLines(directive, directives.slice(index + 1), dialect.reach);
    if (lines === undefined) return [];
    return [
      makeCommentDirectiveFinding({ tool, phase: dialect.phase, path }, directive, {
        codes: directive.codes,
        reason: directive.reason,
        ...lines,
      }),
    ];
  });
}

/** A directive in a comment as a suppression finding of `tool`, at the comment, named by the directive as written. */
export function makeCommentDirectiveFinding(
  at: Pick<Diagnostic, 'tool' | 'phase' | 'path'>,
  directive: CommentDirective,
  suppression: Suppression,
): Diagnostic {
  const { comment } = directive;
  return {
    ...at,
    code: directive.name,
    severity: 'error',
    line: comment.line,
    column: comment.column,
    endLine: comment.endLine,
    endColumn: comment.endColumn,
    message: `${directive.name} ${directive.value}`.trim(),
    kind: 'suppression',
    suppression,
  };
}

function readLines(
  directive: CommentDirective,
  later: readonly CommentDirective[],
  reach: DirectiveDialect['reach'],
): { from: number; to: number } | undefined {
  const { comment } = directive;
  switch (reach[directive.name]) {
    case 'line':
      return { from: comment.line, to: comment.endLine };
    case 'next-line':
      return { from: comment.endLine + 1, to: comment.endLine + 1 };
    case 'block': {
      // The first end that names no codes, or the codes this block names, ends it.
      const end = later.find(
        (other) =>
          reach[other.name] === 'end' &&
          (other.codes.length === 0 || other.codes.every((code) => directive.codes.includes(code))),
      );
      return { from: comment.line, to: end?.comment.line ?? 0 };
    }
    case 'file':
      return { from: 1, to: 0 };
    case 'end':
    case undefined:
      return undefined;
  }
}

function readScript(file: string): string | null {
  try {
    if (statSync(file).size > maxBytes) return null;
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
