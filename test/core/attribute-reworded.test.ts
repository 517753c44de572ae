/**
 * Identity against how the compiler printed a type: a union printed in another order is the same
 * finding, and a finding re-worded by a type change elsewhere stands, while a genuinely new one on
 * the same line (another rule, or a second one under the same rule) is still introduced.
 */
import { describe, expect, it } from 'vitest';
import { attribute } from '../../src/core/attribute.js';
import type { AnchoredDiagnostic } from '../../src/core/diagnostic.js';

function unsafeArgument(
  path: string,
  line: number,
  parameterType: string,
  anchor: string,
  fields: Partial<AnchoredDiagnostic> = {},
): AnchoredDiagnostic {
  return {
    tool: 'eslint',
    code: '@typescript-eslint/no-unsafe-argument',
    severity: 'error',
    phase: 'lint',
    path,
    line,
    column: 13,
    message: `Unsafe argument of type \`any\` assigned to a parameter of type \`${parameterType}\`.`,
    anchor,
    ...fields,
  };
}

const anchor = 'subscribe<number>(JSON.parse(text));';

describe('attribute and the way types are printed', () => {
  it('keeps a finding standing when only the order of a union it names changed', () => {
    const before = [unsafeArgument('src/use.ts', 4, 'string | URLSearchParams | Record<string, string>', anchor)];
    const after = [unsafeArgument('src/use.ts', 4, 'string | Record<string, string> | URLSearchParams', anchor)];
    const result = attribute(before, after);
    expect([result.introduced.length, result.resolved.length, result.standing.length, result.reworded]).toEqual([
      0,
      0,
      1,
      [],
    ]);
  });

  it('counts a finding that names the edit’s new type as reworded and standing, with its base message', () => {
    const before = [unsafeArgument('src/use.ts', 4, 'PartialObserver<number>', anchor)];
    const after = [unsafeArgument('src/use.ts', 6, 'Partial<Observer<number>>', anchor)];
    const result = attribute(before, after);
    expect(result.introduced).toEqual([]);
    expect(result.resolved).toEqual([]);
    expect(result.standing.map((finding) => finding.line)).toEqual([6]);
    expect(result.reworded?.map((finding) => [finding.line, finding.before.message])).toEqual([
      [6, 'Unsafe argument of type `any` assigned to a parameter of type `PartialObserver<number>`.'],
    ]);
    expect(result.reworded?.[0]?.fingerprint).toBe(result.standing[0]?.fingerprint);
  });

  it('keeps a second finding of the same rule on the same line introduced', () => {
    const before = [unsafeArgument('src/use.ts', 4, 'PartialObserver<number>', anchor)];
    const after = [
      unsafeArgument('src/use.ts', 4, 'Partial<Observer<number>>', anchor),
      unsafeArgument('src/use.ts', 9, 'Partial<Observer<number>>', anchor),
    ];
    const result = attribute(before, after);
    expect(result.reworded?.map((finding) => finding.line)).toEqual([4]);
    expect(result.introduced.map((finding) => finding.line)).toEqual([9]);
    expect(result.resolved).toEqual([]);
  });

  it('keeps a finding of another rule on that line introduced', () => {
    const before = [unsafeArgument('src/use.ts', 4, 'PartialObserver<number>', anchor)];
    const other: AnchoredDiagnostic = {
      ...unsafeArgument('src/use.ts', 4, 'x', anchor),
      tool: 'tsc',
      code: 'TS2554',
      phase: 'semantic',
      message: "Expected 2 arguments, but got 1. See 'Observer'.",
    };
    const result = attribute(before, [unsafeArgument('src/use.ts', 4, 'Partial<Observer<number>>', anchor), other]);
    expect(result.introduced.map((finding) => finding.code)).toEqual(['TS2554']);
    expect(result.reworded?.map((finding) => finding.code)).toEqual(['@typescript-eslint/no-unsafe-argument']);
  });

  it('pairs nothing across flagged lines, files or messages that differ outside their quotes', () => {
    const before = [unsafeArgument('src/use.ts', 4, 'PartialObserver<number>', anchor)];
    const cases: AnchoredDiagnostic[] = [
      unsafeArgument('src/use.ts', 4, 'Partial<Observer<number>>', 'subscribe<number>(JSON.parse(other));'),
      unsafeArgument('src/other.ts', 4, 'Partial<Observer<number>>', anchor),
      {
        ...unsafeArgument('src/use.ts', 4, 'Partial<Observer<number>>', anchor),
        message: 'Unsafe spread of an `any` value in an array.',
      },
      unsafeArgument('src/use.ts', 4, 'Partial<Observer<number>>', ''),
    ];
    for (const after of cases) {
      const result = attribute(anchorless(before, after), [after]);
      expect([result.introduced.length, result.resolved.length, result.reworded?.length]).toEqual([1, 1, 0]);
    }
  });

  it('pairs a renamed file’s re-worded finding under its new path', () => {
    const before = [unsafeArgument('src/old.ts', 4, 'PartialObserver<number>', anchor)];
    const after = [unsafeArgument('src/new.ts', 4, 'Partial<Observer<number>>', anchor)];
    const result = attribute(before, after, { renames: new Map([['src/old.ts', 'src/new.ts']]) });
    expect([result.introduced.length, result.resolved.length, result.reworded?.length]).toEqual([0, 0, 1]);
  });
});

/** A base finding with no flagged line is never paired either: the base side loses its anchor when the current one has none. */
function anchorless(before: AnchoredDiagnostic[], after: AnchoredDiagnostic): AnchoredDiagnostic[] {
  return after.anchor === '' ? before.map((finding) => ({ ...finding, anchor: '' })) : before;
}
