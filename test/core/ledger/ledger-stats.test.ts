import { describe, expect, it } from 'vitest';
import type { LedgerCheck, LedgerEntry } from '../../../src/core/ledger/ledger-entry.js';
import { projectAttempts } from '../../../src/core/ledger/ledger-projection.js';
import { makeLedgerStats } from '../../../src/core/ledger/ledger-stats.js';
import type { LedgerTask } from '../../../src/core/ledger/ledger-entry.js';
import type { Report } from '../../../src/core/report/report.js';

const none = { downstream: 0, queued: 0, nonEditable: 0, belowRung: 0, echoes: 0 };

function makeCheck(name: string, fields: Partial<LedgerCheck> = {}): LedgerCheck {
  return {
    name,
    status: 'ok',
    durationMs: 1000,
    raw: 0,
    standing: 0,
    introduced: 0,
    shown: 0,
    withheld: none,
    unlocated: 0,
    ...fields,
  };
}

function makeEntry(attempt: number, fields: Partial<LedgerEntry>): LedgerEntry {
  const at = new Date(Date.UTC(2026, 11, 3, 10, attempt)).toISOString();
  return {
    version: 1,
    task: 't',
    attempt,
    startedAt: at,
    at,
    verdict: 'introduced',
    tree: null,
    checkMs: 2000,
    agentMs: 8000,
    payloadChars: 100,
    roots: 1,
    shown: [],
    shownCount: 0,
    changed: [],
    changedCount: 0,
    outside: [],
    stalled: [],
    unknown: [],
    checks: [],
    ...fields,
  };
}

function makeTask(id: string, entries: LedgerEntry[]): LedgerTask {
  return { version: 1, id, workTree: 'w', startedAt: entries[0]!.startedAt, entries };
}

describe('makeLedgerStats', () => {
  // tsc shows a.ts twice (one finding fixed, one stalled); eslint shows a.ts later and is deferred after.
  const entries = [
    makeEntry(1, {
      shown: [
        { f: 'x#1', c: 'tsc', p: 'a.ts' },
        { f: 'y#1', c: 'tsc', p: 'a.ts' },
      ],
      shownCount: 2,
      checks: [
        makeCheck('tsc', { raw: 12, standing: 10, introduced: 2, shown: 2 }),
        makeCheck('eslint', { raw: 5, standing: 5, unlocated: 1 }),
      ],
    }),
    makeEntry(2, {
      shown: [
        { f: 'y#1', c: 'tsc', p: 'a.ts' },
        { f: 'z#1', c: 'eslint', p: 'b.ts' },
      ],
      shownCount: 2,
      stalled: ['y#1'],
      changed: ['a.ts', 'c.ts'],
      outside: ['c.ts'],
      checks: [
        makeCheck('tsc', { raw: 11, standing: 10, introduced: 1, shown: 1 }),
        makeCheck('eslint', { raw: 6, standing: 5, introduced: 1, shown: 1 }),
      ],
    }),
    makeEntry(3, {
      verdict: 'stuck',
      unknown: ['z#1'],
      changed: ['a.ts'],
      checks: [makeCheck('tsc', { raw: 10, standing: 10 }), makeCheck('eslint', { status: 'deferred' })],
    }),
  ];

  it('counts fixed, stalled and unknown fates, and who reported first', () => {
    const stats = makeLedgerStats([makeTask('t', entries)]);
    expect(stats.tasks).toEqual([
      {
        id: 't',
        kind: 'task',
        attempts: 3,
        outcome: 'stuck',
        seconds: 120,
        payloadChars: { median: 100, p90: 100 },
        shown: { median: 2, p90: 2 },
        editsOutsideShown: 1,
        silencingAttempts: 0,
      },
    ]);
    const [tsc, eslint] = stats.checks;
    // x#1 fixed at 2; y#1 stalled at 2 and fixed at 3; z#1 unknown (eslint deferred at 3).
    expect(tsc).toMatchObject({
      runs: 3,
      raw: 33,
      standing: 30,
      introduced: 3,
      shown: 3,
      fixedNextAttempt: 2,
      falsePositiveRate: 0.909,
      precision: 1,
      actionability: 0.667,
      firstToReport: 1,
    });
    expect(eslint).toMatchObject({
      runs: 2,
      raw: 11,
      standing: 10,
      shown: 1,
      fixedNextAttempt: 0,
      precision: 0.909,
      actionability: 0,
      firstToReport: 0,
    });
  });

  it('leaves out tasks begun before --since', () => {
    expect(makeLedgerStats([makeTask('t', entries)], Date.UTC(2026, 11, 3, 11))).toEqual({
      tasks: [],
      checks: [],
      debt: { campaigns: [], rules: [] },
    });
  });

  it('sums debt campaigns per campaign and per rule, and keeps them out of the checks', () => {
    const debtEntry = (attempt: number, resolved: number, fixedByRule: Record<string, number>) =>
      makeEntry(attempt, {
        verdict: resolved === 4 ? 'clean' : 'introduced',
        checks: [makeCheck('eslint', { raw: 9, standing: 5, introduced: 4 - resolved })],
        debt: { total: 4, resolved, remaining: 4 - resolved, fixedByRule },
      });
    const first: LedgerTask = {
      ...makeTask('d1', [debtEntry(1, 1, { 'no-var': 1 }), debtEntry(2, 4, { 'prefer-const': 3, 'no-var': 1 })]),
      kind: 'debt',
    };
    const second: LedgerTask = { ...makeTask('d2', [debtEntry(1, 2, { 'no-var': 2 })]), kind: 'debt' };
    const stats = makeLedgerStats([makeTask('t', entries), first, second]);
    expect(stats.tasks.map((task) => [task.id, task.kind, task.outcome])).toEqual([
      ['t', 'task', 'stuck'],
      ['d1', 'debt', 'clean'],
      ['d2', 'debt', 'open'],
    ]);
    expect(stats.debt).toEqual({
      campaigns: [
        {
          id: 'd1',
          attempts: 2,
          outcome: 'clean',
          targets: 4,
          fixed: 4,
          fixedByRule: { 'prefer-const': 3, 'no-var': 1 },
        },
        { id: 'd2', attempts: 1, outcome: 'open', targets: 4, fixed: 2, fixedByRule: { 'no-var': 2 } },
      ],
      rules: [
        { rule: 'no-var', fixed: 3, campaigns: 2 },
        { rule: 'prefer-const', fixed: 3, campaigns: 1 },
      ],
    });
    // The checks' figures are the agent task's alone.
    expect(stats.checks).toEqual(makeLedgerStats([makeTask('t', entries)]).checks);
  });
});

