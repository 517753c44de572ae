/** The rule that a run which could check few of its files is a failure, not findings. Pure; a few ms. */
import { describe, expect, it } from 'vitest';
import type { CheckRun } from '../../src/core/check-run.js';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { failFatalRun } from '../../src/core/fatal-run.js';

function finding(path: string | null, fields: Partial<Diagnostic> = {}): Diagnostic {
  return {
    tool: 'eslint',
    code: 'parse-error',
    severity: 'error',
    phase: 'config',
    path,
    line: 0,
    column: 0,
    message: `Parsing error: ESLint was configured to lint ${path} with \`parserOptions.project\`\nHowever, that TSConfig does not include this file.`,
    ...fields,
  };
}

function run(diagnostics: Diagnostic[], checkedFiles?: number): CheckRun {
  return {
    name: 'eslint',
    status: 'ok',
    durationMs: 10,
    version: '10.0.0',
    diagnostics,
    notes: ['a note'],
    ...(checkedFiles === undefined ? {} : { checkedFiles }),
  };
}

describe('failFatalRun', () => {
  it('fails a run with configuration errors on more than half of the files it checked, quoting the first', () => {
    const diagnostics = ['a.ts', 'b.ts', 'c.ts', 'c.ts'].map((path) => finding(path));
    expect(failFatalRun(run([...diagnostics, finding('d.ts', { phase: 'lint', code: 'no-var' })], 5))).toEqual({
      name: 'eslint',
      status: 'failed',
      durationMs: 10,
      version: '10.0.0',
      diagnostics: [],
      notes: ['a note'],
      error:
        'eslint could not check 3 of the 5 files it was given, because of its configuration. a.ts: Parsing error: ESLint was configured to lint a.ts with `parserOptions.project` However, that TSConfig does not include this file. (the same on b.ts, c.ts)',
    });
  });

  it('names at most five more files, and bounds the quoted error', () => {
    const paths = Array.from({ length: 8 }, (_, index) => `f${index}.ts`);
    const long = 'x'.repeat(700);
    const failed = failFatalRun(
      run([finding('f0.ts', { message: long, line: 3, column: 1 }), ...paths.slice(1).map((path) => finding(path))], 8),
    );
    expect(failed.error).toBe(
      `eslint could not check 8 of the 8 files it was given, because of its configuration. f0.ts:3:1: ${'x'.repeat(599)}… (the same on f1.ts, f2.ts, f3.ts, f4.ts, f5.ts and 2 more)`,
    );
  });

  it('keeps a run with configuration errors on half of its files or fewer', () => {
    const half = run([finding('a.ts'), finding('b.ts')], 4);
    expect(failFatalRun(half)).toBe(half);
  });

  it('counts only errors of phase config about a file, and judges only runs that say how many files they checked', () => {
    const notFatal = [
      finding('a.ts', { phase: 'syntax' }),
      finding('b.ts', { severity: 'warning' }),
      finding(null, { code: 'TS5101' }),
    ];
    const syntaxAndWarnings = run(notFatal, 3);
    expect(failFatalRun(syntaxAndWarnings)).toBe(syntaxAndWarnings);
    const uncounted = run([finding('a.ts')]);
    expect(failFatalRun(uncounted)).toBe(uncounted);
    const failed: CheckRun = { ...run([], 1), status: 'failed', error: 'eslint.config.js could not be loaded' };
    expect(failFatalRun(failed)).toBe(failed);
  });

  it('fails a run that checked no file, whatever it found', () => {
    const empty: CheckRun = { ...run([finding('a.ts', { phase: 'lint', code: 'no-var' })], 0), checkedPaths: [] };
    expect(failFatalRun(empty)).toEqual({
      name: 'eslint',
      status: 'failed',
      durationMs: 10,
      version: '10.0.0',
      diagnostics: [],
      notes: ['a note'],
      error:
        'eslint checked no file: what it was configured to check matched no file, or only files its configuration ignores; a run that covers nothing cannot say the code is clean',
    });
    // A run that does not say what it checked is not judged on it.
    const unsaid = run([]);
    expect(failFatalRun(unsaid)).toBe(unsaid);
  });

  it('fails a run with a finding its check declares a failure of the tool, quoting it', () => {
    const noInputs = finding(null, {
      tool: 'tsc',
      code: 'TS18003',
      message: "No inputs were found in config file 'tsconfig.json'.",
    });
    const partly: CheckRun = { ...run([noInputs]), name: 'tsc', checkedPaths: ['src/a.ts'] };
    expect(failFatalRun(partly, ['TS18003']).error).toBe(
      "tsc did not check all it was configured to: No inputs were found in config file 'tsconfig.json'.",
    );
    expect(failFatalRun({ ...partly, checkedPaths: [] }, ['TS18003']).error).toBe(
      "tsc checked no file: No inputs were found in config file 'tsconfig.json'.",
    );
    expect(failFatalRun(partly)).toBe(partly);
  });
});
