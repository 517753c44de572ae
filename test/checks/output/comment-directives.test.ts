import { describe, expect, it } from 'vitest';
import {
  eslintDirectives,
  findCommentDirectives,
  listComments,
  type DirectiveVocabulary,
} from '../../../src/checks/output/comment-directives.js';

const values = (text: string) => listComments(text).map((comment) => `${comment.kind}:${comment.value}`);

describe('listComments', () => {
  it('gives each comment its kind, text and position, in UTF-16 columns after any line break', () => {
    const text = 'const a = 1; // one\r\n/* two\n  lines */ let b;\r/*😀*/ // three';
    expect(listComments(text)).toEqual([
      { kind: 'line', value: ' one', start: 13, end: 19, line: 1, column: 14, endLine: 1, endColumn: 20 },
      { kind: 'block', value: ' two\n  lines ', start: 21, end: 38, line: 2, column: 1, endLine: 3, endColumn: 11 },
      { kind: 'block', value: '😀', start: 46, end: 52, line: 4, column: 1, endLine: 4, endColumn: 7 },
      { kind: 'line', value: ' three', start: 53, end: 61, line: 4, column: 8, endLine: 4, endColumn: 16 },
    ]);
  });

  it('reads no comment inside strings, templates or their expressions', () => {
    const text = [
      'const s = "// not" + \'/* not */\' + "a\\"// still not";',
      'const t = `// not ${ "/* not */" + `nested // not ${x /* yes */}` } /* not */`; // yes',
      "const e = 'unclosed // not",
      '// yes',
    ].join('\n');
    expect(values(text)).toEqual(['block: yes ', 'line: yes', 'line: yes']);
  });

  it('tells a regex from a division by what comes before the slash', () => {
    const text = [
      'const r = /\\/\\/ not/g; // yes',
      'const c = /[/*]not/; /* yes */',
      'const d = total / 2 / count; // yes',
      'if (ok) /\\/* not/.test(s); // yes',
      'return /x/.test(s) // yes',
      'const o = { a: 1 } / 2; // yes',
      '{ }\n/[//]not/.test(s) // yes',
      '(a) / 2 / b // yes',
      'x = a++ / 2 // yes',
      'x = a.return / 2 // yes',
    ].join('\n');
    expect(values(text)).toEqual([
      'line: yes',
      'block: yes ',
      'line: yes',
      'line: yes',
      'line: yes',
      'line: yes',
      'line: yes',
      'line: yes',
      'line: yes',
      'line: yes',
    ]);
  });

  it('costs at most a line when a division is taken for a regex that never closes', () => {
    expect(values('x = y\n{}\n/ 2; // lost\n// kept')).toEqual(['line: kept']);
    // A JSX closing tag is no regex.
    expect(values('const v = <div>x</div>; // yes')).toEqual(['line: yes']);
  });

  it('skips a shebang and reads an unclosed block comment to the end', () => {
    expect(values('#!/usr/bin/env node // not\n/* open')).toEqual(['block: open']);
  });
});

describe("findCommentDirectives with ESLint's vocabulary", () => {
  it('reads names, rules and reasons as ESLint does', () => {
    const text = [
      '// eslint-disable-next-line prefer-const, "no-var" -- legacy API',
      '/* eslint-disable */',
      '// eslint-disable not a directive in a line comment',
      '/* eslint-enable no-var*/',
      '/* eslint prefer-const: off, quotes: [2, "double"] */',
      '// eslint-disable-line',
      '/*eslint-disable-line no-alert--not a reason*/',
      '// eslint-disabled is another word',
      '/* eslint-env node */',
    ].join('\n');
    expect(
      findCommentDirectives(text, eslintDirectives).map(({ name, value, codes, reason, comment }) => ({
        name,
        value,
        codes,
        reason,
        line: comment.line,
      })),
    ).toEqual([
      {
        name: 'eslint-disable-next-line',
        value: 'prefer-const, "no-var"',
        codes: ['prefer-const', 'no-var'],
        reason: 'legacy API',
        line: 1,
      },
      { name: 'eslint-disable', value: '', codes: [], reason: '', line: 2 },
      { name: 'eslint-enable', value: 'no-var', codes: ['no-var'], reason: '', line: 4 },
      {
        name: 'eslint',
        value: 'prefer-const: off, quotes: [2, "double"]',
        codes: ['prefer-const: off', 'quotes: [2', '"double"]'],
        reason: '',
        line: 5,
      },
      { name: 'eslint-disable-line', value: '', codes: [], reason: '', line: 6 },
      {
        name: 'eslint-disable-line',
        value: 'no-alert--not a reason',
        codes: ['no-alert--not a reason'],
        reason: '',
        line: 7,
      },
    ]);
  });

  it("takes another tool's vocabulary: names, where they count, and how reasons and codes are written", () => {
    const biome: DirectiveVocabulary = {
      names: ['biome-ignore', 'biome-ignore-all', 'biome-ignore-start', 'biome-ignore-end'],
      reason: /:/,
      codes: /\s+/,
    };
    const text = '// biome-ignore lint/suspicious/noDebugger: for the demo\n/** biome-ignore-all lint/a lint/b: why */';
    expect(findCommentDirectives(text, biome).map(({ name, codes, reason }) => ({ name, codes, reason }))).toEqual([
      { name: 'biome-ignore', codes: ['lint/suspicious/noDebugger'], reason: 'for the demo' },
    ]);
    // `/** …` leaves a `*` before the name: not a directive, as Biome reads it.
    expect(findCommentDirectives('/* biome-ignore-all lint/a lint/b: why */', biome)[0]?.codes).toEqual([
      'lint/a',
      'lint/b',
    ]);
  });
});
