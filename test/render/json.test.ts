import { describe, expect, it } from 'vitest';
import { makeModuleGraph } from '../../src/core/graph/module-graph.js';
import { renderers } from '../../src/render/index.js';
import { renderJson } from '../../src/render/json.js';
import { makeReport } from '../../src/core/report/report.js';
import type { Report } from '../../src/core/report/report.js';
import { makeEditabilityClassifier } from '../../src/core/triage/non-editable.js';

const { report } = makeReport({
  attribution: {
    introduced: [
      {
        tool: 'tsc',
        code: 'TS2339',
        severity: 'error',
        phase: 'semantic',
        path: 'src/a.ts',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 8,
        message: 'No.',
        anchor: 'a.price',
        fingerprint: '0123456789abcdef#1',
      },
    ],
    resolved: [],
    standing: [],
  },
  graph: makeModuleGraph([]),
  changedFiles: new Set(['src/a.ts']),
  classify: makeEditabilityClassifier({ rules: [], readHead: () => undefined }),
  checks: [{ name: 'tsc', status: 'ok', durationMs: 10, version: '6.0.3', diagnostics: [] }],
  baseWidth: 2,
});

describe('renderJson', () => {
  it("puts the check's baseline, when it has one, after checks", () => {
    const parsed = JSON.parse(
      renderJson({ ...report, baseline: { label: 'HEAD (abc1234)', source: 'remote' } }),
    ) as Record<string, unknown>;
    expect(parsed['baseline']).toEqual({ label: 'HEAD (abc1234)', source: 'remote' });
    const keys = Object.keys(parsed);
    expect(keys.slice(keys.indexOf('checks'), keys.indexOf('checks') + 3)).toEqual(['checks', 'baseline', 'rung']);
  });

  it('prints one newline-terminated object in the documented key order', () => {
    const text = renderJson(report);
    expect(text.endsWith('}\n')).toBe(true);
    const parsed = JSON.parse(text) as Report;
    expect(Object.keys(parsed)).toEqual([
      'verdict',
      'attempt',
      'counts',
      'shown',
      'groups',
      'withheld',
      'roots',
      'checks',
      'rung',
      'width',
      'widened',
      'progress',
      'resolved',
      'notes',
      'noteCodes',
    ]);
    expect(parsed.shown).toEqual([
      {
        tool: 'tsc',
        code: 'TS2339',
        severity: 'error',
        phase: 'semantic',
        path: 'src/a.ts',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 8,
        message: 'No.',
        fingerprint: '0123456789abcdef#1',
      },
    ]);
    expect(parsed.groups).toEqual([]);
    expect(Object.keys(parsed.withheld.reasons)).toEqual([
      'downstream',
      'queued',
      'nonEditable',
      'belowRung',
      'echoes',
    ]);
    expect(parsed.roots).toEqual([{ files: ['src/a.ts'], editable: true, selected: true, introduced: 1 }]);
    expect(parsed.checks).toEqual([{ name: 'tsc', status: 'ok', durationMs: 10, version: '6.0.3' }]);
  });

  it('prints echo groups and rings in the documented key order', () => {
    const shuffle = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).reverse()) as T;
    const withCascade: Report = {
      ...report,
      groups: [
        shuffle({
          tool: 'tsc',
          code: 'TS2339',
          codes: ['TS2339', 'TS2353'],
          severity: 'error',
          message: 'No.',
          sites: 2,
          files: 1,
          listed: ['src/a.ts:2:3', 'src/a.ts:4:3'],
          declared: shuffle({ name: 'A', path: 'src/t.ts', line: 1 }),
          cause: shuffle({ symbol: 'A', member: 'x' }),
          pending: shuffle({ sites: 3, files: ['src/b.ts'] }),
          members: ['f#1', 'g#1'],
        }),
      ],
      roots: [
        shuffle({
          files: ['src/a.ts', 'src/b.ts'],
          editable: true,
          selected: true,
          introduced: 3,
          ring: shuffle({ distance: 1, files: ['src/a.ts'] }),
        }),
      ],
    };
    const parsed = JSON.parse(renderJson(withCascade)) as Report;
    expect(
      parsed.groups.map((group) => [
        Object.keys(group),
        Object.keys(group.declared!),
        Object.keys(group.cause!),
        Object.keys(group.pending!),
      ]),
    ).toEqual([
      [
        ['tool', 'code', 'codes', 'severity', 'message', 'sites', 'files', 'listed', 'declared', 'cause', 'pending'],
        ['name', 'path', 'line'],
        ['symbol', 'member'],
        ['sites', 'files'],
      ],
    ]);
    expect(parsed.roots.map((root) => [Object.keys(root), Object.keys(root.ring!)])).toEqual([
      [
        ['files', 'editable', 'selected', 'introduced', 'ring'],
        ['distance', 'files'],
      ],
    ]);
  });

  it('does not depend on the order the report object was built in', () => {
    const shuffled = Object.fromEntries(Object.entries(report).reverse()) as unknown as Report;
    expect(renderJson(shuffled)).toBe(renderJson(report));
  });
});

describe('the codes beside the words', () => {
  it('words each note in its order and carries its code, a note in words as text', () => {
    const noted: Report = {
      ...report,
      notes: [
        { code: 'baseline', label: 'HEAD (abc1234)', source: 'cache' },
        { code: 'version-changed', check: 'tsc', from: '6.0.2', to: null },
        'tsc: used tsconfig.build.json',
      ],
    };
    const parsed = JSON.parse(renderJson(noted)) as { notes: string[]; noteCodes: unknown[] };
    expect(parsed.notes).toEqual([
      'baseline: HEAD (abc1234), from the local cache',
      'tsc changed version since the baseline (6.0.2 → ?); some findings may differ for that reason',
      'tsc: used tsconfig.build.json',
    ]);
    expect(parsed.noteCodes).toEqual([
      { code: 'baseline', label: 'HEAD (abc1234)', source: 'cache' },
      { code: 'version-changed', check: 'tsc', from: '6.0.2', to: null },
      { code: 'text', text: 'tsc: used tsconfig.build.json' },
    ]);
  });

  it('words a check culprit failed with a code in its error, after which comes the code', () => {
    const failed: Report = {
      ...report,
      verdict: 'check-failed',
      checks: [
        {
          name: 'eslint',
          status: 'failed',
          durationMs: 10,
          version: '10.0.0',
          errorCode: { code: 'unusable-baseline', remedy: 'revision', baseStatus: 'timed-out', baseError: null },
        },
      ],
    };
    const [check] = (JSON.parse(renderJson(failed)) as { checks: Record<string, unknown>[] }).checks;
    expect(Object.keys(check!)).toEqual(['name', 'status', 'durationMs', 'version', 'error', 'errorCode']);
    expect(check!['error']).toBe(
      'eslint has no usable baseline: it was timed-out when the baseline was taken (no detail); run culprit check again once it works',
    );
  });
});

describe('renderers', () => {
  it('maps format names to renderers', () => {
    expect(Object.keys(renderers)).toEqual(['text', 'json', 'sarif', 'github']);
    expect(renderers.json(report, { outputLimit: 10, sourceLines: () => undefined })).toBe(renderJson(report));
  });
});
