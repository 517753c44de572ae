/**
 * Properties of the fingerprint and attribution core, over random trees and findings: inserting
 * or deleting unrelated lines never changes attribution, nor does the order tools report
 * findings in, nor moving a file to another path (with the rename known).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attribute, type Attribution } from '../../src/core/attribute.js';
import type { AnchoredDiagnostic } from '../../src/core/diagnostic.js';
import { hashOwnFingerprints, makeAnchor } from '../../src/core/identity/fingerprint.js';

const runs = { numRuns: 400 };
const paths = ['src/a.ts', 'src/b.ts', 'lib/c d.ts'];

/** A finding on a line of a file, in the base tree's coordinates. */
interface Flag {
  file: number;
  line: number;
  column: number;
  code: string;
  /** Messages quote numbers that move with edits, like the line of a declaration. */
  message: string;
}

interface World {
  files: string[][];
  flags: Flag[];
}

/** Few distinct texts, so identical findings on identical lines (occurrences #1, #2…) are common. */
const lineText = fc.oneof(
  fc.constantFrom('return total;', '  return  total; ', 'x = 1;', '}', ''),
  fc.string({ maxLength: 12 }),
);
const flagOf = (lines: number) =>
  fc.record({
    file: fc.nat(paths.length - 1),
    line: fc.nat(lines - 1),
    column: fc.integer({ min: 1, max: 3 }),
    code: fc.constantFrom('TS2322', 'no-unused-vars'),
    message: fc.constantFrom('Type X is not assignable.', 'declared on line 7', "'x' is unused (3 times)"),
  });

const world: fc.Arbitrary<World> = fc.integer({ min: 1, max: 10 }).chain((lines) =>
  fc.record({
    files: fc.array(fc.array(lineText, { minLength: lines, maxLength: lines }), {
      minLength: paths.length,
      maxLength: paths.length,
    }),
    flags: fc.array(flagOf(lines), { maxLength: 14 }),
  }),
);

/** An edit: some base findings fixed, new ones added on base lines. */
const edit = fc.record({
  fixed: fc.array(fc.boolean(), { maxLength: 14 }),
  added: fc.array(
    flagOf(10).map((flag) => ({ ...flag, code: 'NEW' })),
    { maxLength: 4 },
  ),
});

/** Unrelated lines inserted, and unflagged lines deleted, anywhere. */
const noise = fc.array(
  fc.record({ file: fc.nat(paths.length - 1), at: fc.nat(), insert: fc.boolean(), text: lineText }),
  { maxLength: 12 },
);

function applyEdit(base: World, change: { fixed: boolean[]; added: Flag[] }): Flag[] {
  const lines = base.files[0]!.length;
  return [
    ...base.flags.filter((_flag, index) => change.fixed[index] !== true),
    ...change.added.map((flag) => ({ ...flag, line: flag.line % lines })),
  ];
}

/** Applies the noise to the files; returns them with a map from each base line to where it is now. */
function applyNoise(
  base: World,
  ops: { file: number; at: number; insert: boolean; text: string }[],
): { files: string[][]; moved: number[][] } {
  const flagged = new Set(base.flags.map((flag) => `${flag.file}:${flag.line}`));
  const entries = base.files.map((lines) =>
    lines.map((text, index): { text: string; origin: number | null } => ({ text, origin: index })),
  );
  for (const op of ops) {
    const file = entries[op.file]!;
    if (op.insert) {
      file.splice(op.at % (file.length + 1), 0, { text: op.text, origin: null });
    } else if (file.length > 1) {
      const at = op.at % file.length;
      const origin = file[at]!.origin;
      if (origin === null || !flagged.has(`${op.file}:${origin}`)) file.splice(at, 1);
    }
  }
  const moved = entries.map((file, index) => {
    const map: number[] = new Array<number>(base.files[index]!.length).fill(-1);
    file.forEach((entry, at) => {
      if (entry.origin !== null) map[entry.origin] = at;
    });
    return map;
  });
  return { files: entries.map((file) => file.map((entry) => entry.text)), moved };
}

function anchorFlags(
  flags: readonly Flag[],
  files: readonly string[][],
  pathOf: (file: number) => string = (file) => paths[file]!,
): AnchoredDiagnostic[] {
  return flags.map((flag) => {
    const diagnostic = {
      tool: 'tsc',
      code: flag.code,
      severity: 'error' as const,
      phase: 'semantic' as const,
      path: pathOf(flag.file),
      line: flag.line + 1,
      column: flag.column,
      message: flag.message,
    };
    return { ...diagnostic, anchor: makeAnchor(diagnostic, files[flag.file]) };
  });
}

