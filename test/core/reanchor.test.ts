/**
 * Re-anchoring along an edit's diff, on plain data: what a line became through the hunks, and
 * which findings of an edited line are the same findings as before (standing, counted
 * `reanchored`), which are new, and which went away with lines the edit really removed.
 */
import { describe, expect, it } from 'vitest';
import { attribute } from '../../src/core/attribute.js';
import type { AnchoredDiagnostic } from '../../src/core/diagnostic.js';
import { isLineEdited, mapLine, type Hunk, type LineMap } from '../../src/core/identity/line-map.js';
import { listReanchorPaths } from '../../src/core/reanchor.js';

const path = 'src/count.ts';

function lineMap(...hunks: [number, number, number, number][]): LineMap {
  return {
    from: path,
    to: path,
    hunks: hunks.map(([oldStart, oldCount, newStart, newCount]): Hunk => ({ oldStart, oldCount, newStart, newCount })),
  };
}

function lint(line: number, code: string, message: string, anchor: string): AnchoredDiagnostic {
  return { tool: 'eslint', code, severity: 'error', phase: 'lint', path, line, column: 3, message, anchor };
}

const preferConst = (line: number, anchor: string) =>
  lint(line, 'prefer-const', "'count' is never reassigned. Use 'const' instead.", anchor);
const memberAccess = (line: number, anchor: string, member = 'count') =>
  lint(
    line,
    '@typescript-eslint/no-unsafe-member-access',
    `Unsafe member access .${member} on an \`any\` value.`,
    anchor,
  );
const unsafeAssignment = (line: number, anchor: string) =>
  lint(line, '@typescript-eslint/no-unsafe-assignment', 'Unsafe assignment of an `any` value.', anchor);
/** In position order: one column, so by rule. */
const onLine = (line: number, anchor: string) => [
  unsafeAssignment(line, anchor),
  memberAccess(line, anchor),
  preferConst(line, anchor),
];

const old = 'let count = payload.count;';
const edited = 'let count = payload.count ?? 0;';

const codes = (findings: readonly AnchoredDiagnostic[]) => findings.map((finding) => `${finding.line} ${finding.code}`);

