/**
 * The suppression scanners on any text: they never throw, every directive they find is placed
 * on a line of the file and covers lines that exist, and a directive written inside a string or
 * a comment of another kind is text, never a directive.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanRustSuppressions } from '../../src/checks/cargo/suppressions.js';
import { scanPythonSuppressions, type PythonTool } from '../../src/checks/python/suppressions.js';
import type { Diagnostic } from '../../src/core/diagnostic.js';

const runs = { numRuns: 1000 };
const pythonTools: PythonTool[] = ['mypy', 'pyright', 'ruff'];

/** Text as a tool's input might be: code-like pieces, directives and quotes mixed, or anything. */
const codeLike = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc
    .array(
      fc.constantFrom(
        '# type: ignore[attr-defined]',
        '# noqa: E501',
        '# ruff: noqa',
        '# pyright: ignore[reportX]',
        '#[allow(dead_code)]',
        '#![expect(unused, reason = "x")]',
        '"""',
        "'",
        '"',
        'r#"',
        '"#',
        '/*',
        '*/',
        '//',
        '{',
        '}',
        ';',
        ',',
        '\n',
        '\r\n',
        'fn f() ',
        'x = 1 ',
        "'a'",
        "'a ",
        '\\',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join('')),
);

function expectWellPlaced(found: readonly Diagnostic[], text: string): void {
  const lines = text.split('\n').length;
  for (const directive of found) {
    expect(directive.kind).toBe('suppression');
    expect(directive.line).toBeGreaterThanOrEqual(1);
    expect(directive.line).toBeLessThanOrEqual(lines);
    expect(directive.column).toBeGreaterThanOrEqual(1);
    expect(directive.message).toMatch(/^[^\n]*$/);
    const scope = directive.suppression!;
    expect(scope.from).toBeGreaterThanOrEqual(1);
    expect(scope.from).toBeLessThanOrEqual(directive.line);
    if (scope.to !== 0) expect(scope.to).toBeGreaterThanOrEqual(directive.line);
    expect(scope.to).toBeLessThanOrEqual(lines);
  }
}

describe('Python suppressions', () => {
  it('any text: no throw, every directive on a line of the file', () => {
    fc.assert(
      fc.property(codeLike, fc.constantFrom(...pythonTools), (text, tool) =>
        expectWellPlaced(scanPythonSuppressions(tool, 'a.py', text), text.replace(/\r\n?/g, '\n')),
      ),
      runs,
    );
  });

  it('a directive in a string is text; the same in a comment after the string is one', () => {
    const directive = fc.constantFrom('type: ignore', 'noqa: F401', 'pyright: ignore[reportX]');
    const quote = fc.constantFrom('"', "'", '"""', "'''");
    fc.assert(
      fc.property(directive, quote, fc.constantFrom(...pythonTools), (text, q, tool) => {
        expect(scanPythonSuppressions(tool, 'a.py', `x = 1\ny = ${q}# ${text}${q}\n`)).toEqual([]);
        const found = scanPythonSuppressions(tool, 'a.py', `x = 1\ny = ${q}#${q}  # ${text}\n`);
        for (const finding of found) expect([finding.line, finding.suppression?.from]).toEqual([2, 2]);
      }),
      runs,
    );
  });
});

describe('Rust suppressions', () => {
  it('any text: no throw, every directive on a line of the file, covering lines that exist', () => {
    fc.assert(
      fc.property(codeLike, (text) => expectWellPlaced(scanRustSuppressions('a.rs', text), text)),
      runs,
    );
  });

  it('an attribute in a string, a raw string or a comment is text', () => {
    const attribute = fc.constantFrom('#[allow(dead_code)]', '#![allow(unused)]', '#[expect(clippy::all)]');
    const wrap = fc.constantFrom(
      (a: string) => `let s = "${a}";`,
      (a: string) => `let s = r#"${a}"#;`,
      (a: string) => `// ${a}`,
      (a: string) => `/* /* ${a} */ */`,
      (a: string) => `/// ${a}`,
    );
    fc.assert(
      fc.property(attribute, wrap, (text, wrapIn) => {
        expect(scanRustSuppressions('a.rs', `fn f() {\n    ${wrapIn(text)}\n}\n`)).toEqual([]);
        const found = scanRustSuppressions('a.rs', `${wrapIn(text)}\n${text}\nfn g() {\n}\n`);
        expect(found.map((d) => d.line)).toEqual([2]);
      }),
      runs,
    );
  });
});
