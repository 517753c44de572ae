import { describe, expect, test } from 'vitest';
import { readEditedLines, splitTextLines } from '../../../src/core/fix/edited-lines.js';

describe('readEditedLines', () => {
  test('lines the edit left alone map across it; the lines it changed are its own', () => {
    // a b c d e → a B c new d e: line 2 changed, a line inserted after line 3 (git's -2 +2, -3,0 +4).
    const edited = readEditedLines({
      hunks: [
        { oldStart: 2, oldCount: 1, newStart: 2, newCount: 1 },
        { oldStart: 3, oldCount: 0, newStart: 4, newCount: 1 },
      ],
    });
    expect([...edited.changed].sort()).toEqual([2, 4]);
    expect([1, 2, 3, 4, 5].map((line) => edited.currentLineOf(line))).toEqual([1, undefined, 3, 5, 6]);
    expect(edited.replacementOf(2)).toEqual([2]);
    expect(edited.hunkOf(2)).toEqual({ base: [2], current: [2] });
    // An inserted line replaced nothing.
    expect(edited.hunkOf(4)).toEqual({ base: [], current: [4] });
  });

  test('a removed line has nothing in its place; a file the baseline did not have is changed throughout', () => {
    // a b c → a c (git's -2 +1,0).
    const edited = readEditedLines({ hunks: [{ oldStart: 2, oldCount: 1, newStart: 1, newCount: 0 }] });
    expect(edited.replacementOf(2)).toEqual([]);
    expect(edited.currentLineOf(3)).toBe(2);
    const added = readEditedLines({ added: 2 });
    expect([...added.changed]).toEqual([1, 2]);
    expect(added.currentLineOf(1)).toBeUndefined();
  });

  test('line breaks count as the tools count them: \\r\\n and \\r end a line too', () => {
    expect(splitTextLines('a\r\nb\rc\n')).toEqual(['a', 'b', 'c', '']);
  });
});
