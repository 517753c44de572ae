/**
 * ESLint's directives in a linted file as suppression findings (issue 35): `eslint-disable` (to
 * its `eslint-enable`, or the end of the file), `eslint-disable-line`, `eslint-disable-next-line`
 * (the line after the comment ends), and an inline rule config (`/* eslint prefer-const: off *\/`)
 * that turns a rule off or below the severity the file's config gives it (the whole file). Each
 * names the messages it hid: ESLint's `suppressedMessages` of its rules on the lines it covers.
 * A file whose config sets `noInlineConfig` has none (ESLint ignores them there). Only JavaScript
 * and TypeScript files are read (checks/output/comment-directives.ts); directives in other files
 * ESLint lints through a plugin (Vue, Markdown) are not seen.
 */
import type { Linter } from 'eslint';
import type { Diagnostic, HiddenFinding, Suppression } from '../../core/diagnostic.js';
import { eslintDirectives, findCommentDirectives, type CommentDirective } from '../output/comment-directives.js';
import { makeCommentDirectiveFinding } from '../output/directive-suppressions.js';
import { isInlineConfigOff, type EslintSettings } from './strength.js';

/** `text`: the file's text without a byte order mark; `settings`: its resolved config (strength.ts). */
export function makeEslintSuppressions(
  text: string,
  path: string,
  settings: EslintSettings,
  suppressed: readonly Linter.SuppressedLintMessage[],
): Diagnostic[] {
  if (isInlineConfigOff(settings)) return [];
  const directives = findCommentDirectives(text, eslintDirectives);
  const made: Diagnostic[] = [];
  directives.forEach((directive, index) => {
    const scope = readScope(directive, directives.slice(index + 1), settings);
    if (scope === undefined) return;
    made.push(
      makeCommentDirectiveFinding({ tool: 'eslint', phase: 'lint', path }, directive, {
        ...scope,
        reason: directive.reason,
        // An inline config turns a rule off before it runs: ESLint cannot say what it would have reported.
        hidden: directive.name === 'eslint' ? undefined : listHidden(scope, suppressed),
      }),
    );
  });
  return made;
}

type Scope = Pick<Suppression, 'codes' | 'from' | 'to'>;

/** What a directive covers; undefined for one that suppresses nothing (an `eslint-enable`, a config that lowers no rule). */
function readScope(
  directive: CommentDirective,
  later: readonly CommentDirective[],
  settings: EslintSettings,
): Scope | undefined {
  const { comment, codes } = directive;
  switch (directive.name) {
    case 'eslint-disable-line':
      // ESLint refuses one that spans lines.
      return comment.line === comment.endLine ? { codes, from: comment.line, to: comment.line } : undefined;
    case 'eslint-disable-next-line':
      return { codes, from: comment.endLine + 1, to: comment.endLine + 1 };
    case 'eslint-disable':
      return { codes, from: comment.line, to: findEnable(codes, later) };
    case 'eslint': {
      const lowered = readInlineSeverities(directive.value).filter(
        ([rule, severity]) => severity < (settings[rule]?.[0] ?? 0),
      );
      return lowered.length === 0 ? undefined : { codes: lowered.map(([rule]) => rule), from: 1, to: 0 };
    }
    default:
      return undefined;
  }
}

/** The line of the `eslint-enable` that ends a block `eslint-disable` of `codes` (all when empty); 0 when none does. */
function findEnable(codes: readonly string[], later: readonly CommentDirective[]): number {
  const remaining = new Set(codes);
  for (const directive of later) {
    if (directive.name !== 'eslint-enable') continue;
    if (directive.codes.length === 0) return directive.comment.line;
    if (codes.length === 0) continue;
    for (const code of directive.codes) remaining.delete(code);
    if (remaining.size === 0) return directive.comment.line;
  }
  return 0;
}

const severities: Record<string, number> = { off: 0, warn: 1, error: 2, '0': 0, '1': 1, '2': 2 };

/** Each rule an inline config (`prefer-const: off, quotes: [1, "double"]`) sets, with the severity it sets. */
function readInlineSeverities(value: string): [string, number][] {
  const found: [string, number][] = [];
  for (const match of value.matchAll(
    /(?:^|[\s,{])(["']?)([^\s"':,{}[\]]+)\1\s*:\s*\[?\s*(["']?)(off|warn|error|[012])\3(?![\w-])/g,
  ))
    found.push([match[2]!, severities[match[4]!]!]);
  return found;
}

/** The messages ESLint says a directive hid: its rules, on the lines it covers. */
function listHidden(scope: Scope, suppressed: readonly Linter.SuppressedLintMessage[]): HiddenFinding[] {
  return suppressed
    .filter(
      (message) =>
        message.ruleId !== null &&
        message.suppressions.some((suppression) => suppression.kind === 'directive') &&
        message.line >= scope.from &&
        (scope.to === 0 || message.line <= scope.to) &&
        (scope.codes.length === 0 || scope.codes.includes(message.ruleId)),
    )
    .map((message) => ({
      code: message.ruleId!,
      line: message.line,
      column: message.column,
      message: message.message,
    }));
}
