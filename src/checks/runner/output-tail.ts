/**
 * The last bytes a worker wrote to stderr: enough to say why it crashed, bounded so a chatty
 * tool cannot grow culprit's memory.
 */
import { debugPrefix } from '../../debug/log-debug.js';

export interface OutputTail {
  push(chunk: Buffer): void;
  /** The last meaningful lines: stack frames, caret markers and Node's version banner are left out. */
  readLines(count: number): string[];
}

export function makeOutputTail(limit = 16_384): OutputTail {
  let tail = Buffer.alloc(0);
  return {
    push(chunk) {
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > limit) tail = tail.subarray(tail.length - limit);
    },
    readLines(count) {
      const lines = tail
        .toString('utf8')
        .split(/\r?\n/)
        .map((line) => line.trimEnd())
        .filter((line) => !isNoise(line))
        .map((line) => line.trim());
      return lines.slice(-count);
    },
  };
}

function isNoise(line: string): boolean {
  return (
    line.trim() === '' ||
    /^\s+at /.test(line) || // JavaScript stack frame
    /^\s*\d+: 0x[0-9a-f]+ /.test(line) || // native stack frame after a fatal error
    /^\s*\^+\s*$/.test(line) || // the caret under a code frame
    /^\s*[{}]\s*$/.test(line) || // the braces around an error's extra properties
    /^Node\.js v\d/.test(line) ||
    line.startsWith(debugPrefix) // the worker's debug lines, forwarded as they come
  );
}
