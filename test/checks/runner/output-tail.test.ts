import { describe, expect, it } from 'vitest';
import { makeOutputTail } from '../../../src/checks/runner/output-tail.js';

describe('makeOutputTail', () => {
  it('keeps the last meaningful lines of a crash within its byte limit', () => {
    const tail = makeOutputTail(200);
    tail.push(Buffer.from('x'.repeat(500) + '\n'));
    tail.push(
      Buffer.from(
        "file:///repo/eslint.config.js:1\nthrow new Error('boom');\n^\n\nError: boom\n    at file:///repo/eslint.config.js:1:7\n{\n  code: 'E_BOOM'\n}\n\nNode.js v20.20.2\n",
      ),
    );
    expect(tail.readLines(2)).toEqual(['Error: boom', "code: 'E_BOOM'"]);
    expect(tail.readLines(100).join('\n').length).toBeLessThanOrEqual(200);
  });
});
