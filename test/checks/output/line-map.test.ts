import { describe, expect, it } from 'vitest';
import { makeLineMap } from '../../../src/checks/output/line-map.js';

describe('makeLineMap', () => {
  it('counts LF, CRLF and CR line breaks and UTF-16 columns as tsc does', () => {
    const text = 'a\nbc\r\n😀d\re';
    const toLineColumn = makeLineMap(text);
    expect(toLineColumn(0)).toEqual({ line: 1, column: 1 });
    expect(toLineColumn(3)).toEqual({ line: 2, column: 2 });
    expect(toLineColumn(text.indexOf('d'))).toEqual({ line: 3, column: 3 });
    expect(toLineColumn(text.indexOf('e'))).toEqual({ line: 4, column: 1 });
    expect(toLineColumn(text.length + 10)).toEqual({ line: 4, column: 2 });
  });
});
