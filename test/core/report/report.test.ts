import { describe, expect, it } from 'vitest';
import type { Attribution, ResolvedFinding } from '../../../src/core/attribute.js';
import type { CheckRun } from '../../../src/checks/check.js';
import type { Diagnostic, Finding } from '../../../src/core/diagnostic.js';
import { makeModuleGraph } from '../../../src/core/graph/module-graph.js';
import { exitCodeOf, makeReport } from '../../../src/core/report/report.js';
import type { MakeReportInput } from '../../../src/core/report/report.js';
import { makeEditabilityClassifier } from '../../../src/core/triage/non-editable.js';
import {
  makeCheck as makeBaseCheck,
  makeFinding as makeBaseFinding,
  makeFindings as makeBaseFindings,
} from '../../helpers/findings.js';

const defaults = { column: 5, anchor: 'card.price' };
const makeFinding = (path: string | null, line: number, fields: Partial<Diagnostic> = {}): Finding =>
  makeBaseFinding(path, line, fields, defaults);
const makeFindings = (counts: Record<string, number>): Finding[] => makeBaseFindings(counts, defaults);
const makeCheck = (name: string, fields: Partial<CheckRun> = {}): CheckRun =>
  makeBaseCheck(name, { durationMs: 1200, version: '6.0.3', ...fields });

function makeAttribution(introduced: Finding[], resolved: ResolvedFinding[] = [], standing = 0): Attribution {
  return {
    introduced,
    resolved,
    standing: Array.from({ length: standing }, (_, index) => makeFinding('old.ts', index + 1, { severity: 'warning' })),
  };
}

/** The seed's rename: types.ts changed, the cascade runs rates → barrel → invoice → fixtures. */
const graph = makeModuleGraph([
  {
    'src/rates.ts': ['src/types.ts'],
    'src/index.ts': ['src/rates.ts', 'src/types.ts'],
    'src/invoice.ts': ['src/index.ts'],
    'e2e/fixtures.ts': ['src/invoice.ts'],
  },
]);

const classify = makeEditabilityClassifier({
  rules: [{ glob: 'src/generated/**', hint: 'run npm run codegen' }],
  readHead: () => undefined,
});

function makeInput(fields: Partial<MakeReportInput>): MakeReportInput {
  return {
    attribution: makeAttribution([]),
    graph,
    changedFiles: new Set(['src/types.ts']),
    classify,
    checks: [makeCheck('tsc'), makeCheck('eslint', { version: '10.16.0' })],
    baseWidth: 2,
    ...fields,
  };
}