describe('mapLine', () => {
  const map = lineMap([2, 0, 3, 2], [4, 1, 6, 1], [7, 2, 8, 0], [9, 1, 9, 2]);
  it('moves a line outside every hunk by what was inserted and removed above it', () => {
    expect([1, 2, 3, 6, 10].map((line) => mapLine(map, line))).toEqual([
      { start: 1, end: 2, shrank: false },
      { start: 2, end: 3, shrank: false },
      { start: 5, end: 6, shrank: false },
      { start: 8, end: 9, shrank: false },
      { start: 11, end: 12, shrank: false },
    ]);
  });
  it('sends a line inside a hunk to all of its new lines: one changed, two removed, one split', () => {
    expect(mapLine(map, 4)).toEqual({ start: 6, end: 7, shrank: false });
    expect(mapLine(map, 8)).toEqual({ start: 9, end: 9, shrank: true });
    expect(mapLine(map, 9)).toEqual({ start: 9, end: 11, shrank: false });
  });
  it('tells the lines the edit changed from those it only moved', () => {
    expect([1, 2, 3, 4, 5, 7, 8, 9, 10].map((line) => isLineEdited(map, line))).toEqual([
      false,
      false,
      false,
      true,
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('attribute along the diff', () => {
  it('keeps every finding of an edited line standing, counted as re-anchored, when their messages are as before', () => {
    const before = onLine(3, old);
    const after = onLine(3, edited);
    expect(attribute(before, after).introduced).toHaveLength(3);
    const result = attribute(before, after, { lineMaps: new Map([[path, lineMap([3, 1, 3, 1])]]) });
    expect([result.introduced, result.resolved, result.standing.length]).toEqual([[], [], 3]);
    expect(result.reanchored?.map((finding) => [finding.code, finding.before.line])).toEqual([
      ['@typescript-eslint/no-unsafe-assignment', 3],
      ['@typescript-eslint/no-unsafe-member-access', 3],
      ['prefer-const', 3],
    ]);
    // The standing findings are new identities paired with the base ones: a campaign's targets follow them.
    for (const finding of result.reanchored ?? [])
      expect(result.baseFingerprints?.[finding.fingerprint]).toBe(finding.before.fingerprint);
  });

  it('introduces a finding whose message changed beyond the text it quotes, and one more of a rule than the line had', () => {
    const before = onLine(3, old);
    const after = [
      unsafeAssignment(3, 'let count = payload.total + payload.total;'),
      preferConst(3, 'let count = payload.total + payload.total;'),
      memberAccess(3, 'let count = payload.total + payload.total;', 'total'),
      memberAccess(3, 'let count = payload.total + payload.total;', 'total'),
    ];
    const result = attribute(before, after, { lineMaps: new Map([[path, lineMap([3, 1, 3, 1])]]) });
    expect(codes(result.introduced)).toEqual([
      '3 @typescript-eslint/no-unsafe-member-access',
      '3 @typescript-eslint/no-unsafe-member-access',
    ]);
    expect(codes(result.resolved)).toEqual(['3 @typescript-eslint/no-unsafe-member-access']);
    expect(result.reanchored).toHaveLength(2);
  });

  it('does not pair a finding that turned up outside the lines its line became', () => {
    // Line 3 is edited (its member access fixed), and the same access is added on line 9, untouched before.
    const before = [memberAccess(3, old), unsafeAssignment(9, 'return x;')];
    const after = [memberAccess(10, 'return x + payload.count;'), unsafeAssignment(10, 'return x + payload.count;')];
    const result = attribute(before, after, {
      lineMaps: new Map([[path, lineMap([3, 1, 3, 1], [9, 1, 10, 1], [5, 0, 6, 1])]]),
    });
    expect(codes(result.introduced)).toEqual(['10 @typescript-eslint/no-unsafe-member-access']);
    expect(codes(result.resolved)).toEqual(['3 @typescript-eslint/no-unsafe-member-access']);
    expect(codes(result.reanchored ?? [])).toEqual(['10 @typescript-eslint/no-unsafe-assignment']);
  });

  it('of two identical lines, pairs each finding with its own line: the one whose line changed is the one re-anchored or gone', () => {
    const before = [...onLine(3, old), ...onLine(7, old)];
    // Line 3 edited, line 7 as it was: by occurrence alone, line 7's findings would pair with line 3's.
    const kept = attribute(before, [...onLine(3, edited), ...onLine(7, old)], {
      lineMaps: new Map([[path, lineMap([3, 1, 3, 1])]]),
    });
    expect([kept.introduced, kept.resolved, kept.standing.length]).toEqual([[], [], 6]);
    expect(codes(kept.reanchored ?? [])).toEqual(codes(onLine(3, edited)));

    // Line 3's prefer-const fixed: the resolved finding is line 3's, and line 7's stands as its own base finding.
    const fixedLine = 'const count = payload.count;';
    const fixed = attribute(before, [unsafeAssignment(3, fixedLine), memberAccess(3, fixedLine), ...onLine(7, old)], {
      lineMaps: new Map([[path, lineMap([3, 1, 3, 1])]]),
    });
    expect(codes(fixed.resolved)).toEqual(['3 prefer-const']);
    expect(fixed.introduced).toEqual([]);
    const baseOf = (finding: { fingerprint: string }) =>
      fixed.baseFingerprints?.[finding.fingerprint] ?? finding.fingerprint;
    const standingPreferConst = fixed.standing.find((finding) => finding.code === 'prefer-const')!;
    expect(standingPreferConst.line).toBe(7);
    expect(baseOf(standingPreferConst)).not.toBe(fixed.resolved[0]!.fingerprint);
    expect(baseOf(standingPreferConst)).toBe(standingPreferConst.fingerprint.replace('#1', '#2'));
  });

  it('follows a line split in two, each finding to the half it is on', () => {
    const before = [
      memberAccess(5, 'return compute(payload.count, payload.size);'),
      memberAccess(5, 'return compute(payload.count, payload.size);', 'size'),
    ];
    const after = [memberAccess(5, 'return compute(payload.count,'), memberAccess(6, 'payload.size);', 'size')];
    const result = attribute(before, after, { lineMaps: new Map([[path, lineMap([5, 1, 5, 2])]]) });
    expect([result.introduced, result.resolved, result.reanchored?.length]).toEqual([[], [], 2]);
  });

  it('says a resolved finding went away with its line only where the edit removed lines', () => {
    const before = [preferConst(3, old), memberAccess(8, 'total += payload.count;')];
    const after: AnchoredDiagnostic[] = [];
    const remaining = new Set(['const count = payload.count;']);
    const result = attribute(before, after, {
      hasLine: (_path, anchor) => remaining.has(anchor),
      // Line 3 changed in place; lines 7 and 8 became one.
      lineMaps: new Map([[path, lineMap([3, 1, 3, 1], [7, 2, 7, 1])]]),
    });
    expect(result.resolved.map((finding) => [finding.line, finding.lineDeleted])).toEqual([
      [3, false],
      [8, true],
    ]);
  });

  it('re-anchors a finding the edit also re-worded, and counts it as both', () => {
    const argument = (line: number, type: string, anchor: string) =>
      lint(
        line,
        '@typescript-eslint/no-unsafe-argument',
        `Unsafe argument of type \`any\` assigned to a parameter of type \`${type}\`.`,
        anchor,
      );
    const before = [argument(4, 'number', 'send(payload.count);')];
    const after = [argument(4, 'string | number', 'send(payload.count, label);')];
    const result = attribute(before, after, { lineMaps: new Map([[path, lineMap([4, 1, 4, 1])]]) });
    expect([result.introduced.length, result.reanchored?.length, result.reworded?.length]).toEqual([0, 1, 1]);
  });
});

describe('listReanchorPaths', () => {
  it('names the files where an introduced and a resolved finding share a rule, or identical findings came or went', () => {
    const other = 'src/other.ts';
    const attribution = attribute(
      [
        ...onLine(3, old),
        { ...preferConst(2, 'let a = 1;'), path: other },
        { ...preferConst(3, 'let a = 1;'), path: other },
      ],
      [...onLine(3, edited), { ...preferConst(2, 'let a = 1;'), path: other }, unsafeAssignment(9, 'x = y;')],
    );
    expect(listReanchorPaths(attribution, new Map())).toEqual([path, other]);
    // A file with new findings of rules none of its resolved ones have needs no diff.
    expect(listReanchorPaths(attribute([preferConst(3, old)], [memberAccess(3, edited)]), new Map())).toEqual([]);
  });
});
