import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makePathSlots, sortCompletely } from '../../../src/core/identity/complete-order.js';
import { compareByPosition, compareStrings } from '../../../src/core/diagnostic.js';
import type { AnchoredDiagnostic } from '../../../src/core/diagnostic.js';

/** The order sortCompletely must give: one stable sort over position, then every other field. */
function sortByEveryField(findings: readonly AnchoredDiagnostic[]): number[] {
  return findings
    .map((_, index) => index)
    .sort((a, b) => {
      const x = findings[a]!;
      const y = findings[b]!;
      return (
        compareByPosition(x, y) ||
        compareStrings(x.tool, y.tool) ||
        compareStrings(x.severity, y.severity) ||
        compareStrings(x.phase, y.phase) ||
        (x.endLine ?? 0) - (y.endLine ?? 0) ||
        (x.endColumn ?? 0) - (y.endColumn ?? 0) ||
        compareStrings(x.anchor, y.anchor)
      );
    });
}

/** Few values per field, so ties on every compared field are common; one path gets runs long enough for the non-insertion sort. */
const finding: fc.Arbitrary<AnchoredDiagnostic> = fc
  .record({
    tool: fc.constantFrom('tsc', 'eslint'),
    code: fc.constantFrom('TS2322', 'no-var'),
    severity: fc.constantFrom('error' as const, 'warning' as const),
    phase: fc.constantFrom('semantic' as const, 'lint' as const),
    path: fc.constantFrom(null, 'src/a.ts', 'src/b.ts', 'lib/c d.ts', 'src/a.ts'),
    line: fc.nat(3),
    column: fc.nat(2),
    endLine: fc.option(fc.nat(2), { nil: undefined }),
    message: fc.constantFrom('m', 'n'),
    anchor: fc.constantFrom('', 'x = 1;'),
  })
  .map(({ endLine, ...fields }) => (endLine === undefined ? fields : { ...fields, endLine }));

describe('makePathSlots', () => {
  it('puts findings without a path in slot 0 and paths in string order, shared by every list', () => {
    const slots = makePathSlots([
      [{ path: 'src/b.ts' }, { path: null }, { path: 'src/a.ts' }],
      [{ path: 'lib/c.ts' }, { path: 'src/b.ts' }],
    ]);
    expect(slots.paths).toEqual([null, 'lib/c.ts', 'src/a.ts', 'src/b.ts']);
    expect(slots.slotsOf.map((slots) => [...slots])).toEqual([
      [3, 0, 2],
      [1, 3],
    ]);
    expect([slots.slotOf(null), slots.slotOf('src/a.ts'), slots.slotOf('src/new.ts')]).toEqual([0, 2, undefined]);
  });
});

describe('sortCompletely', () => {
  it('orders as one stable sort over every field would', () => {
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 60 }), (findings) => {
        const slots = makePathSlots([findings]);
        const sorted = sortCompletely(findings, slots.slotsOf[0]!, slots.count);
        expect(sorted.order).toEqual(sortByEveryField(findings));
        for (let slot = 0; slot < slots.count; slot += 1) {
          for (let rank = sorted.starts[slot]!; rank < sorted.starts[slot + 1]!; rank += 1) {
            expect(findings[sorted.order[rank]!]!.path).toBe(slots.paths[slot]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
