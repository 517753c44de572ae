import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../../src/checks/output/read-jsonc.js';

describe('parseJsonc', () => {
  it('reads a tsconfig with a BOM, comments and trailing commas, leaving strings alone', () => {
    const text =
      '\uFEFF{\n  // line comment\n  "files": [], /* block */\n  "references": [{ "path": "a//b" }, { "path": "c/*d*/,}" },],\n}\n';
    expect(parseJsonc(text)).toEqual({ files: [], references: [{ path: 'a//b' }, { path: 'c/*d*/,}' }] });
  });

  it('keeps escaped quotes inside strings', () => {
    expect(parseJsonc('{ "a": "x\\"// y", }')).toEqual({ a: 'x"// y' });
  });

  it('throws on a file it cannot read whole, rather than returning the part it recovered', () => {
    expect(() => parseJsonc('{ "references": [{ "path": "a" }, ')).toThrow(SyntaxError);
    expect(() => parseJsonc('{ "a": 1 } { "b": 2 }')).toThrow(SyntaxError);
  });
});
