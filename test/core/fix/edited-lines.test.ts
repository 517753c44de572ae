import { describe, expect, test } from 'vitest';
import { readEditedLines, splitTextLines } from '../../../src/core/fix/edited-lines.js';

describe('readEditedLines', () => {
  test('lines the edit left alone map across it; the lines it changed are its own', () => {
    const base = 'a\nb\nc\nd\ne\n';
    const current = 'a\nB\nc\nnew\nd\ne\n';
    const edited = readEditedLines(base, current);
    expect([...edited.changed].sort()).toEqual([2, 4]);
    expect([1, 2, 3, 4, 5].map((line) => edited.currentLineOf(line))).toEqual([1, undefined, 3, 5, 6]);
    expect(edited.baseLineOf(5)).toBe(4);
    expect(edited.baseLineOf(4)).toBeUndefined();
    expect(edited.replacementOf(2)).toEqual([2]);
    expect(edited.hunkOf(2)).toEqual({ base: [2], current: [2] });
    // An inserted line replaced nothing.
    expect(edited.hunkOf(4)).toEqual({ base: [], current: [4] });
  });

  test('a removed line has nothing in its place; a file the baseline did not have is changed throughout', () => {
    const edited = readEditedLines('a\nb\nc\n', 'a\nc\n');
    expect(edited.replacementOf(2)).toEqual([]);
    expect(edited.currentLineOf(3)).toBe(2);
    const added = readEditedLines(null, 'x\ny\n');
    expect([...added.changed]).toEqual([1, 2, 3]);
    expect(added.currentLineOf(1)).toBeUndefined();
  });

  test('line breaks count as the tools count them: \\r\\n and \\r end a line too', () => {
    expect(splitTextLines('a\r\nb\rc\n')).toEqual(['a', 'b', 'c', '']);
    const edited = readEditedLines('a\r\nb\r\nc\r\n', 'a\r\nB\r\nc\r\n');
    expect([...edited.changed]).toEqual([2]);
  });
});
