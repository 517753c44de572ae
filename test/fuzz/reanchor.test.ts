/**
 * Properties of re-anchoring over random files, findings and edits whose line maps are known:
 * editing or splitting flagged lines, and inserting or deleting others, introduces and resolves
 * nothing while the findings stay as they were; every pair is one to one; and a finding is only
 * ever re-anchored onto a line its base line became.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attribute } from '../../src/core/attribute.js';
import type { AnchoredDiagnostic } from '../../src/core/diagnostic.js';
import { makeAnchor } from '../../src/core/identity/fingerprint.js';
import { mapLine, type Hunk, type LineMap } from '../../src/core/identity/line-map.js';

const runs = { numRuns: 300 };
const path = 'src/a.ts';

/** Few distinct texts, so identical lines with identical findings are common. */
const lineText = fc.constantFrom('let x = p.count;', 'return x;', 'x = 1;', '}', 'let y = p.size;');
const flag = fc.record({
  line: fc.nat(11),
  code: fc.constantFrom('prefer-const', 'no-unsafe-member-access'),
  message: fc.constantFrom('Unsafe member access .count on an `any` value.', "'x' is never reassigned.", 'on line 3'),
});
/** What happens to each base line: kept, changed to another text, split in two, or deleted (when unflagged). */
const lineOp = fc.record({
  kind: fc.constantFrom('keep', 'keep', 'change', 'split', 'delete'),
  text: lineText,
  half: fc.boolean(),
  insertAfter: fc.option(lineText, { nil: undefined }),
});

interface LineOp {
  kind: string;
  text: string;
  half: boolean;
  insertAfter: string | undefined;
}

interface Edited {
  lines: string[];
  /** Where each base line's finding is now (the line it became, or the half of the split it went to). */
  moved: number[];
  map: LineMap;
}

/** Applies the ops; the hunks are the runs of lines between two kept lines, as a diff with that alignment has them. */
function applyOps(base: readonly string[], ops: readonly LineOp[], flagged: ReadonlySet<number>): Edited {
  const lines: string[] = [];
  const moved: number[] = [];
  const kept: [number, number][] = [];
  base.forEach((text, index) => {
    const op = ops[index]!;
    const kind = op.kind === 'delete' && flagged.has(index) ? 'change' : op.kind;
    if (kind === 'keep') {
      kept.push([index + 1, lines.length + 1]);
      moved[index] = lines.length;
      lines.push(text);
    } else if (kind === 'change') {
      moved[index] = lines.length;
      lines.push(`${op.text} // ${index}`);
    } else if (kind === 'split') {
      moved[index] = lines.length + (op.half ? 1 : 0);
      lines.push(`${text} (`, `) // ${index}`);
    } else {
      moved[index] = -1;
    }
    if (op.insertAfter !== undefined) lines.push(`${op.insertAfter} /* new */`);
  });
  const hunks: Hunk[] = [];
  let oldAt = 1;
  let newAt = 1;
  for (const [oldLine, newLine] of [...kept, [base.length + 1, lines.length + 1] as [number, number]]) {
    const oldCount = oldLine - oldAt;
    const newCount = newLine - newAt;
    if (oldCount > 0 || newCount > 0)
      hunks.push({
        oldStart: oldCount === 0 ? oldAt - 1 : oldAt,
        oldCount,
        newStart: newCount === 0 ? newAt - 1 : newAt,
        newCount,
      });
    oldAt = oldLine + 1;
    newAt = newLine + 1;
  }
  return { lines, moved, map: { from: path, to: path, hunks } };
}

function anchored(
  flags: readonly { line: number; code: string; message: string }[],
  lines: readonly string[],
): AnchoredDiagnostic[] {
  return flags.map((item) => {
    const diagnostic = {
      tool: 'eslint',
      code: item.code,
      severity: 'error' as const,
      phase: 'lint' as const,
      path,
      line: item.line + 1,
      column: 1,
      message: item.message,
    };
    return { ...diagnostic, anchor: makeAnchor(diagnostic, lines) };
  });
}

const world = fc.record({
  base: fc.array(lineText, { minLength: 12, maxLength: 12 }),
  flags: fc.array(flag, { maxLength: 10 }),
  ops: fc.array(lineOp, { minLength: 12, maxLength: 12 }),
});

describe('re-anchoring', () => {
  it('introduces and resolves nothing when flagged lines are edited or split and their findings stay', () => {
    fc.assert(
      fc.property(world, ({ base, flags, ops }) => {
        const edited = applyOps(base, ops, new Set(flags.map((item) => item.line)));
        const before = anchored(flags, base);
        const after = anchored(
          flags.map((item) => ({ ...item, line: edited.moved[item.line]! })),
          edited.lines,
        );
        const result = attribute(before, after, { lineMaps: new Map([[path, edited.map]]) });
        expect([result.introduced, result.resolved, result.standing.length]).toEqual([[], [], after.length]);
      }),
      runs,
    );
  });

  it('pairs one to one, and only onto a line the base line became', () => {
    const change = fc.record({
      fixed: fc.array(fc.boolean(), { maxLength: 10 }),
      added: fc.array(flag, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(world, change, ({ base, flags, ops }, { fixed, added }) => {
        const edited = applyOps(base, ops, new Set(flags.map((item) => item.line)));
        const before = anchored(flags, base);
        const kept = flags
          .filter((_item, index) => fixed[index] !== true)
          .map((item) => ({ ...item, line: edited.moved[item.line]! }));
        const fresh = added.map((item) => ({ ...item, line: item.line % edited.lines.length }));
        const after = anchored([...kept, ...fresh], edited.lines);
        const result = attribute(before, after, { lineMaps: new Map([[path, edited.map]]) });
        expect(result.introduced.length + result.standing.length).toBe(after.length);
        expect(result.resolved.length + result.standing.length).toBe(before.length);
        for (const finding of result.reanchored ?? []) {
          const { start, end } = mapLine(edited.map, finding.before.line);
          expect(finding.line >= start && finding.line < end).toBe(true);
        }
        // Without an edit to the file, the line map changes nothing.
        const unchanged = attribute(before, anchored(flags, base));
        const mapped = attribute(before, anchored(flags, base), {
          lineMaps: new Map([[path, { from: path, to: path, hunks: [] }]]),
        });
        expect(mapped.standing.map((finding) => finding.fingerprint)).toEqual(
          unchanged.standing.map((finding) => finding.fingerprint),
        );
        expect(mapped.introduced).toEqual([]);
      }),
      runs,
    );
  });
});
