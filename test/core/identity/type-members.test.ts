import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashFingerprint, normalizeMessage } from '../../../src/core/identity/fingerprint.js';
import { haveSameNormalForm } from '../../../src/core/identity/normal-form.js';
import { maskQuotedText, sortTypeMembers, sortTypeText } from '../../../src/core/identity/type-members.js';

describe('sortTypeMembers', () => {
  it('gives one text for the two orders the issue saw warm and cold', () => {
    const warm =
      'Unsafe return of type `OperatorFunction<V, V | A>` from function with return type `OperatorFunction<V, A>`.';
    const cold =
      'Unsafe return of type `OperatorFunction<V, A | V>` from function with return type `OperatorFunction<V, A>`.';
    expect(sortTypeMembers(warm)).toBe(cold);
    const warmArgument =
      'Unsafe argument of type `string | URLSearchParams | Record<string, string | readonly string[]>` assigned to a parameter of type `any`.';
    const coldArgument =
      'Unsafe argument of type `string | Record<string, readonly string[] | string> | URLSearchParams` assigned to a parameter of type `any`.';
    expect(sortTypeMembers(warmArgument)).toBe(sortTypeMembers(coldArgument));
    expect(hashFingerprint({ tool: 'eslint', code: 'r', path: 'a.ts', message: warmArgument, anchor: 'f(x);' })).toBe(
      hashFingerprint({ tool: 'eslint', code: 'r', path: 'a.ts', message: coldArgument, anchor: 'f(x);' }),
    );
  });

  it('sorts at every depth: generics, tuples, object members, parameters, intersections', () => {
    expect(sortTypeText('Map<B | A, [D | C, F & E]>')).toBe('Map<A | B, [C | D, E & F]>');
    expect(sortTypeText('{ b: Z | Y; a?: X & W; }')).toBe('{ b: Y | Z; a?: W & X; }');
    expect(sortTypeText('C & B | A')).toBe('A | B & C');
    expect(sortTypeText('| B | A')).toBe('A | B');
  });

  it("sorts a function type's return type on its own, and a parenthesised function type as one member", () => {
    expect(sortTypeText('(x: B | A) => D | C')).toBe('(x: A | B) => C | D');
    expect(sortTypeText('((x: A) => C | B) | null')).toBe('((x: A) => B | C) | null');
    // Different return types stay different.
    expect(sortTypeText('(x: A) => B | C')).not.toBe(sortTypeText('(x: A | B) => C'));
  });

  it('keeps a string literal type whole, `|` and quotes inside it included', () => {
    expect(sortTypeMembers('Type \'"b|a" | "a"\' is not assignable to type \'"x"\'.')).toBe(
      'Type \'"a" | "b|a"\' is not assignable to type \'"x"\'.',
    );
    expect(sortTypeMembers('Type \'"it\'s" | "a"\' is bad.')).toBe('Type \'"a" | "it\'s"\' is bad.');
  });

  it('leaves code in quotes, apostrophes, unbalanced text and prose alone', () => {
    for (const message of [
      'Prefer using nullish coalescing operator (`??`) instead of a logical or (`||`).',
      "Operator '|' cannot be applied to types 'number' and 'string'.",
      'Expected `a && b | c`.',
      "Type 'Map<B | A' is broken",
      'a | b outside quotes',
    ]) {
      expect(sortTypeMembers(message)).toBe(message);
    }
    // The apostrophe opens no quote, so the backticked union after it is still read.
    expect(sortTypeMembers("Don't use `b | a`.")).toBe("Don't use `a | b`.");
  });

  it('is idempotent and agrees with haveSameNormalForm on generated type text', () => {
    const piece = fc.constantFrom(
      'A',
      'B',
      'C',
      'N',
      ' | ',
      ' & ',
      '<',
      '>',
      '(',
      ')',
      ' => ',
      ', ',
      ': ',
      '?',
      '[',
      ']',
      '{ ',
      ' }',
      '"x|y"',
      '1',
      '  ',
      "'",
      '`',
    );
    const message = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(message, message, (a, b) => {
        const normal = normalizeMessage(a);
        expect(normalizeMessage(normal)).toBe(normal);
        expect(haveSameNormalForm(a, normal)).toBe(true);
        expect(haveSameNormalForm(a, b)).toBe(normal === normalizeMessage(b));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives every order of a union one text', () => {
    const member = fc.constantFrom(
      'A',
      'Promise<B | C>',
      '"a|b"',
      '(x: D | E) => F',
      'G[]',
      '{ h: I | J }',
      'K & L',
      'null',
    );
    fc.assert(
      fc.property(fc.uniqueArray(member, { minLength: 2, maxLength: 6 }), fc.integer(), (members, seed) => {
        const shuffled = [...members].sort(
          (a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7) || (a < b ? 1 : -1),
        );
        const wrap = (list: string[]) =>
          `Type '${list.map((m) => (m.includes('=>') ? `(${m})` : m)).join(' | ')}' is not assignable.`;
        expect(normalizeMessage(wrap(shuffled))).toBe(normalizeMessage(wrap(members)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('maskQuotedText', () => {
  it('blanks what a message quotes and keeps what it says', () => {
    expect(maskQuotedText("Argument of type 'A' is not assignable to parameter of type 'B<C>'.")).toBe(
      "Argument of type '…' is not assignable to parameter of type '…'.",
    );
    expect(
      maskQuotedText('Unsafe argument of type `any` assigned to a parameter of type `Partial<Observer<T>>`.'),
    ).toBe('Unsafe argument of type `…` assigned to a parameter of type `…`.');
    expect(maskQuotedText('Unexpected console statement.')).toBe('Unexpected console statement.');
  });
});