describe('makeReport', () => {
  it('shows the root of a cascade and accounts for everything else', () => {
    const introduced = makeFindings({ 'src/rates.ts': 3, 'src/invoice.ts': 30, 'e2e/fixtures.ts': 14 });
    const { report, attemptRecord } = makeReport(makeInput({ attribution: makeAttribution(introduced, [], 312) }));
    expect(report).toEqual({
      verdict: 'introduced',
      attempt: 1,
      counts: { introduced: 47, resolved: 0, standing: 312, silenced: 0 },
      shown: [1, 2, 3].map((line) => ({
        tool: 'tsc',
        code: 'TS2339',
        severity: 'error',
        phase: 'semantic',
        path: 'src/rates.ts',
        line,
        column: 5,
        message: "Property 'price' does not exist on type 'RateCard'.",
        fingerprint: `src/rates.ts:${line}:TS2339#1`,
      })),
      groups: [
        {
          tool: 'tsc',
          code: 'TS2339',
          severity: 'error',
          message: "Property 'price' does not exist on type 'RateCard'.",
          sites: 3,
          files: 1,
          listed: ['src/rates.ts:1:5', 'src/rates.ts:2:5', 'src/rates.ts:3:5'],
          codes: ['TS2339'],
          pending: { sites: 44, files: ['e2e/fixtures.ts', 'src/invoice.ts'] },
          members: ['src/rates.ts:1:TS2339#1', 'src/rates.ts:2:TS2339#1', 'src/rates.ts:3:TS2339#1'],
        },
      ],
      withheld: {
        count: 44,
        files: ['e2e/fixtures.ts', 'src/invoice.ts'],
        reasons: {
          downstream: { count: 44, files: ['e2e/fixtures.ts', 'src/invoice.ts'] },
          queued: { count: 0, files: [] },
          nonEditable: { count: 0, files: [] },
          belowRung: { count: 0, files: [] },
          echoes: { count: 0, files: [] },
        },
      },
      roots: [{ files: ['src/rates.ts'], editable: true, selected: true, introduced: 3 }],
      checks: [
        { name: 'tsc', status: 'ok', durationMs: 1200, version: '6.0.3' },
        { name: 'eslint', status: 'ok', durationMs: 1200, version: '10.16.0' },
      ],
      rung: 'errors',
      width: 2,
      widened: false,
      progress: { fixed: 0, stalled: 0 },
      resolved: { count: 0, lineDeleted: 0 },
      notes: [],
    });
    expect(attemptRecord).toEqual({
      attempt: 1,
      roots: 1,
      fingerprints: introduced.map((f) => f.fingerprint).sort(),
      width: 2,
      shown: ['src/rates.ts:1:TS2339#1', 'src/rates.ts:2:TS2339#1', 'src/rates.ts:3:TS2339#1'],
      shownTools: ['tsc', 'tsc', 'tsc'],
      stalled: 0,
    });
  });

  it('counts findings hidden by the ladder as withheld', () => {
    const syntax = makeFinding('src/invoice.ts', 7, { code: 'TS1005', phase: 'syntax', message: "';' expected." });
    const warning = makeFinding('src/other.ts', 2, {
      code: 'eqeqeq',
      tool: 'eslint',
      phase: 'lint',
      severity: 'warning',
    });
    const introduced = [...makeFindings({ 'src/rates.ts': 2, 'src/invoice.ts': 3 }), syntax, warning];
    const { report } = makeReport(makeInput({ attribution: makeAttribution(introduced) }));
    expect(report.rung).toBe('syntax');
    expect(report.shown.map((finding) => finding.code)).toEqual(['TS1005']);
    expect(report.withheld).toEqual({
      count: 6,
      files: ['src/invoice.ts', 'src/other.ts', 'src/rates.ts'],
      reasons: {
        downstream: { count: 0, files: [] },
        queued: { count: 0, files: [] },
        nonEditable: { count: 0, files: [] },
        belowRung: { count: 6, files: ['src/invoice.ts', 'src/other.ts', 'src/rates.ts'] },
        echoes: { count: 0, files: [] },
      },
    });
    expect(report.withheld.count).toBe(report.counts.introduced - report.shown.length);
  });

  it('names queued roots and non-editable roots among the withheld', () => {
    const introduced = makeFindings({ 'src/a.ts': 1, 'src/b.ts': 2, 'src/c.ts': 3, 'src/generated/api.ts': 2 });
    const { report } = makeReport(makeInput({ attribution: makeAttribution(introduced), baseWidth: 1 }));
    expect(report.roots).toEqual([
      { files: ['src/c.ts'], editable: true, selected: true, introduced: 3 },
      { files: ['src/b.ts'], editable: true, selected: false, introduced: 2 },
      {
        files: ['src/generated/api.ts'],
        editable: false,
        selected: true,
        introduced: 2,
        instruction:
          'src/generated/api.ts is marked non-editable; do not edit it by hand. Change what it is generated from instead (run npm run codegen), or change your own code to match it.',
      },
      { files: ['src/a.ts'], editable: true, selected: false, introduced: 1 },
    ]);
    expect(report.shown.map((finding) => finding.path)).toEqual(['src/c.ts', 'src/c.ts', 'src/c.ts']);
    expect(report.withheld.reasons).toEqual({
      downstream: { count: 0, files: [] },
      queued: { count: 3, files: ['src/a.ts', 'src/b.ts'] },
      nonEditable: { count: 2, files: ['src/generated/api.ts'] },
      belowRung: { count: 0, files: [] },
      echoes: { count: 0, files: [] },
    });
  });

  it('keeps endLine and endColumn but never the anchor', () => {
    const finding = makeFinding('src/rates.ts', 4, { endLine: 4, endColumn: 15 });
    const { report } = makeReport(makeInput({ attribution: makeAttribution([finding]) }));
    expect(Object.keys(report.shown[0]!)).toEqual([
      'tool',
      'code',
      'severity',
      'phase',
      'path',
      'line',
      'column',
      'endLine',
      'endColumn',
      'message',
      'fingerprint',
    ]);
  });

  it('is clean when every check ran and nothing was introduced', () => {
    const resolved: ResolvedFinding[] = [
      { ...makeFinding('src/a.ts', 1), lineDeleted: true },
      { ...makeFinding('src/a.ts', 2), lineDeleted: false },
    ];
    const { report } = makeReport(makeInput({ attribution: makeAttribution([], resolved, 5) }));
    expect([report.verdict, report.counts, report.resolved, report.rung, report.roots]).toEqual([
      'clean',
      { introduced: 0, resolved: 2, standing: 5, silenced: 0 },
      { count: 2, lineDeleted: 1 },
      'none',
      [],
    ]);
  });

  it('is never clean when a check failed, timed out, is missing, or none ran', () => {
    for (const status of ['failed', 'timed-out', 'missing'] as const) {
      const checks = [makeCheck('tsc'), makeCheck('eslint', { status, error: 'broken' })];
      expect(makeReport(makeInput({ checks })).report.verdict).toBe('check-failed');
    }
    expect(makeReport(makeInput({ checks: [] })).report.verdict).toBe('check-failed');
    const stuckAndFailed = makeReport(
      makeInput({
        attribution: makeAttribution([makeFinding('src/a.ts', 1)]),
        checks: [makeCheck('eslint', { status: 'failed', error: 'config' })],
        previous: { attempt: 1, roots: 1, fingerprints: ['src/a.ts:1:TS2339#1'], width: 2 },
      }),
    );
    expect(stuckAndFailed.report.verdict).toBe('check-failed');
    expect(stuckAndFailed.report.checks).toEqual([
      { name: 'eslint', status: 'failed', durationMs: 1200, version: '6.0.3', error: 'config' },
    ]);
  });

  it('is stuck when the same introduced findings come back', () => {
    const introduced = makeFindings({ 'src/rates.ts': 2 });
    const first = makeReport(makeInput({ attribution: makeAttribution(introduced) }));
    const second = makeReport(
      makeInput({ attribution: makeAttribution([...introduced].reverse()), previous: first.attemptRecord }),
    );
    expect([second.report.verdict, second.report.attempt]).toEqual(['stuck', 2]);
  });

  it('widens the frontier when nothing shown last attempt was fixed', () => {
    const introduced = makeFindings({ 'src/a.ts': 1, 'src/b.ts': 1, 'src/c.ts': 1 });
    const previous = {
      attempt: 1,
      roots: 3,
      fingerprints: ['x#1'],
      width: 2,
      shown: ['src/a.ts:1:TS2339#1', 'src/b.ts:1:TS2339#1'],
    };
    const { report, attemptRecord } = makeReport(
      makeInput({ attribution: makeAttribution(introduced), previous, changedFiles: new Set() }),
    );
    expect([report.widened, report.width, report.roots.map((root) => root.selected)]).toEqual([
      true,
      4,
      [true, true, true],
    ]);
    expect(report.progress).toEqual({ fixed: 0, stalled: 1 });
    expect(attemptRecord.width).toBe(4);
  });

  it('does not widen when a shown finding was fixed, though more roots appeared', () => {
    const introduced = makeFindings({ 'src/b.ts': 1, 'src/c.ts': 1, 'src/d.ts': 1 });
    const previous = {
      attempt: 1,
      roots: 2,
      fingerprints: ['src/a.ts:1:TS2339#1', 'src/b.ts:1:TS2339#1'],
      width: 2,
      shown: ['src/a.ts:1:TS2339#1', 'src/b.ts:1:TS2339#1'],
    };
    const { report } = makeReport(
      makeInput({ attribution: makeAttribution(introduced), previous, changedFiles: new Set() }),
    );
    expect([report.widened, report.width, report.roots.map((root) => root.selected)]).toEqual([
      false,
      2,
      [true, true, false],
    ]);
    expect(report.progress).toEqual({ fixed: 1, stalled: 0 });
  });

  it('does not say it widened when every root fits already', () => {
    const introduced = makeFindings({ 'src/a.ts': 1, 'src/b.ts': 1 });
    const previous = {
      attempt: 1,
      roots: 2,
      fingerprints: ['x#1'],
      width: 2,
      shown: ['src/a.ts:1:TS2339#1', 'src/b.ts:1:TS2339#1'],
      stalled: 0,
    };
    const { report, attemptRecord } = makeReport(
      makeInput({ attribution: makeAttribution(introduced), previous, changedFiles: new Set() }),
    );
    expect([report.widened, report.width, report.progress]).toEqual([false, 2, { fixed: 0, stalled: 1 }]);
    expect([attemptRecord.width, attemptRecord.stalled]).toEqual([2, 1]);
  });

  it('adds each check note after the given notes', () => {
    const checks = [makeCheck('tsc', { notes: ['used tsconfig.build.json'] })];
    expect(makeReport(makeInput({ checks, notes: ['tsc changed version'] })).report.notes).toEqual([
      'tsc changed version',
      'tsc: used tsconfig.build.json',
    ]);
  });
});

