import { describe, expect, it } from 'vitest';
import type { CheckRun } from '../../../src/checks/check.js';
import type { Diagnostic, SourceSpan } from '../../../src/core/diagnostic.js';
import { splitDerivedFindings } from '../../../src/core/triage/derived-findings.js';

const origin: SourceSpan = { path: 'src/a.ts', line: 4, column: 39, endLine: 4, endColumn: 41 };
const cause: Diagnostic = {
  tool: 'tsc',
  code: 'TS2339',
  severity: 'error',
  phase: 'semantic',
  path: 'src/a.ts',
  line: 4,
  column: 39,
  endLine: 4,
  endColumn: 41,
  message: "Property 'tr' does not exist on type 'CommandProps'.",
};
const implicitAny: Diagnostic = {
  tool: 'tsc',
  code: 'TS7006',
  severity: 'error',
  phase: 'semantic',
  path: 'src/a.ts',
  line: 5,
  column: 60,
  message: "Parameter 'node' implicitly has an 'any' type.",
  derivedFrom: origin,
};
const independentAny: Diagnostic = {
  ...implicitAny,
  line: 24,
  column: 20,
  message: "Parameter 'event' implicitly has an 'any' type.",
  derivedFrom: undefined,
};

function makeLint(
  code: string,
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
  message = 'Unsafe member access .type on an `any` value.',
): Diagnostic {
  return {
    tool: 'eslint',
    code: `@typescript-eslint/${code}`,
    severity: 'error',
    phase: 'lint',
    path: 'src/a.ts',
    line,
    column,
    endLine,
    endColumn,
    message,
  };
}

const memberAccess = makeLint('no-unsafe-member-access', 6, 23, 6, 27);
const tscRun: Pick<CheckRun, 'name' | 'status' | 'derived'> = {
  name: 'tsc',
  status: 'ok',
  derived: { origins: [origin], spans: { 'src/a.ts': [6, 18, 6, 27, 0, 6, 23, 6, 27, 0] } },
};

describe('splitDerivedFindings', () => {
  it('withholds traced implicit anys and unsafe-any lint findings while their origin error is reported, keeping order', () => {
    const other = makeLint('prefer-const', 2, 1, 2, 9, "'a' is never reassigned.");
    expect(splitDerivedFindings([cause, implicitAny, memberAccess, other, independentAny], [tscRun])).toEqual({
      kept: [cause, other, independentAny],
      echoes: [implicitAny, memberAccess],
      traced: 2,
    });
  });

  it('shows them once the origin error is no longer reported: a trace without its cause explains nothing', () => {
    expect(splitDerivedFindings([implicitAny, memberAccess], [tscRun])).toEqual({
      kept: [implicitAny, memberAccess],
      echoes: [],
      traced: 0,
    });
    // An error elsewhere in the file is not the origin.
    const elsewhere = { ...cause, line: 9 };
    expect(splitDerivedFindings([elsewhere, implicitAny, memberAccess], [tscRun]).echoes).toEqual([]);
  });

  it('matches lint findings by their exact range, of unsafe-any rules only, from checks that completed', () => {
    const wider = makeLint('no-unsafe-member-access', 6, 18, 6, 28);
    const otherRule = makeLint('no-unnecessary-condition', 6, 23, 6, 27, 'Unnecessary conditional.');
    const assignment = makeLint('no-unsafe-assignment', 6, 18, 6, 27, 'Unsafe assignment of an `any` value.');
    expect(splitDerivedFindings([cause, wider, otherRule, assignment], [tscRun])).toEqual({
      kept: [cause, wider, otherRule],
      echoes: [assignment],
      traced: 1,
    });
    expect(splitDerivedFindings([cause, assignment], [{ ...tscRun, status: 'failed' }]).echoes).toEqual([]);
    expect(
      splitDerivedFindings([cause, { ...assignment, endLine: undefined, endColumn: undefined }], [tscRun]).echoes,
    ).toEqual([]);
  });

  it('keeps the lint findings recognised by their wording, not counted as traced', () => {
    const errorTyped = makeLint('no-unsafe-assignment', 6, 18, 6, 27, 'Unsafe assignment of an error typed value.');
    expect(splitDerivedFindings([cause, errorTyped], [])).toEqual({ kept: [cause], echoes: [errorTyped], traced: 0 });
    expect(splitDerivedFindings([cause, errorTyped], [tscRun])).toEqual({
      kept: [cause],
      echoes: [errorTyped],
      traced: 0,
    });
  });
});
