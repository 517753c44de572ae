import { describe, expect, it } from 'vitest';
import { decideAttempt, makeAttemptRecord } from '../src/session.js';
import type { AttemptRecord } from '../src/session.js';

function makeRecord(fields: Partial<AttemptRecord>): AttemptRecord {
  return { attempt: 1, roots: 3, fingerprints: ['a#1', 'b#1'], width: 2, ...fields };
}

describe('decideAttempt', () => {
  it('starts at attempt 1 with the base width', () => {
    expect(decideAttempt(undefined, { roots: 4, fingerprints: ['a#1'] }, 2)).toEqual({ attempt: 1, width: 2, widened: false, stuck: false });
  });

  it('keeps the width while the number of roots falls', () => {
    expect(decideAttempt(makeRecord({}), { roots: 2, fingerprints: ['c#1'] }, 2)).toEqual({ attempt: 2, width: 2, widened: false, stuck: false });
  });

  it('widens by the base width when the number of roots does not fall', () => {
    expect(decideAttempt(makeRecord({}), { roots: 3, fingerprints: ['c#1'] }, 2)).toEqual({ attempt: 2, width: 4, widened: true, stuck: false });
    expect(decideAttempt(makeRecord({ attempt: 4, width: 4 }), { roots: 5, fingerprints: ['c#1'] }, 2)).toEqual({
      attempt: 5,
      width: 6,
      widened: true,
      stuck: false,
    });
  });

  it('never narrows within a session', () => {
    expect(decideAttempt(makeRecord({ width: 6 }), { roots: 1, fingerprints: ['c#1'] }, 2).width).toBe(6);
    expect(decideAttempt(makeRecord({ width: 1 }), { roots: 1, fingerprints: ['c#1'] }, 3).width).toBe(3);
    expect(decideAttempt(makeRecord({ width: 1 }), { roots: 3, fingerprints: ['c#1'] }, 3).width).toBe(6);
  });

  it('does not widen after an attempt without roots', () => {
    expect(decideAttempt(makeRecord({ roots: 0, fingerprints: [] }), { roots: 2, fingerprints: ['c#1'] }, 2)).toEqual({
      attempt: 2,
      width: 2,
      widened: false,
      stuck: false,
    });
  });

  it('is stuck when the same set of introduced fingerprints comes back, in any order', () => {
    expect(decideAttempt(makeRecord({}), { roots: 1, fingerprints: ['b#1', 'a#1'] }, 2).stuck).toBe(true);
    expect(decideAttempt(makeRecord({}), { roots: 3, fingerprints: ['a#1'] }, 2).stuck).toBe(false);
    expect(decideAttempt(makeRecord({}), { roots: 3, fingerprints: ['a#1', 'b#1', 'c#1'] }, 2).stuck).toBe(false);
  });

  it('is never stuck on nothing', () => {
    expect(decideAttempt(makeRecord({ roots: 0, fingerprints: [] }), { roots: 0, fingerprints: [] }, 2).stuck).toBe(false);
  });
});

describe('makeAttemptRecord', () => {
  it('records the decision with sorted fingerprints', () => {
    const current = { roots: 2, fingerprints: ['z#1', 'a#2', 'a#1'] };
    const decision = decideAttempt(makeRecord({}), current, 2);
    expect(makeAttemptRecord(decision, current)).toEqual({ attempt: 2, roots: 2, fingerprints: ['a#1', 'a#2', 'z#1'], width: 2 });
    expect(current.fingerprints).toEqual(['z#1', 'a#2', 'a#1']);
  });
});