/** What attribution decided, by identity and count, without positions. */
function summarise(attribution: Attribution): { introduced: string[]; resolved: string[]; standing: string[] } {
  const sorted = (findings: { fingerprint: string }[]) => findings.map((finding) => finding.fingerprint).sort();
  return {
    introduced: sorted(attribution.introduced),
    resolved: sorted(attribution.resolved),
    standing: sorted(attribution.standing),
  };
}

function shuffle<T>(items: readonly T[], order: readonly number[]): T[] {
  return items
    .map((item, index) => ({ item, key: order[index % Math.max(order.length, 1)] ?? 0 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

describe('attribution', () => {
  it('does not change when unrelated lines are inserted or deleted', () => {
    fc.assert(
      fc.property(world, edit, noise, (base, change, ops) => {
        const before = anchorFlags(base.flags, base.files);
        const after = applyEdit(base, change);
        const { files, moved } = applyNoise({ ...base, flags: [...base.flags, ...after] }, ops);
        const shifted = after.map((flag) => ({
          ...flag,
          line: moved[flag.file]![flag.line]!,
          message: flag.message.replace('7', String(moved[flag.file]![flag.line]! + 7)),
        }));
        const clean = attribute(before, anchorFlags(after, base.files));
        const noisy = attribute(before, anchorFlags(shifted, files));
        expect(summarise(noisy)).toEqual(summarise(clean));
        // And nothing moved by itself: the tree with only noise introduces and resolves nothing.
        const unchanged = base.flags.map((flag) => ({ ...flag, line: moved[flag.file]![flag.line]! }));
        const onlyNoise = attribute(before, anchorFlags(unchanged, files));
        expect([onlyNoise.introduced.length, onlyNoise.resolved.length, onlyNoise.standing.length]).toEqual([
          0,
          0,
          before.length,
        ]);
      }),
      runs,
    );
  });

  it('does not depend on the order tools report findings in', () => {
    fc.assert(
      fc.property(
        world,
        edit,
        fc.array(fc.integer(), { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer(), { minLength: 1, maxLength: 20 }),
        (base, change, orderA, orderB) => {
          const before = anchorFlags(base.flags, base.files);
          const after = anchorFlags(applyEdit(base, change), base.files);
          expect(attribute(shuffle(before, orderA), shuffle(after, orderB))).toEqual(attribute(before, after));
        },
      ),
      runs,
    );
  });

  it('keeps identities across a file moved to another path, when the rename is known', () => {
    fc.assert(
      fc.property(world, edit, fc.nat(paths.length - 1), (base, change, movedFile) => {
        const before = anchorFlags(base.flags, base.files);
        const after = applyEdit(base, change);
        const target = `moved/${paths[movedFile]!}`;
        const renamedPath = (file: number) => (file === movedFile ? target : paths[file]!);
        const kept = attribute(before, anchorFlags(after, base.files));
        const moved = attribute(before, anchorFlags(after, base.files, renamedPath), {
          renames: new Map([[paths[movedFile]!, target]]),
        });
        const counts = (attribution: Attribution) => [
          attribution.introduced.length,
          attribution.resolved.length,
          attribution.standing.length,
        ];
        expect(counts(moved)).toEqual(counts(kept));
      }),
      runs,
    );
  });

  it("decides alike with the base findings' stored hashes, across noise, reordering and a rename", () => {
    fc.assert(
      fc.property(
        world,
        edit,
        noise,
        fc.nat(paths.length),
        fc.array(fc.integer(), { minLength: 1, maxLength: 20 }),
        (base, change, ops, movedFile, order) => {
          const before = shuffle(anchorFlags(base.flags, base.files), order);
          const after = applyEdit(base, change);
          const { files, moved } = applyNoise({ ...base, flags: [...base.flags, ...after] }, ops);
          const shifted = after.map((flag) => ({ ...flag, line: moved[flag.file]![flag.line]! }));
          // movedFile past the last path: no file moved.
          const target = `moved/${paths[movedFile] ?? ''}`;
          const renames = movedFile < paths.length ? new Map([[paths[movedFile]!, target]]) : new Map<string, string>();
          const current = anchorFlags(shifted, files, (file) => (file === movedFile ? target : paths[file]!));
          const hashed = attribute(before, current, { renames });
          expect(attribute(before, current, { renames, beforeHashes: hashOwnFingerprints(before) })).toEqual(hashed);
        },
      ),
      runs,
    );
  });

  it('refuses stored hashes that do not match the base findings in number', () => {
    const before = anchorFlags(
      [{ file: 0, line: 0, column: 1, code: 'TS2322', message: 'declared on line 7' }],
      [['x = 1;']],
    );
    expect(() => attribute(before, before, { beforeHashes: [] })).toThrow(/0 base hashes for 1 base findings/);
  });
});
