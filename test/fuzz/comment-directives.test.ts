/**
 * The comment scanner (checks/output/comment-directives.ts) against the real parsers, on random
 * programs that are valid JavaScript: ESLint's own (espree) comments and directives, and the
 * directives TypeScript records while parsing (`commentDirectives`, `checkJsDirective`: what the
 * tsc check reads on TypeScript 5 and 6, and scans for on TypeScript 7). The programs put strings,
 * templates with nested `${}`, regexes (character classes with slashes, escaped slashes) and
 * divisions next to comments that carry directives, line breaks of every kind in between, and
 * sometimes a shebang and leading `@ts-nocheck` / `@ts-check` pragmas. A program that espree
 * rejects (random ASI) is skipped. One thing is never generated, because the scanner cannot tell
 * it without a parser: a division right after a function expression's `}` (`function () {} / 2`,
 * which it reads as a regex after a block). Any text at all gives comments in order, never a throw.
 */
import fc from 'fast-check';
import { Linter, type Rule } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { eslintDirectives, findCommentDirectives, listComments } from '../../src/checks/output/comment-directives.js';
import { readSourceFileDirectives, scanTscDirectives } from '../../src/checks/tsc/suppressions.js';

const runs = { numRuns: Number(process.env['CULPRIT_FUZZ_RUNS'] ?? 600) };

/** mulberry32: a seeded source of numbers in [0, 1), so a failing program can be made again from its seed. */
function makeRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const commentTexts = [
  ' eslint-disable-next-line prefer-const, no-var -- legacy API',
  ' eslint-disable-next-line',
  ' eslint-disable',
  ' eslint-disable no-var',
  ' eslint-enable',
  ' eslint-enable no-var ',
  'eslint-disable-line no-alert',
  ' eslint prefer-const: off',
  ' eslint-env node',
  ' @ts-ignore',
  ' @ts-expect-error: a reason',
  '@ts-nocheck',
  ' @TS-NOCHECK',
  ' @ts-check',
  '/ @ts-ignore',
  ' plain words',
  ' // nested',
  ' /* inner',
  ' `tick` "double" \'single\' ${x}',
  ' a -- b',
  '',
];

