import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMessage } from '../../../src/core/identity/fingerprint.js';
import { haveSameNormalForm } from '../../../src/core/identity/normal-form.js';

/** Numbers next to dots, letters and underscores, every kind of whitespace, and literal Ns. */
const tricky = fc
  .array(
    fc.constantFrom(
      '0',
      '1',
      '23',
      '.',
      '_',
      'a',
      'Z',
      'N',
      '-',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\u00a0',
      '\ufeff',
      '\u2028',
      '\u180e',
      'é',
    ),
    { maxLength: 16 },
  )
  .map((parts) => parts.join(''));

describe('haveSameNormalForm', () => {
  it('answers as comparing normalizeMessage would', () => {
    fc.assert(
      fc.property(tricky, tricky, (a, b) => {
        expect(haveSameNormalForm(a, a)).toBe(true);
        expect(haveSameNormalForm(a, b)).toBe(normalizeMessage(a) === normalizeMessage(b));
        expect(haveSameNormalForm(a, normalizeMessage(a))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('treats every code unit as whitespace, word character or neither exactly as the expressions do', () => {
    for (let code = 0; code < 0x10000; code += 1) {
      const char = String.fromCharCode(code);
      for (const message of [`a${char}1 b`, `1${char}2.5`, ` ${char}x${char}`]) {
        if (!haveSameNormalForm(message, normalizeMessage(message)))
          expect.fail(`U+${code.toString(16)} in ${JSON.stringify(message)}`);
      }
    }
  });

  it('keeps digits inside words and reads a fraction only when it ends a word', () => {
    expect(haveSameNormalForm("Type 'v2' is not assignable (TS2322)", "Type 'v3' is not assignable (TS2322)")).toBe(
      false,
    );
    expect(haveSameNormalForm('at 1.5a and 2.5 and 3.', 'at 7.5a and 8 and 9.')).toBe(true);
    expect(
      haveSameNormalForm('Line 214 exceeds   maximum length of 100.5 ', ' Line 9 exceeds maximum\tlength of 80'),
    ).toBe(true);
    expect(haveSameNormalForm('Line 214', 'Line 214a')).toBe(false);
  });
});
