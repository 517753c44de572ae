import { describe, expect, it } from 'vitest';
import { decideAttempt, keepWidth, makeAttemptRecord } from '../../../src/core/report/attempts.js';
import type { AttemptRecord } from '../../../src/core/report/attempts.js';

function makeRecord(fields: Partial<AttemptRecord>): AttemptRecord {
  return {
    attempt: 1,
    roots: 3,
    fingerprints: ['a#1', 'b#1', 'c#1'],
    width: 2,
    shown: ['a#1', 'b#1'],
    stalled: 0,
    ...fields,
  };
}

describe('decideAttempt', () => {
  it('starts at attempt 1 with the base width', () => {
    expect(decideAttempt(undefined, { roots: 4, fingerprints: ['a#1'] }, 2)).toEqual({
      attempt: 1,
      width: 2,
      widened: false,
      stuck: false,
      fixed: 0,
      stalled: 0,
    });
  });

  it('keeps the width when a shown finding was fixed, even when more roots appear downstream', () => {
    expect(decideAttempt(makeRecord({}), { roots: 5, fingerprints: ['b#1', 'c#1', 'd#1', 'e#1'] }, 2)).toEqual({
      attempt: 2,
      width: 2,
      widened: false,
      stuck: false,
      fixed: 1,
      stalled: 0,
    });
  });

  it('widens by the base width when nothing the previous attempt showed was fixed, whatever the root count did', () => {
    expect(decideAttempt(makeRecord({}), { roots: 1, fingerprints: ['a#1', 'b#1', 'z#1'] }, 2)).toEqual({
      attempt: 2,
      width: 4,
      widened: true,
      stuck: false,
      fixed: 0,
      stalled: 1,
    });
    expect(
      decideAttempt(makeRecord({ attempt: 4, width: 4, stalled: 1 }), { roots: 5, fingerprints: ['a#1', 'b#1'] }, 2),
    ).toEqual({
      attempt: 5,
      width: 6,
      widened: true,
      stuck: false,
      fixed: 0,
      stalled: 2,
    });
  });

  it('counts stalled attempts in a row and starts again at the first fix', () => {
    const stalled = decideAttempt(makeRecord({ stalled: 3 }), { roots: 3, fingerprints: ['a#1', 'b#1', 'q#1'] }, 2);
    expect([stalled.stalled, stalled.fixed]).toEqual([4, 0]);
    const fixed = decideAttempt(makeRecord({ stalled: 3 }), { roots: 3, fingerprints: ['b#1', 'q#1'] }, 2);
    expect([fixed.stalled, fixed.fixed, fixed.widened]).toEqual([0, 1, false]);
  });

  it('never narrows within a session', () => {
    expect(decideAttempt(makeRecord({ width: 6 }), { roots: 1, fingerprints: ['c#1'] }, 2).width).toBe(6);
    expect(decideAttempt(makeRecord({ width: 1 }), { roots: 1, fingerprints: ['c#1'] }, 3).width).toBe(3);
    expect(decideAttempt(makeRecord({ width: 1 }), { roots: 3, fingerprints: ['a#1', 'b#1'] }, 3).width).toBe(6);
  });

  it('does not widen or stall after an attempt that showed nothing, or one recorded before shown findings were kept', () => {
    for (const previous of [
      makeRecord({ roots: 0, fingerprints: [], shown: [] }),
      makeRecord({ shown: undefined, stalled: undefined }),
    ]) {
      expect(decideAttempt(previous, { roots: 2, fingerprints: ['a#1', 'b#1', 'c#1', 'd#1'] }, 2)).toEqual({
        attempt: 2,
        width: 2,
        widened: false,
        stuck: false,
        fixed: 0,
        stalled: 0,
      });
    }
  });

  it("does not count a deferred check's shown findings as fixed: their check did not run", () => {
    const previous = makeRecord({ shown: ['a#1', 'b#1'], shownTools: ['eslint', 'tsc'] });
    const deferred = decideAttempt(
      previous,
      { roots: 1, fingerprints: ['b#1', 's#1'], deferred: new Set(['eslint']) },
      2,
    );
    expect([deferred.fixed, deferred.stalled]).toEqual([0, 1]);
    const ran = decideAttempt(previous, { roots: 1, fingerprints: ['b#1', 's#1'] }, 2);
    expect([ran.fixed, ran.stalled]).toEqual([1, 0]);
  });

  it('is stuck when the same set of introduced fingerprints comes back, in any order', () => {
    expect(decideAttempt(makeRecord({}), { roots: 1, fingerprints: ['c#1', 'b#1', 'a#1'] }, 2).stuck).toBe(true);
    expect(decideAttempt(makeRecord({}), { roots: 3, fingerprints: ['a#1'] }, 2).stuck).toBe(false);
    expect(decideAttempt(makeRecord({}), { roots: 3, fingerprints: ['a#1', 'b#1', 'c#1', 'd#1'] }, 2).stuck).toBe(
      false,
    );
  });

  it('is never stuck on nothing', () => {
    expect(
      decideAttempt(makeRecord({ roots: 0, fingerprints: [], shown: [] }), { roots: 0, fingerprints: [] }, 2).stuck,
    ).toBe(false);
  });
});

describe('keepWidth', () => {
  it('takes back a widening that would show nothing new, keeping the stall count', () => {
    const decision = decideAttempt(makeRecord({ width: 4 }), { roots: 2, fingerprints: ['a#1', 'b#1', 'x#1'] }, 2);
    expect(decision).toMatchObject({ width: 6, widened: true, stalled: 1 });
    expect(keepWidth(decision, makeRecord({ width: 4 }), 2)).toEqual({ ...decision, width: 4, widened: false });
  });
});

describe('makeAttemptRecord', () => {
  it('records the decision with sorted fingerprints and the shown ones', () => {
    const current = { roots: 2, fingerprints: ['z#1', 'a#2', 'a#1'] };
    const decision = decideAttempt(makeRecord({}), current, 2);
    const shown = [
      { fingerprint: 'z#1', tool: 'eslint' },
      { fingerprint: 'a#1', tool: 'tsc' },
    ];
    expect(makeAttemptRecord(decision, current, shown)).toEqual({
      attempt: 2,
      roots: 2,
      fingerprints: ['a#1', 'a#2', 'z#1'],
      width: 2,
      shown: ['a#1', 'z#1'],
      shownTools: ['tsc', 'eslint'],
      stalled: 0,
    });
    expect(current.fingerprints).toEqual(['z#1', 'a#2', 'a#1']);
  });
});
