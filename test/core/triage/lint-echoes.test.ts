import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostic.js';
import { isErrorTypeFinding } from '../../../src/core/triage/lint-echoes.js';

function makeLint(code: string, message: string, fields: Partial<Diagnostic> = {}): Diagnostic {
  return {
    tool: 'eslint',
    code: `@typescript-eslint/${code}`,
    severity: 'error',
    phase: 'lint',
    path: 'src/a.ts',
    line: 1,
    column: 1,
    message,
    ...fields,
  };
}

const typeError: Diagnostic = {
  tool: 'tsc',
  code: 'TS2339',
  severity: 'error',
  phase: 'semantic',
  path: 'src/a.ts',
  line: 1,
  column: 7,
  message: "Property 'tr' does not exist on type 'CommandProps'.",
};

/** What typescript-eslint 8 says about values of the error type, rule by rule. */
const errorTyped = [
  makeLint('no-unsafe-assignment', 'Unsafe assignment of an error typed value.'),
  makeLint('no-unsafe-assignment', 'Unsafe array destructuring of an error typed array value.'),
  makeLint('no-unsafe-argument', 'Unsafe argument of type error typed assigned to a parameter of type `Transaction`.'),
  makeLint('no-unsafe-argument', 'Unsafe spread of an error array type.'),
  makeLint('no-unsafe-return', 'Unsafe return of a value of type error.'),
  makeLint('no-unsafe-call', 'Unsafe call of a type that could not be resolved.'),
  makeLint('no-unsafe-member-access', 'Unsafe member access .docChanged on a type that cannot be resolved.'),
  makeLint(
    'no-unsafe-type-assertion',
    'Unsafe assertion from error typed detected: consider using type guards or a safer assertion.',
  ),
  makeLint(
    'no-redundant-type-constituents',
    "'Missing' is an 'error' type that acts as 'any' and overrides all other types in this union type.",
  ),
];

/** What oxlint's type-aware rules (tsgolint 7.0) say where their wording differs, from a real run. */
const oxlintErrorTyped = [
  makeLint('no-unsafe-member-access', 'Unsafe member access .length on an `error` typed value.', {
    tool: 'oxlint',
    code: 'typescript/no-unsafe-member-access',
  }),
  makeLint('no-unsafe-call', 'Unsafe call of a(n) `error` type typed value.', {
    tool: 'oxlint',
    code: 'typescript/no-unsafe-call',
  }),
  makeLint('no-unsafe-assignment', 'Unsafe spread of an error typed value in an array.', {
    tool: 'oxlint',
    code: 'typescript/no-unsafe-assignment',
  }),
];

describe('isErrorTypeFinding', () => {
  it("recognises typescript-eslint's and oxlint's wording for error-typed values", () => {
    expect([...errorTyped, ...oxlintErrorTyped].filter((finding) => !isErrorTypeFinding(finding))).toEqual([]);
  });

  it('leaves any-typed values, other rules and other phases alone', () => {
    expect(isErrorTypeFinding(makeLint('no-unsafe-assignment', 'Unsafe assignment of an `any` value.'))).toBe(false);
    expect(isErrorTypeFinding(makeLint('no-unsafe-call', 'Unsafe call of an `any` typed value.'))).toBe(false);
    expect(isErrorTypeFinding(makeLint('no-unsafe-call', 'Unsafe call of a(n) `any` typed value.'))).toBe(false);
    expect(
      isErrorTypeFinding(makeLint('no-unsafe-member-access', 'Unsafe member access .deep on an `any` value.')),
    ).toBe(false);
    expect(
      isErrorTypeFinding({
        ...makeLint('x', ''),
        code: 'import/no-unresolved',
        message: "Module './x' cannot be resolved.",
      }),
    ).toBe(false);
    expect(isErrorTypeFinding({ ...typeError, message: 'Unsafe assignment of an error typed value.' })).toBe(false);
  });
});
