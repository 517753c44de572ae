import { describe, expect, it } from 'vitest';
import type { Attribution } from '../../src/core/attribute.js';
import type { CheckRun } from '../../src/checks/check.js';
import { makeModuleGraph } from '../../src/core/graph/module-graph.js';
import { renderSarif } from '../../src/render/sarif.js';
import { makeReport } from '../../src/core/report/report.js';
import { makeEditabilityClassifier } from '../../src/core/triage/non-editable.js';
import { makeCheck, makeFinding } from '../helpers/findings.js';
import { findSarifErrors } from './sarif-validator.js';

// src/b.ts imports src/a.ts: a's two errors are the root, b's is withheld downstream.
const attribution: Attribution = {
  introduced: [
    makeFinding('src/a.ts', 2, { column: 3, endLine: 2, endColumn: 8 }),
    makeFinding('src/a.ts', 5, { column: 1 }),
    makeFinding('src/b.ts', 7, { column: 9, endLine: 8, endColumn: 2 }),
    makeFinding(null, 0, { code: 'TS5023', phase: 'config', message: "Unknown compiler option 'foo'." }),
  ],
  standing: [
    makeFinding('src/my file.ts', 3, {
      tool: 'eslint',
      code: 'no-unused-vars',
      severity: 'warning',
      phase: 'lint',
      message: "'x' is unused.",
    }),
  ],
  resolved: [{ ...makeFinding('src/old.ts', 4, { code: 'TS2322' }), lineDeleted: true }],
};

function makeSarif(checks: readonly CheckRun[], configFiles?: ReadonlyMap<string, string>): SarifLog {
  const { report } = makeReport({
    attribution,
    graph: makeModuleGraph([{ 'src/b.ts': ['src/a.ts'] }]),
    changedFiles: new Set(['src/a.ts']),
    classify: makeEditabilityClassifier({ rules: [], readHead: () => undefined }),
    checks,
    baseWidth: 2,
  });
  return JSON.parse(
    renderSarif(report, { attribution, ...(configFiles === undefined ? {} : { configFiles }) }),
  ) as SarifLog;
}

interface SarifLog {
  runs: {
    tool: { driver: { name: string; version?: string; rules: { id: string }[] } };
    invocations: {
      executionSuccessful: boolean;
      toolExecutionNotifications?: { level: string; message: { text: string } }[];
    }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      baselineState: string;
      partialFingerprints: Record<string, string>;
      properties: { shown: boolean };
      locations?: {
        physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region?: Record<string, number> };
      }[];
    }[];
  }[];
  properties: { culprit: { verdict: string } };
}

const checks = [makeCheck('tsc', { version: '6.0.3' }), makeCheck('eslint', { version: '10.16.0' })];

describe('renderSarif', () => {
  it('is valid SARIF 2.1.0', () => {
    expect(findSarifErrors(makeSarif(checks, new Map([['tsc', 'tsconfig.json']])))).toEqual([]);
    expect(findSarifErrors(makeSarif(checks))).toEqual([]);
    expect(
      findSarifErrors(makeSarif([makeCheck('tsc', { status: 'timed-out', error: 'killed after 600000 ms' })])),
    ).toEqual([]);
  });

  it('is checked by a schema that does catch mistakes', () => {
    const log = makeSarif(checks);
    log.runs[0]!.results[0]!.baselineState = 'introduced';
    expect(findSarifErrors(log).join('\n')).toMatch(/baselineState must be equal to one of the allowed values/);
  });

  it('lists every finding with its baseline state, shown ones first, one run per check', () => {
    const log = makeSarif(checks, new Map([['tsc', 'tsconfig.json']]));
    expect(log.runs.map((run) => [run.tool.driver.name, run.tool.driver.version])).toEqual([
      ['tsc', '6.0.3'],
      ['eslint', '10.16.0'],
    ]);
    const rows = log.runs.flatMap((run) =>
      run.results.map((result) => [
        run.tool.driver.name,
        result.ruleId,
        result.baselineState,
        result.properties.shown,
        result.locations?.[0]?.physicalLocation.artifactLocation.uri,
        result.locations?.[0]?.physicalLocation.region?.['startLine'],
      ]),
    );
    expect(rows).toEqual([
      ['tsc', 'TS5023', 'new', true, 'tsconfig.json', undefined],
      ['tsc', 'TS2339', 'new', true, 'src/a.ts', 2],
      ['tsc', 'TS2339', 'new', true, 'src/a.ts', 5],
      ['tsc', 'TS2339', 'new', false, 'src/b.ts', 7],
      ['tsc', 'TS2322', 'absent', false, 'src/old.ts', 4],
      ['eslint', 'no-unused-vars', 'unchanged', false, 'src/my%20file.ts', 3],
    ]);
  });

  it('names each result by rule, fingerprint and exact region', () => {
    const [tsc] = makeSarif(checks).runs;
    expect(tsc!.tool.driver.rules).toEqual([{ id: 'TS2322' }, { id: 'TS2339' }, { id: 'TS5023' }]);
    for (const result of tsc!.results) {
      expect(tsc!.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
      expect(Object.keys(result.partialFingerprints)).toEqual(['culprit/v1']);
    }
    const [, first, , third] = tsc!.results;
    expect(first).toMatchObject({
      level: 'error',
      partialFingerprints: { 'culprit/v1': 'src/a.ts:2:TS2339#1' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'src/a.ts', uriBaseId: '%SRCROOT%' },
            region: { startLine: 2, startColumn: 3, endLine: 2, endColumn: 8 },
          },
        },
      ],
    });
    expect(third?.locations?.[0]?.physicalLocation.region).toEqual({
      startLine: 7,
      startColumn: 9,
      endLine: 8,
      endColumn: 2,
    });
  });

  it('gives a finding about no file no location when its config file is unknown', () => {
    const [tsc] = makeSarif(checks).runs;
    expect(tsc!.results[0]).toMatchObject({ ruleId: 'TS5023' });
    expect(tsc!.results[0]).not.toHaveProperty('locations');
  });

  it('says in the invocation when a check did not complete, and carries the verdict', () => {
    const log = makeSarif([makeCheck('tsc', { status: 'timed-out', error: 'killed after 600000 ms' }), checks[1]!]);
    expect(log.runs[0]!.invocations).toEqual([
      {
        executionSuccessful: false,
        toolExecutionNotifications: [{ level: 'error', message: { text: 'tsc timed-out: killed after 600000 ms' } }],
      },
    ]);
    expect(log.runs[1]!.invocations).toEqual([{ executionSuccessful: true }]);
    expect(log.properties.culprit.verdict).toBe('check-failed');
  });
});
