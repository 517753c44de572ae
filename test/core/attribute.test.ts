import { describe, expect, it } from 'vitest';
import { attribute } from '../../src/core/attribute.js';
import type { Attribution } from '../../src/core/attribute.js';
import type { AnchoredDiagnostic, Diagnostic } from '../../src/core/diagnostic.js';
import { makeAnchor } from '../../src/core/identity/fingerprint.js';
import { foldWhitespace, splitSourceLines } from '../../src/core/identity/source-lines.js';

/**
 * A stand-in linter: a pure function of the file's text that reports like ESLint does, including
 * messages that embed counts and lengths, and rules whose reported line is computed.
 */
function lintText(path: string, text: string): AnchoredDiagnostic[] {
  const lines = splitSourceLines(text);
  const found: Diagnostic[] = [];
  const report = (
    line: number,
    column: number,
    code: string,
    message: string,
    severity: 'error' | 'warning' = 'warning',
  ): void => {
    found.push({ tool: 'eslint', code, severity, phase: 'lint', path, line, column, message });
  };
  lines.forEach((text, index) => {
    const line = index + 1;
    const letMatch = /\blet (\w+)/.exec(text);
    if (letMatch)
      report(
        line,
        letMatch.index + 1,
        'prefer-const',
        `'${letMatch[1]}' is never reassigned. Use 'const' instead.`,
        'error',
      );
    const varMatch = /\bvar /.exec(text);
    if (varMatch) report(line, varMatch.index + 1, 'no-var', 'Unexpected var, use let or const instead.', 'error');
    const eqMatch = /[^=!]==[^=]/.exec(text);
    if (eqMatch) report(line, eqMatch.index + 2, 'eqeqeq', "Expected '===' and instead saw '=='.");
    const logMatch = /console\.log/.exec(text);
    if (logMatch) report(line, logMatch.index + 1, 'no-console', 'Unexpected console statement.');
    if (/\s+$/.test(text))
      report(line, text.trimEnd().length + 1, '@stylistic/no-trailing-spaces', 'Trailing spaces not allowed.');
    if (text.length > 80)
      report(line, 81, 'max-len', `This line has a length of ${text.length}. Maximum allowed is 80.`);
    const params = /function \w+\(([^)]*)\)/.exec(text);
    if (params && params[1]!.split(',').length > 3) {
      report(
        line,
        1,
        'max-params',
        `Function has too many parameters (${params[1]!.split(',').length}). Maximum allowed is 3.`,
      );
    }
  });
  const count = text.endsWith('\n') ? lines.length - 1 : lines.length;
  if (count > 300) report(301, 1, 'max-lines', `File has too many lines (${count}). Maximum allowed is 300.`);
  if (!text.endsWith('\n'))
    report(
      lines.length,
      lines.at(-1)!.length + 1,
      '@stylistic/eol-last',
      'Newline required at end of file but not found.',
    );
  return found.map((diagnostic) => ({ ...diagnostic, anchor: makeAnchor(diagnostic, lines) }));
}

/** A file of ~330 lines with findings of many rules on most lines, several of them identical. */
function makeNoisyFile(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < 55; i++) {
    lines.push(`let a${i} = ${i};`);
    lines.push(`var b${i} = a${i} == ${i % 3};`);
    lines.push(`console.log(b${i}); `);
    lines.push(
      `export const long${i} = 'a string that is long enough to go past the eighty column limit ${'x'.repeat(i % 7)}';`,
    );
    lines.push(i % 5 === 0 ? 'let same = 1;' : `function f${i}(p, q, r, s) { return p; }`);
    lines.push('');
  }
  return lines;
}

function attributeTexts(path: string, before: string, after: string): Attribution {
  return attribute(lintText(path, before), lintText(path, after));
}

function summarise(attribution: Attribution): { introduced: string[]; resolved: string[]; standing: number } {
  return {
    introduced: attribution.introduced.map((finding) => `${finding.line}:${finding.code}`),
    resolved: attribution.resolved.map((finding) => `${finding.line}:${finding.code}`),
    standing: attribution.standing.length,
  };
}