function generate(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const lineBreak = () => pick(['\n', '\n', '\r\n', '\r', '\u2028']);
  const comment = (): string => {
    const text = pick(commentTexts);
    const shape = random();
    if (shape < 0.4) return `//${text}${lineBreak()}`;
    if (shape < 0.75) return `/*${text}*/`;
    return `/*${pick(['', '*', ' first'])}${lineBreak()} *${pick(commentTexts)}${lineBreak()}${pick(['', ' ', ' * ', ' * @ts-expect-error later '])}*/`;
  };
  const gap = (): string => {
    const kind = random();
    if (kind < 0.55) return ' ';
    if (kind < 0.7) return lineBreak();
    return `${comment()}${chance(0.5) ? ' ' : ''}`;
  };
  const ident = () => pick(['a', 'b', 'total', 'x1', '$y', '_z', 'count']);
  const number = () => pick(['1', '0x1F', '1.5e+3', '.5', '10n', '1_000', '2']);
  const stringPart = () =>
    pick(['a', ' ', '/', '*', '//', '/*', '*/', '`', '${', '\\\\', '@ts-ignore', 'eslint-disable', '-- x']);
  const string = () => {
    const quote = pick(["'", '"']);
    const parts = Array.from({ length: Math.floor(random() * 4) }, () => pick([stringPart(), `\\${quote}`]));
    return `${quote}${parts.join('')}${quote}`;
  };
  const regex = () => {
    const first = pick(['a', '\\/', '[/]', '[//*]', '\\d+', '(x|y)', '"', "'", '`']);
    const rest = Array.from({ length: Math.floor(random() * 3) }, () =>
      pick(['a*', '\\/', '[/]', '[^/]', '.*?', '\\*', '"', '`', '\\/\\/']),
    );
    return `/${first}${rest.join('')}/${pick(['', 'g', 'i', 'gm'])}`;
  };
  const expression = (depth: number): string => {
    const leaf = depth <= 0 || chance(0.3);
    if (leaf) return pick([ident, number, string, regex, ident])();
    const sub = () => expression(depth - 1);
    const choice = Math.floor(random() * 14);
    switch (choice) {
      case 0:
        return `(${sub()}${gap()}${pick(['+', '-', '*', '/', '%', '<', '>', '<=', '===', '&&', '||', '??', '&', '|'])}${gap()}${sub()})`;
      case 1:
        return `(${ident()}${gap()}/${gap()}${sub()})`;
      case 2:
        return `\`${pick(['', 'text // not ', '/* not */', '\\`', '\\${', '$'])}\${${gap()}${sub()}${gap()}}${pick(['', ' // not', '`'.replace('`', '\\`')])}\``;
      case 3:
        return `[${sub()},${gap()}${sub()}]`;
      case 4:
        return `{ a:${gap()}${sub()}, b }`;
      case 5:
        return `${ident()}(${sub()})`;
      case 6:
        return `${ident()}${pick(['.', '?.'])}${pick(['b', 'return', 'in', 'typeof'])}`;
      case 7:
        return `(function ()${gap()}{${statements(depth - 1)} return ${sub()}; })`;
      case 8:
        return `(() =>${gap()}${sub()})`;
      case 9:
        return `(${pick(['!', 'typeof ', 'void ', '-'])}${gap()}${sub()})`;
      case 10:
        return pick([`(++${ident()})`, `(${ident()}++)`]);
      case 11:
        return `(${sub()}${gap()}?${gap()}${sub()}${gap()}:${gap()}${sub()})`;
      case 12:
        return `new ${ident()}(${sub()})`;
      default:
        return `(${sub()})`;
    }
  };
  const statement = (depth: number): string => {
    const sub = () => statement(depth - 1);
    const choice = depth <= 0 ? Math.floor(random() * 3) : Math.floor(random() * 9);
    switch (choice) {
      case 0:
        return `var ${ident()}${gap()}=${gap()}${expression(depth)};`;
      case 1:
        return `(${expression(depth)});`;
      case 2:
        return `${regex()}.test(${ident()});`;
      case 3:
        return `if${gap()}(${expression(depth - 1)})${gap()}${sub()}${chance(0.4) ? ` else${gap()}${sub()}` : ''}`;
      case 4:
        return `while (${expression(depth - 1)})${gap()}${sub()}`;
      case 5:
        return `{${gap()}${statements(depth - 1)}${gap()}}`;
      case 6:
        return `function ${ident()}(p)${gap()}{${gap()}${statements(depth - 1)}${gap()}return${gap()}${expression(depth - 1)};${gap()}}`;
      case 7:
        return `for (var i = 0; i < 2; i++)${gap()}${sub()}`;
      default:
        return `do${gap()}${sub()}${gap()}while (${expression(depth - 1)});`;
    }
  };
  const statements = (depth: number): string =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => statement(depth)).join(gap());
  const shebang = chance(0.1) ? `#!/usr/bin/env node // not a comment${lineBreak()}` : '';
  const leading = Array.from({ length: Math.floor(random() * 3) }, () => `${comment()}${pick(['', '\n'])}`).join('');
  return `${shebang}${leading}${statements(3)}${gap()}`;
}

interface Located {
  type: string;
  value: string;
  range: [number, number];
  loc: { start: { line: number; column: number }; end: { line: number; column: number } };
}

/** What a rule sees of ESLint's JavaScript SourceCode (the methods its types leave out). */
interface JavaScriptSourceCode {
  getAllComments(): Located[];
  getDisableDirectives(): {
    directives: { type: string; value: string; justification: string; node: Located }[];
    problems: { loc: { start: { line: number } } }[];
  };
  getInlineConfigNodes(): Located[];
}

/** ESLint's view of a program: its comments and directives, or undefined when espree cannot parse it. */
function readEslintView(text: string) {
  let view: { comments: Located[]; directives: unknown[]; inline: number[] } | undefined;
  const capture: Rule.RuleModule = {
    create(context) {
      const sourceCode = context.sourceCode as unknown as JavaScriptSourceCode;
      const { directives, problems } = sourceCode.getDisableDirectives();
      view = {
        comments: sourceCode.getAllComments(),
        directives: [
          ...directives.map((directive) => ({
            name: `eslint-${directive.type}`,
            value: directive.value,
            reason: directive.justification,
            start: directive.node.range[0],
          })),
          ...problems.map((problem) => ({ problem: problem.loc.start.line })),
        ],
        inline: sourceCode
          .getInlineConfigNodes()
          .filter((node) => /^eslint(?:\s|$)/.test(node.value.split(/\s-{2,}\s/)[0]!.trim()))
          .map((node) => node.range[0]),
      };
      return {};
    },
  };
  const messages = new Linter().verify(text, [
    {
      languageOptions: { ecmaVersion: 'latest', sourceType: 'script' },
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      plugins: { fuzz: { rules: { capture } } },
      rules: { 'fuzz/capture': 'error' },
    },
  ]);
  return messages.some((message) => message.fatal === true) ? undefined : view;
}

