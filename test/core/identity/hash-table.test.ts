import { describe, expect, it } from 'vitest';
import { hashText, makeHashTable } from '../../../src/core/identity/hash-table.js';

describe('makeHashTable', () => {
  it('numbers hashes in first-seen order, the same text always alike, past every growth', () => {
    const texts = Array.from(
      { length: 5000 },
      (_, index) => `eslint|no-var|src/f${index % 2500}.ts|Unexpected var.|var x${index % 1700} = 1;`,
    );
    const table = makeHashTable();
    const firstSeen = new Map<string, number>();
    for (const text of texts) {
      const number = table.numberOf(text);
      if (!firstSeen.has(text)) firstSeen.set(text, firstSeen.size);
      expect(number).toBe(firstSeen.get(text));
    }
    expect(table.size).toBe(firstSeen.size);
    for (const [text, number] of firstSeen) {
      expect(table.numberOf(text)).toBe(number);
      expect(table.hashOf(number)).toBe(hashText(text));
    }
    expect(table.size).toBe(firstSeen.size);
  });

  it('numbers a stored hash as it numbers the text it was computed from', () => {
    const texts = Array.from({ length: 300 }, (_, index) => `tsc|TS2322|src/f${index % 120}.ts|Type N.|x${index % 70}`);
    const table = makeHashTable(4);
    texts.forEach((text, index) => {
      // Alternate which way each text arrives, so both ways meet numbers the other made.
      const number = index % 2 === 0 ? table.numberOf(text) : table.numberOfHash(hashText(text));
      expect(table.numberOf(text)).toBe(number);
      expect(table.numberOfHash(hashText(text))).toBe(number);
      expect(table.hashOf(number)).toBe(hashText(text));
    });
    expect(table.size).toBe(new Set(texts).size);
  });

  it('gives the first 16 hex digits of the sha1', () => {
    expect(hashText('abc')).toBe('a9993e364706816a');
  });
});
