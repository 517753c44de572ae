import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostic.js';
import { applyLadder } from '../../../src/core/triage/ladder.js';

function makeDiagnostic(code: string, fields: Partial<Diagnostic>): Diagnostic {
  return {
    tool: 'tsc',
    code,
    severity: 'error',
    phase: 'semantic',
    path: 'src/a.ts',
    line: 1,
    column: 1,
    message: code,
    ...fields,
  };
}

const syntax = makeDiagnostic('TS1005', { phase: 'syntax' });
const eslintParse = makeDiagnostic('parse-error', { tool: 'eslint', phase: 'syntax' });
const typeError = makeDiagnostic('TS2339', {});
const lintError = makeDiagnostic('no-var', { tool: 'eslint', phase: 'lint' });
const lintWarning = makeDiagnostic('eqeqeq', { tool: 'eslint', phase: 'lint', severity: 'warning' });

describe('applyLadder', () => {
  it('keeps syntax findings alone when any exist, a linter parse error included', () => {
    expect(applyLadder([typeError, syntax, lintWarning, eslintParse, lintError])).toEqual({
      kept: [syntax, eslintParse],
      hidden: [typeError, lintWarning, lintError],
      rung: 'syntax',
    });
  });

  it('keeps errors and hides warnings when there is no syntax finding', () => {
    expect(applyLadder([lintWarning, typeError, lintError])).toEqual({
      kept: [typeError, lintError],
      hidden: [lintWarning],
      rung: 'errors',
    });
  });

  it('keeps warnings when they are all there is', () => {
    expect(applyLadder([lintWarning])).toEqual({ kept: [lintWarning], hidden: [], rung: 'warnings' });
  });

  it('has nothing to show for nothing', () => {
    expect(applyLadder([])).toEqual({ kept: [], hidden: [], rung: 'none' });
  });
});
