import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside } from '../../src/core/is-inside.js';

const directory = resolve('/work/repo');

describe('isInside', () => {
  it('counts a file or folder named ..foo inside the directory as inside', () => {
    expect(isInside(directory, join(directory, '..foo'))).toBe(true);
    expect(isInside(directory, join(directory, '..foo', 'a.ts'))).toBe(true);
    expect(isInside(directory, join(directory, 'src', '..foo'))).toBe(true);
  });

  it('counts the parent and its other children as outside', () => {
    expect(isInside(directory, resolve(directory, '..'))).toBe(false);
    expect(isInside(directory, resolve(directory, '..', 'x'))).toBe(false);
    // A sibling whose name merely starts with the directory's.
    expect(isInside(directory, `${directory}-other${sep}a.ts`)).toBe(false);
  });

  it('reads `..` segments in the path rather than its spelling', () => {
    expect(isInside(directory, `${directory}${sep}src${sep}..${sep}a.ts`)).toBe(true);
    expect(isInside(directory, `${directory}${sep}src${sep}..${sep}..${sep}a.ts`)).toBe(false);
  });

  it('counts an unrelated absolute path as outside', () => {
    expect(isInside(directory, resolve('/etc/passwd'))).toBe(false);
  });

  it('does not count the directory itself as inside', () => {
    expect(isInside(directory, directory)).toBe(false);
    expect(isInside(directory, `${directory}${sep}`)).toBe(false);
  });
});