/** A seeded shuffle, so a failing permutation can be reproduced. */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('attribute', () => {
  const lines = makeNoisyFile();
  const before = `${lines.join('\n')}\n`;
  const findings = lintText('src/noisy.ts', before);

  it('has a realistic fixture: hundreds of findings of many rules', () => {
    expect(findings.length).toBeGreaterThan(300);
    expect(new Set(findings.map((finding) => finding.code))).toEqual(
      new Set([
        'prefer-const',
        'no-var',
        'eqeqeq',
        'no-console',
        '@stylistic/no-trailing-spaces',
        'max-len',
        'max-params',
        'max-lines',
      ]),
    );
  });

  it('introduces and resolves nothing when unrelated lines are inserted above', () => {
    const after = `// a comment the patch added\n/** and a doc block */\n\n${before}`;
    expect(summarise(attributeTexts('src/noisy.ts', before, after))).toEqual({
      introduced: [],
      resolved: [],
      standing: findings.length,
    });
  });

  it('introduces and resolves nothing when blocks of lines move and are re-indented', () => {
    const moved = [
      ...lines.slice(120, 240).map((line) => (line === '' ? line : `  ${line}`)),
      ...lines.slice(0, 120),
      ...lines.slice(240),
    ];
    const after = `${moved.join('\n')}\n`;
    expect(summarise(attributeTexts('src/noisy.ts', before, after))).toEqual({
      introduced: [],
      resolved: [],
      standing: findings.length,
    });
  });

  it('is not fooled by CRLF line endings and a BOM', () => {
    const after = `\uFEFF${before.replace(/\n/g, '\r\n')}`;
    expect(summarise(attributeTexts('src/noisy.ts', before, after))).toEqual({
      introduced: [],
      resolved: [],
      standing: findings.length,
    });
  });

  it('does not anchor eol-last to whatever the last line happens to be', () => {
    const base = 'const a = 1;\nexport default a;';
    const current = 'const a = 1;\nconst b = a;\nexport default b;';
    expect(summarise(attributeTexts('src/end.ts', base, current))).toEqual({
      introduced: [],
      resolved: [],
      standing: 1,
    });
  });

  it('reports a new finding among moved lines as exactly one introduced', () => {
    const after = `// header\n${lines.slice(0, 10).join('\n')}\nlet added = 1;\n${lines.slice(10).join('\n')}\n`;
    expect(summarise(attributeTexts('src/noisy.ts', before, after))).toEqual({
      introduced: ['12:prefer-const'],
      resolved: [],
      standing: findings.length,
    });
  });

  it('reports three identical findings becoming four as one introduced', () => {
    const three = 'let same = 1;\nlet same = 1;\nlet same = 1;\n';
    const four = 'let same = 1;\nlet same = 1;\nconst other = 2;\nlet same = 1;\nlet same = 1;\n';
    const attribution = attributeTexts('src/same.ts', three, four);
    expect(summarise(attribution)).toEqual({ introduced: ['5:prefer-const'], resolved: [], standing: 3 });
    expect(attribution.introduced[0]!.fingerprint).toMatch(/#4$/);
  });

  it('reports four identical findings becoming three as one resolved', () => {
    const four = 'let same = 1;\nlet same = 1;\nlet same = 1;\nlet same = 1;\n';
    const three = 'let same = 1;\nlet same = 1;\nlet same = 1;\n';
    expect(summarise(attributeTexts('src/same.ts', four, three))).toEqual({
      introduced: [],
      resolved: ['4:prefer-const'],
      standing: 3,
    });
  });

  it('keeps the identity of findings in a renamed file, reporting base findings under their base path', () => {
    const base = 'let a = 1;\nlet b = 2;\n';
    const current = 'let a = 1;\n';
    const renames = new Map([['src/old.ts', 'src/new.ts']]);
    const attribution = attribute(lintText('src/old.ts', base), lintText('src/new.ts', current), { renames });
    expect(summarise(attribution)).toEqual({ introduced: [], resolved: ['2:prefer-const'], standing: 1 });
    expect(attribution.resolved[0]!.path).toBe('src/old.ts');
    expect(attribution.standing[0]!.path).toBe('src/new.ts');

    const unmapped = attribute(lintText('src/old.ts', base), lintText('src/new.ts', current));
    expect(summarise(unmapped)).toEqual({
      introduced: ['1:prefer-const'],
      resolved: ['1:prefer-const', '2:prefer-const'],
      standing: 0,
    });
  });

  it('does not depend on the order findings arrive in', () => {
    const after = `${lines.slice(0, 200).join('\n')}\nlet more = 1;\nlet same = 1;\n${lines.slice(203).join('\n')}\n`;
    const baseFindings = lintText('src/noisy.ts', before);
    const currentFindings = lintText('src/noisy.ts', after);
    const expected = attribute(baseFindings, currentFindings);
    expect(expected.introduced.length).toBeGreaterThan(0);
    expect(expected.resolved.length).toBeGreaterThan(0);
    for (const seed of [1, 2, 3, 42, 1234]) {
      expect(attribute(shuffle(baseFindings, seed), shuffle(currentFindings, seed * 7))).toEqual(expected);
    }
  });

  it('marks resolved findings whose flagged line is gone from the current tree', () => {
    const base = 'let kept = 1;\nlet gone = 2;\nfunction f(a, b, c, d) {}\n';
    const current = 'const kept = 1;\nfunction f(a, b, c) {}\n';
    const renames = new Map([['src/old.ts', 'src/new.ts']]);
    const currentLines = new Set(splitSourceLines(current).map(foldWhitespace));
    const asked: string[] = [];
    const attribution = attribute(lintText('src/old.ts', base), lintText('src/new.ts', current), {
      renames,
      hasLine: (path, anchor) => {
        asked.push(path);
        return currentLines.has(anchor);
      },
    });
    expect(attribution.resolved.map((finding) => [finding.line, finding.code, finding.lineDeleted])).toEqual([
      [1, 'prefer-const', true],
      [2, 'prefer-const', true],
      [3, 'max-params', true],
    ]);
    expect(new Set(asked)).toEqual(new Set(['src/new.ts']));
  });

  it('does not call a line deleted when it is still there or the finding has no anchor', () => {
    const base: AnchoredDiagnostic[] = [
      { ...lintText('src/a.ts', 'let x = 1;\n')[0]! },
      {
        tool: 'tsc',
        code: 'TS5023',
        severity: 'error',
        phase: 'config',
        path: null,
        line: 0,
        column: 0,
        message: 'Unknown option.',
        anchor: '',
      },
    ];
    const attribution = attribute(base, [], { hasLine: () => true });
    expect(attribution.resolved.map((finding) => finding.lineDeleted)).toEqual([false, false]);
    expect(
      attribute(base, [], { hasLine: () => false }).resolved.map((finding) => [finding.path, finding.lineDeleted]),
    ).toEqual([
      [null, false],
      ['src/a.ts', true],
    ]);
  });
});