describe('projectAttempts', () => {
  const report = { verdict: 'introduced', attempt: 2, roots: [{}, {}, {}] } as unknown as Report;
  const history = [
    [
      makeEntry(1, {
        shown: [
          { f: 'a', c: 'tsc', p: 'a.ts' },
          { f: 'b', c: 'tsc', p: 'b.ts' },
        ],
      }),
      // a.ts fixed, b.ts still failing: 1 root file fixed in one pair.
      makeEntry(2, { stalled: ['b'], checkMs: 4000, agentMs: 16000 }),
    ],
  ];

  it('projects attempts from the measured rate and seconds from the median cost', () => {
    const priced = projectAttempts({
      history,
      report,
      budget: { attempts: 10, seconds: null },
      elapsedSeconds: 30,
      attemptMs: 1000,
    });
    // 3 roots at 1 per attempt; median of 10 s and 20 s is the lower one (nearest rank).
    expect(priced.projection).toEqual({ attemptsLeft: 3, secondsLeft: 30, overBudget: false });
    expect(priced.note).toBeUndefined();
  });

  it('is over budget when attempts or seconds would run out, and says so', () => {
    expect(
      projectAttempts({ history, report, budget: { attempts: 4, seconds: null }, elapsedSeconds: 30, attemptMs: 1000 })
        .projection.overBudget,
    ).toBe(true);
    const priced = projectAttempts({
      history,
      report,
      budget: { attempts: null, seconds: 50 },
      elapsedSeconds: 30,
      attemptMs: 1000,
    });
    expect(priced.projection.overBudget).toBe(true);
    expect(priced.note).toBe(
      "over budget: at this repository's measured rate (1 root fixed per attempt, 10 s per attempt), clean needs about 3 more attempts (~30 s); the budget leaves 20 of 50 s. A harness may stop here rather than spend the rest.",
    );
  });

  it('has no attempts left to project when nothing was ever fixed', () => {
    const stalledOnly = [
      [makeEntry(1, { shown: [{ f: 'a', c: 'tsc', p: 'a.ts' }] }), makeEntry(2, { stalled: ['a'] })],
    ];
    expect(
      projectAttempts({
        history: stalledOnly,
        report,
        budget: { attempts: 10, seconds: null },
        elapsedSeconds: 0,
        attemptMs: 0,
      }).projection,
    ).toEqual({
      attemptsLeft: null,
      secondsLeft: null,
      overBudget: true,
    });
  });
});