describe('makeReport for cascades', () => {
  const errorTyped = {
    tool: 'eslint',
    code: '@typescript-eslint/no-unsafe-assignment',
    phase: 'lint',
    message: 'Unsafe assignment of an error typed value.',
  } as const;

  it('withholds lint findings about error-typed values as echoes while the compiler reports errors', () => {
    const introduced = [
      makeFinding('src/rates.ts', 4),
      makeFinding('src/rates.ts', 4, errorTyped),
      makeFinding('src/invoice.ts', 9, errorTyped),
    ];
    const { report } = makeReport(makeInput({ attribution: makeAttribution(introduced) }));
    expect(report.shown.map((finding) => [finding.path, finding.code])).toEqual([['src/rates.ts', 'TS2339']]);
    expect(report.roots.map((root) => root.files)).toEqual([['src/rates.ts']]);
    expect(report.withheld).toEqual({
      count: 2,
      files: ['src/invoice.ts', 'src/rates.ts'],
      reasons: {
        downstream: { count: 0, files: [] },
        queued: { count: 0, files: [] },
        nonEditable: { count: 0, files: [] },
        belowRung: { count: 0, files: [] },
        echoes: { count: 2, files: ['src/invoice.ts', 'src/rates.ts'] },
      },
    });
    // Without a compiler error the lint finding is the only trace of the problem: it is shown.
    const alone = makeReport(
      makeInput({ attribution: makeAttribution([makeFinding('src/invoice.ts', 9, errorTyped)]) }),
    ).report;
    expect(alone.shown.map((finding) => finding.code)).toEqual(['@typescript-eslint/no-unsafe-assignment']);
    expect(alone.withheld.reasons.echoes.count).toBe(0);
  });

  it('groups one error at many sites and says where the type it names is declared in a changed file', () => {
    const introduced = [
      ...makeFindings({ 'src/rates.ts': 2 }),
      makeFinding('src/rates.ts', 9, { code: 'TS2304', message: "Cannot find name 'RateCard'." }),
    ];
    const sourceLines = (path: string) =>
      path === 'src/types.ts'
        ? ['// Billing types.', '', 'export interface RateCard {', '  unitPrice: number;', '}']
        : undefined;
    const { report } = makeReport(makeInput({ attribution: makeAttribution(introduced), sourceLines }));
    expect(report.groups).toEqual([
      {
        tool: 'tsc',
        code: 'TS2339',
        severity: 'error',
        message: "Property 'price' does not exist on type 'RateCard'.",
        sites: 2,
        files: 1,
        listed: ['src/rates.ts:1:5', 'src/rates.ts:2:5'],
        declared: { name: 'RateCard', path: 'src/types.ts', line: 3 },
        codes: ['TS2339'],
        cause: { symbol: 'RateCard', member: 'price' },
        members: ['src/rates.ts:1:TS2339#1', 'src/rates.ts:2:TS2339#1'],
      },
    ]);
    expect(report.shown).toHaveLength(3);
  });

  it('makes one entry of a member read, written and missing, whatever the codes, and counts its withheld sites', () => {
    const graph = makeModuleGraph([
      { 'src/rates.ts': ['src/types.ts'], 'src/app.ts': ['src/rates.ts'], 'src/more.ts': ['src/rates.ts'] },
    ]);
    const introduced = [
      makeFinding('src/rates.ts', 1),
      makeFinding('src/rates.ts', 2, {
        code: 'TS2353',
        message: "Object literal may only specify known properties, and 'price' does not exist in type 'RateCard'.",
      }),
      makeFinding('src/rates.ts', 3, {
        code: 'TS2551',
        message: "Property 'price' does not exist on type 'RateCard'. Did you mean 'prices'?",
      }),
      makeFinding('src/rates.ts', 4, {
        code: 'TS2345',
        message:
          "Argument of type '{ id: string; }' is not assignable to parameter of type 'RateCard'.\n  Property 'price' is missing in type '{ id: string; }' but required in type 'RateCard'.",
      }),
      makeFinding('src/rates.ts', 5, { code: 'TS2339', message: "Property 'id' does not exist on type 'RateCard'." }),
      makeFinding('src/app.ts', 1),
      makeFinding('src/more.ts', 1, {
        code: 'TS2353',
        message: "Object literal may only specify known properties, and 'price' does not exist in type 'RateCard'.",
      }),
      makeFinding('src/more.ts', 2, { code: 'TS2322', message: "Type 'string' is not assignable to type 'number'." }),
    ];
    const sourceLines = (path: string) =>
      path === 'src/types.ts' ? ['export interface RateCard {', '  prices: number;', '}'] : undefined;
    const { report } = makeReport(makeInput({ attribution: makeAttribution(introduced), graph, sourceLines }));
    expect(report.shown.map((finding) => finding.line)).toEqual([1, 2, 3, 4, 5]);
    expect(report.groups).toEqual([
      {
        tool: 'tsc',
        code: 'TS2339',
        codes: ['TS2339', 'TS2353', 'TS2551', 'TS2345'],
        severity: 'error',
        message: "Property 'price' does not exist on type 'RateCard'.",
        sites: 4,
        files: 1,
        listed: ['src/rates.ts:1:5', 'src/rates.ts:2:5', 'src/rates.ts:3:5', 'src/rates.ts:4:5'],
        declared: { name: 'RateCard', path: 'src/types.ts', line: 1 },
        cause: { symbol: 'RateCard', member: 'price' },
        pending: { sites: 2, files: ['src/app.ts', 'src/more.ts'] },
        members: [
          'src/rates.ts:1:TS2339#1',
          'src/rates.ts:2:TS2353#1',
          'src/rates.ts:3:TS2551#1',
          'src/rates.ts:4:TS2345#1',
        ],
      },
    ]);
  });

  it('shows roots beyond the width whose findings are all a cause already shown, as part of its one entry', () => {
    const other = { code: 'TS2322', message: "Type 'string' is not assignable to type 'number'." };
    const introduced = [
      ...makeFindings({ 'src/a.ts': 3 }),
      makeFinding('src/b.ts', 1, other),
      makeFinding('src/b.ts', 2, other),
      makeFinding('src/c.ts', 1),
      makeFinding('src/d.ts', 1, {
        code: 'TS2353',
        message: "Object literal may only specify known properties, and 'price' does not exist in type 'RateCard'.",
      }),
      makeFinding('src/e.ts', 1),
      makeFinding('src/e.ts', 2, other),
    ];
    const sourceLines = (path: string) =>
      path === 'src/types.ts' ? ['export interface RateCard {', '  prices: number;', '}'] : undefined;
    const { report } = makeReport(makeInput({ attribution: makeAttribution(introduced), sourceLines }));
    expect(report.roots.map((root) => [root.files[0], root.selected])).toEqual([
      ['src/a.ts', true],
      ['src/b.ts', true],
      ['src/e.ts', false],
      ['src/c.ts', true],
      ['src/d.ts', true],
    ]);
    expect(report.width).toBe(2);
    expect(report.groups.map((group) => [group.cause, group.sites, group.files, group.pending])).toEqual([
      [{ symbol: 'RateCard', member: 'price' }, 5, 3, { sites: 1, files: ['src/e.ts'] }],
      [undefined, 2, 1, { sites: 1, files: ['src/e.ts'] }],
    ]);
    // Without a declaration in a changed file there is no member cause, and the width holds.
    const plain = makeReport(
      makeInput({ attribution: makeAttribution(introduced), sourceLines: () => undefined }),
    ).report;
    expect(plain.roots.filter((root) => root.selected)).toHaveLength(2);
  });

  it('groups by message alone when the type is not declared in a changed file', () => {
    const introduced = [
      makeFinding('src/rates.ts', 1),
      makeFinding('src/rates.ts', 2, {
        code: 'TS2353',
        message: "Object literal may only specify known properties, and 'price' does not exist in type 'RateCard'.",
      }),
      makeFinding('src/rates.ts', 3),
    ];
    const { report } = makeReport(
      makeInput({ attribution: makeAttribution(introduced), sourceLines: () => undefined }),
    );
    expect(report.groups.map((group) => [group.codes, group.sites, group.cause])).toEqual([[['TS2339'], 2, undefined]]);
  });

  it('keeps the whole cycle in roots and says which ring of it is shown', () => {
    const cycle = makeModuleGraph([
      {
        'src/index.ts': ['src/types.ts', 'src/totals.ts', 'src/billing.ts', 'src/invoice.ts'],
        'src/totals.ts': ['src/index.ts', 'src/types.ts'],
        'src/billing.ts': ['src/index.ts'],
        'src/invoice.ts': ['src/index.ts'],
      },
    ]);
    const introduced = makeFindings({ 'src/billing.ts': 2, 'src/invoice.ts': 1, 'src/totals.ts': 1 });
    const { report } = makeReport(makeInput({ attribution: makeAttribution(introduced), graph: cycle }));
    expect(report.roots).toEqual([
      {
        files: ['src/billing.ts', 'src/invoice.ts', 'src/totals.ts'],
        editable: true,
        selected: true,
        introduced: 4,
        ring: { distance: 1, files: ['src/totals.ts'] },
      },
    ]);
    expect(report.shown.map((finding) => finding.path)).toEqual(['src/totals.ts']);
    expect(report.withheld.reasons.downstream).toEqual({ count: 3, files: ['src/billing.ts', 'src/invoice.ts'] });
    expect(report.withheld.count).toBe(report.counts.introduced - report.shown.length);
  });
});

describe('exitCodeOf', () => {
  it('maps verdicts to the documented exit codes', () => {
    expect([exitCodeOf('clean'), exitCodeOf('introduced'), exitCodeOf('check-failed'), exitCodeOf('stuck')]).toEqual([
      0, 1, 2, 3,
    ]);
  });
});
