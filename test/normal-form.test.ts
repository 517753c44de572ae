import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMessage } from '../src/fingerprint.js';
import { hasNormalForm } from '../src/normal-form.js';

/** Numbers next to dots, letters and underscores, every kind of whitespace, and literal Ns. */
const tricky = fc
  .array(fc.constantFrom('0', '1', '23', '.', '_', 'a', 'Z', 'N', '-', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\ufeff', '\u2028', '\u180e', 'é'), { maxLength: 16 })
  .map((parts) => parts.join(''));

describe('hasNormalForm', () => {
  it('answers as comparing normalizeMessage would', () => {
    fc.assert(
      fc.property(tricky, tricky, (message, other) => {
        expect(hasNormalForm(message, normalizeMessage(message))).toBe(true);
        expect(hasNormalForm(message, normalizeMessage(other))).toBe(normalizeMessage(message) === normalizeMessage(other));
        expect(hasNormalForm(message, other)).toBe(normalizeMessage(message) === other);
      }),
      { numRuns: 3000 },
    );
  });

  it('treats every code unit as whitespace, word character or neither exactly as the expressions do', () => {
    for (let code = 0; code < 0x10000; code += 1) {
      const char = String.fromCharCode(code);
      for (const message of [`a${char}1 b`, `1${char}2.5`, ` ${char}x${char}`]) {
        const normalized = normalizeMessage(message);
        if (!hasNormalForm(message, normalized)) expect.fail(`U+${code.toString(16)} in ${JSON.stringify(message)}`);
      }
    }
  });

  it('keeps digits inside words and reads a fraction only when it ends a word', () => {
    expect(hasNormalForm("Type 'v2' is not assignable (TS2322)", "Type 'v2' is not assignable (TS2322)")).toBe(true);
    expect(hasNormalForm('at 1.5a and 2.5 and 3.', 'at N.5a and N and N.')).toBe(true);
    expect(hasNormalForm('Line 214 exceeds   maximum length of 100.5 ', 'Line N exceeds maximum length of N')).toBe(true);
    expect(hasNormalForm('Line 214', 'Line 214')).toBe(false);
  });
});
