/**
 * hashPath names culprit's files and the servers' sockets with its own SHA-1 (so a served check
 * loads no node:crypto): its digits must be node:crypto's, or a new culprit would miss the
 * session files, locks and sockets named before.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashPath } from '../../src/state/path-hash.js';

const hashWithNode = (path: string) => createHash('sha1').update(path).digest('hex').slice(0, 16);

describe('hashPath', () => {
  it("gives node:crypto's SHA-1 digits for paths of every length and alphabet", () => {
    // Lengths around the 55/56/64-byte block boundaries, where the padding spills into a second block.
    for (let length = 0; length < 200; length++)
      expect(hashPath('a'.repeat(length))).toBe(hashWithNode('a'.repeat(length)));
    expect(hashPath('/tmp/client40/repo')).toBe(hashWithNode('/tmp/client40/repo'));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (path) => {
        expect(hashPath(path)).toBe(hashWithNode(path));
      }),
      { numRuns: 500 },
    );
  });
});
