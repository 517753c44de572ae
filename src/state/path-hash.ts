/**
 * hashPath: the short name of a path (a work tree, a repository root) in the names of culprit's
 * files and of a server's socket: the first 16 hex digits of the path's SHA-1. Computed here
 * rather than with node:crypto, whose loading is a sixth of a served check's client start-up:
 * a served `check` or Stop hook needs the socket's name before anything else.
 */

/** A short, stable name for a path in file names (the same digits as node:crypto's SHA-1). */
export function hashPath(path: string): string {
  const digest = sha1(new TextEncoder().encode(path));
  let hex = '';
  for (const word of digest.subarray(0, 2)) hex += word.toString(16).padStart(8, '0');
  return hex;
}

/** SHA-1 (FIPS 180-4) of `bytes`, as its five 32-bit words. */
function sha1(bytes: Uint8Array): Uint32Array {
  // The message, a 1 bit, zeros, and its length in bits as a 64-bit big-endian number, in 64-byte blocks.
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(padded.length - 4, (bytes.length * 8) >>> 0);
  const state = Uint32Array.of(0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0);
  const words = new Uint32Array(80);
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < 16; i++) words[i] = view.getUint32(block * 64 + i * 4);
    for (let i = 16; i < 80; i++) words[i] = rotate(words[i - 3]! ^ words[i - 8]! ^ words[i - 14]! ^ words[i - 16]!, 1);
    let [a, b, c, d, e] = state as unknown as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const [mix, constant] =
        i < 20
          ? [(b & c) | (~b & d), 0x5a827999]
          : i < 40
            ? [b ^ c ^ d, 0x6ed9eba1]
            : i < 60
              ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
              : [b ^ c ^ d, 0xca62c1d6];
      const next = (rotate(a, 5) + mix + e + constant + words[i]!) >>> 0;
      e = d;
      d = c;
      c = rotate(b, 30);
      b = a;
      a = next;
    }
    state[0]! += a;
    state[1]! += b;
    state[2]! += c;
    state[3]! += d;
    state[4]! += e;
  }
  return state;
}

function rotate(word: number, bits: number): number {
  return ((word << bits) | (word >>> (32 - bits))) >>> 0;
}
