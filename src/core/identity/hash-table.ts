/**
 * Fingerprint hashes numbered in the order they are first seen, so occurrences are counted in
 * typed arrays and the two sides of an attribution compare numbers rather than strings.
 */
import { hash } from 'node:crypto';

export interface HashTable {
  /** The number of the hash of `text`. */
  numberOf(text: string): number;
  /** The number of a hash computed earlier: 16 lowercase hex digits, as hashText gives. */
  numberOfHash(hash: string): number;
  /** The hash (16 hex digits) numbered `number`. */
  hashOf(number: number): string;
  /** How many distinct hashes have been numbered. */
  readonly size: number;
}

/** The first 16 hex digits of the sha1 of `text`. */
export function hashText(text: string): string {
  return hashHex(text).slice(0, 16);
}

/** The one-shot `crypto.hash` (Node ≥ 20.12) gives createHash's digest without a Hash object per text. */
function hashHex(text: string): string {
  return hash('sha1', text, 'hex');
}

/**
 * An open-addressing table over the hashes' own bits: a hash's 16 hex digits are two 32-bit
 * numbers, read straight from the digest, so a lookup neither cuts the digest into a string nor
 * hashes that string again for a Map (which was a fifth of attributing 100,000 findings).
 * `expected` sizes it for that many hashes; it grows past them.
 */
export function makeHashTable(expected = 0): HashTable {
  let mask = sizeFor(expected) - 1;
  let slots = new Int32Array(mask + 1);
  // Per number: the digest's first and second 8 hex digits, and the 16 digits as a string.
  let highs = new Int32Array(Math.max(expected, 8));
  let lows = new Int32Array(highs.length);
  const hashes: string[] = [];

  const place = (number: number): void => {
    let at = highs[number]! & mask;
    while (slots[at] !== 0) at = (at + 1) & mask;
    slots[at] = number + 1;
  };
  const grow = (): void => {
    if (hashes.length === highs.length) {
      highs = double(highs);
      lows = double(lows);
    }
    // Below half full, a probe rarely passes more than a slot or two.
    if (hashes.length * 2 >= mask) {
      mask = mask * 2 + 1;
      slots = new Int32Array(mask + 1);
      for (let number = 0; number < hashes.length; number += 1) place(number);
    }
  };

  /** The number of the hash whose first 16 hex digits are `digest`'s. */
  const numberOfDigest = (digest: string): number => {
    const high = readHex32(digest, 0);
    const low = readHex32(digest, 8);
    let at = high & mask;
    for (let slot = slots[at]!; slot !== 0; slot = slots[at]!) {
      if (highs[slot - 1] === high && lows[slot - 1] === low) return slot - 1;
      at = (at + 1) & mask;
    }
    const number = hashes.length;
    grow();
    highs[number] = high;
    lows[number] = low;
    hashes.push(digest.length === 16 ? digest : digest.slice(0, 16));
    place(number);
    return number;
  };

  return {
    numberOf: (text) => numberOfDigest(hashHex(text)),
    numberOfHash: numberOfDigest,
    hashOf: (number) => hashes[number]!,
    get size() {
      return hashes.length;
    },
  };
}

/** A power of two at least twice `expected` (and at least 16), so the table starts below half full. */
function sizeFor(expected: number): number {
  let size = 16;
  while (size < expected * 2) size *= 2;
  return size;
}

/** `values` in an array twice as long. */
function double(values: Int32Array): Int32Array<ArrayBuffer> {
  const doubled = new Int32Array(values.length * 2);
  doubled.set(values);
  return doubled;
}

/** Eight lowercase hex digits from `from` on, as a 32-bit integer. */
function readHex32(hex: string, from: number): number {
  let value = 0;
  for (let at = from; at < from + 8; at += 1) {
    const code = hex.charCodeAt(at);
    value = (value << 4) | (code <= 57 ? code - 48 : code - 87);
  }
  return value;
}
