import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnchoredDiagnostic, Diagnostic } from '../../../src/core/diagnostic.js';
import {
  fingerprintFindings,
  hashFingerprint,
  isLocationComputed,
  makeAnchor,
  normalizeMessage,
} from '../../../src/core/identity/fingerprint.js';
import { foldWhitespace, splitSourceLines } from '../../../src/core/identity/source-lines.js';

function makeDiagnostic(fields: Partial<Diagnostic>): Diagnostic {
  return {
    tool: 'eslint',
    code: 'prefer-const',
    severity: 'error',
    phase: 'lint',
    path: 'src/a.ts',
    line: 1,
    column: 1,
    message: "'x' is never reassigned. Use 'const' instead.",
    ...fields,
  };
}

function anchorAll(diagnostics: readonly Diagnostic[], text: string): AnchoredDiagnostic[] {
  const lines = splitSourceLines(text);
  return diagnostics.map((diagnostic) => ({ ...diagnostic, anchor: makeAnchor(diagnostic, lines) }));
}

describe('splitSourceLines', () => {
  it('splits on LF, CRLF and CR alike', () => {
    expect(splitSourceLines('a\nb\r\nc\rd')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitSourceLines('a\r\n\r\nb\r\n')).toEqual(['a', '', 'b', '']);
  });

  it('drops a leading BOM only', () => {
    expect(splitSourceLines('\uFEFFa\n\uFEFFb')).toEqual(['a', '\uFEFFb']);
  });
});

describe('foldWhitespace', () => {
  it('collapses runs of whitespace and trims', () => {
    expect(foldWhitespace('\t  let   x =\t1;  ')).toBe('let x = 1;');
    expect(foldWhitespace('   ')).toBe('');
  });
});