function hasParseErrors(file: ts.SourceFile): boolean {
  return ((file as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics?.length ?? 0) > 0;
}

const programs = fc.noBias(fc.integer()).map((seed) => ({ seed, text: generate(makeRandom(seed)) }));

describe('the comment scanner against the real parsers', () => {
  it('finds the comments espree finds, at the same places', () => {
    fc.assert(
      fc.property(programs, ({ text }) => {
        const view = readEslintView(text);
        fc.pre(view !== undefined);
        const expected = view.comments
          .filter((comment) => comment.type === 'Line' || comment.type === 'Block')
          .map((comment) => ({
            kind: comment.type === 'Line' ? 'line' : 'block',
            value: comment.value,
            start: comment.range[0],
            end: comment.range[1],
            line: comment.loc.start.line,
            column: comment.loc.start.column + 1,
            endLine: comment.loc.end.line,
            endColumn: comment.loc.end.column + 1,
          }));
        expect(listComments(text)).toEqual(expected);
      }),
      runs,
    );
  });

  it("reads ESLint's directives as ESLint does", () => {
    fc.assert(
      fc.property(programs, ({ text }) => {
        const view = readEslintView(text);
        fc.pre(view !== undefined);
        const found = findCommentDirectives(text, eslintDirectives);
        const disables = found
          .filter((directive) => directive.name !== 'eslint')
          .map(({ name, value, reason, comment }) =>
            // ESLint refuses an eslint-disable-line that spans lines, as a problem at its line.
            name === 'eslint-disable-line' && comment.line !== comment.endLine
              ? { problem: comment.line }
              : { name, value, reason, start: comment.start },
          );
        const sortKey = (entry: unknown) => JSON.stringify(entry);
        expect(disables.map(sortKey).sort()).toEqual(view.directives.map(sortKey).sort());
        expect(
          found.filter((directive) => directive.name === 'eslint').map((directive) => directive.comment.start),
        ).toEqual(view.inline);
      }),
      runs,
    );
  });

  it('finds the directives TypeScript records while parsing', () => {
    fc.assert(
      fc.property(programs, ({ text }) => {
        fc.pre(readEslintView(text) !== undefined);
        for (const kind of [ts.ScriptKind.JS, ts.ScriptKind.TS]) {
          const file = ts.createSourceFile('fuzz.ts', text, ts.ScriptTarget.Latest, false, kind);
          // TypeScript reads JavaScript as JSX, where `</` is one token even in code that cannot be JSX; the
          // scanner does not model JSX, so a JavaScript text TypeScript could not parse is outside this property.
          if (kind === ts.ScriptKind.JS && /<\/(?!\*)/.test(text) && hasParseErrors(file)) continue;
          const byPosition = (a: { pos: number }, b: { pos: number }) => a.pos - b.pos;
          const unique = (list: { name: string; pos: number; end: number }[]) => [
            ...new Map(list.map((entry) => [`${entry.pos}:${entry.end}`, entry])).values(),
          ];
          expect(unique(scanTscDirectives(text)).sort(byPosition)).toEqual(
            unique(readSourceFileDirectives(file)).sort(byPosition),
          );
        }
      }),
      runs,
    );
  });

  it('gives any text its comments in order, inside the text, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        let end = 0;
        for (const comment of listComments(text)) {
          expect(comment.start).toBeGreaterThanOrEqual(end);
          expect(comment.end).toBeLessThanOrEqual(text.length);
          expect(text.slice(comment.start, comment.start + 2)).toBe(comment.kind === 'line' ? '//' : '/*');
          end = comment.end;
        }
        scanTscDirectives(text);
      }),
      { numRuns: 2000 },
    );
  });
});
