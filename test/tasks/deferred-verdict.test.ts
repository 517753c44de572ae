/** A deferred check is not a failure, and never a clean verdict. */
import { expect, it } from 'vitest';
import { makeModuleGraph } from '../../src/core/graph/module-graph.js';
import { makeReport, type MakeReportInput } from '../../src/core/report/report.js';
import { makeEditabilityClassifier } from '../../src/core/triage/non-editable.js';
import { makeCheck, makeFinding } from '../helpers/findings.js';

function makeInput(introduced: MakeReportInput['attribution']['introduced']): MakeReportInput {
  return {
    attribution: { introduced, resolved: [], standing: [] },
    graph: makeModuleGraph([]),
    changedFiles: new Set(['src/a.ts']),
    classify: makeEditabilityClassifier({ rules: [], readHead: () => undefined }),
    checks: [makeCheck('tsc'), makeCheck('eslint', { status: 'deferred', version: null })],
    baseWidth: 2,
  };
}

it('reports introduced syntax errors with a deferred check as introduced', () => {
  const { report } = makeReport(
    makeInput([makeFinding('src/a.ts', 3, { code: 'TS1005', phase: 'syntax', message: "'}' expected." })]),
  );
  expect(report.verdict).toBe('introduced');
  expect(report.checks.map((check) => check.status)).toEqual(['ok', 'deferred']);
});

it('never calls an attempt with a deferred check clean', () => {
  expect(makeReport(makeInput([])).report.verdict).toBe('check-failed');
});