describe('normalizeMessage', () => {
  it('replaces integers and decimals with N and folds whitespace', () => {
    expect(normalizeMessage('File has too many lines (305). Maximum allowed is 300.')).toBe(
      'File has too many lines (N). Maximum allowed is N.',
    );
    expect(normalizeMessage('Line 214 exceeds   maximum length of 100.5')).toBe('Line N exceeds maximum length of N');
  });

  it('leaves digits inside identifiers and codes alone', () => {
    expect(normalizeMessage("Type 'v2' is not assignable (TS2322)")).toBe("Type 'v2' is not assignable (TS2322)");
  });

  it('rewrites exactly as the two expressions applied in turn', () => {
    const byExpressions = (message: string) =>
      message
        .replace(/\b\d+(\.\d+)?\b/g, 'N')
        .replace(/\s+/g, ' ')
        .trim();
    const text = fc
      .array(fc.constantFrom('1', '2.5', 'a', '_', '.', ' ', '  ', '\t', '\n', '\u00a0', '\u007f', 'é', 'N'), {
        maxLength: 12,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (message) => {
        expect(normalizeMessage(message)).toBe(byExpressions(message));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isLocationComputed', () => {
  it('knows the computed-location rules, namespaced or not', () => {
    expect(isLocationComputed('max-lines')).toBe(true);
    expect(isLocationComputed('eol-last')).toBe(true);
    expect(isLocationComputed('unicode-bom')).toBe(true);
    expect(isLocationComputed('@stylistic/eol-last')).toBe(true);
    expect(isLocationComputed('@stylistic/js/eol-last')).toBe(true);
  });

  it('is false for rules that flag written code', () => {
    expect(isLocationComputed('max-lines-per-function')).toBe(false);
    expect(isLocationComputed('prefer-const')).toBe(false);
    expect(isLocationComputed('TS2339')).toBe(false);
  });
});

describe('makeAnchor', () => {
  const lines = ['const a = 1;', '  let   b = 2;', ''];

  it('is the folded text of the flagged line', () => {
    expect(makeAnchor(makeDiagnostic({ line: 2 }), lines)).toBe('let b = 2;');
  });

  it('is empty without a usable line', () => {
    expect(makeAnchor(makeDiagnostic({ path: null, line: 0 }), lines)).toBe('');
    expect(makeAnchor(makeDiagnostic({ line: 0 }), lines)).toBe('');
    expect(makeAnchor(makeDiagnostic({ line: 4 }), lines)).toBe('');
    expect(makeAnchor(makeDiagnostic({ line: 2 }), undefined)).toBe('');
    expect(makeAnchor(makeDiagnostic({ line: 2, code: 'max-lines' }), lines)).toBe('');
  });
});

describe('hashFingerprint', () => {
  const parts = {
    tool: 'eslint',
    code: 'max-len',
    path: 'src/a.ts',
    message: 'This line has a length of 93.',
    anchor: 'x',
  };

  it('is 16 hex digits', () => {
    expect(hashFingerprint(parts)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('ignores numbers and whitespace in the message', () => {
    expect(hashFingerprint({ ...parts, message: 'This line  has a length of 120.' })).toBe(hashFingerprint(parts));
  });

  it('changes with every other part', () => {
    const base = hashFingerprint(parts);
    for (const change of [
      { tool: 'tsc' },
      { code: 'no-var' },
      { path: 'src/b.ts' },
      { path: null },
      { anchor: 'y' },
      { message: 'Other.' },
    ]) {
      expect(hashFingerprint({ ...parts, ...change })).not.toBe(base);
    }
  });
});

describe('fingerprintFindings', () => {
  it('numbers repeats in position order whatever the input order', () => {
    const text = 'foo();\nfoo();\nfoo();\n';
    const diagnostics = anchorAll(
      [3, 1, 2].map((line) =>
        makeDiagnostic({ code: 'no-unused-expressions', message: 'Expected an assignment.', line }),
      ),
      text,
    );
    const findings = fingerprintFindings(diagnostics);
    expect(findings.map((finding) => finding.line)).toEqual([1, 2, 3]);
    const hash = findings[0]!.fingerprint.split('#')[0];
    expect(findings.map((finding) => finding.fingerprint)).toEqual([`${hash}#1`, `${hash}#2`, `${hash}#3`]);
    expect(fingerprintFindings([...diagnostics].reverse())).toEqual(findings);
  });

  it('does not change its input', () => {
    const diagnostics = Object.freeze(anchorAll([makeDiagnostic({})], 'let x = 1;').map((d) => Object.freeze(d)));
    const findings = fingerprintFindings(diagnostics);
    expect(findings[0]).not.toBe(diagnostics[0]);
    expect('fingerprint' in diagnostics[0]!).toBe(false);
  });

  it('hashes under the path pathOf gives but keeps the finding path', () => {
    const [diagnostic] = anchorAll([makeDiagnostic({ path: 'src/old.ts' })], 'let x = 1;');
    const [moved] = fingerprintFindings([diagnostic!], () => 'src/new.ts');
    const [there] = fingerprintFindings([{ ...diagnostic!, path: 'src/new.ts' }]);
    expect(moved!.path).toBe('src/old.ts');
    expect(moved!.fingerprint).toBe(there!.fingerprint);
  });

  it('gives the same fingerprints for LF, CRLF and BOM-prefixed CRLF sources', () => {
    const lf = 'const a = 1;\nlet b = 2;\nlet c = 3;\n';
    const crlf = `\uFEFF${lf.replace(/\n/g, '\r\n')}`;
    const cr = lf.replace(/\n/g, '\r');
    const diagnostics = [2, 3].map((line) =>
      makeDiagnostic({ line, message: `'${line === 2 ? 'b' : 'c'}' is never reassigned.` }),
    );
    const expected = fingerprintFindings(anchorAll(diagnostics, lf)).map((finding) => finding.fingerprint);
    expect(fingerprintFindings(anchorAll(diagnostics, crlf)).map((finding) => finding.fingerprint)).toEqual(expected);
    expect(fingerprintFindings(anchorAll(diagnostics, cr)).map((finding) => finding.fingerprint)).toEqual(expected);
  });
});
