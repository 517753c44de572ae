import { describe, expect, it } from 'vitest';
import type { Attribution } from '../../src/core/attribute.js';
import type { CheckRun } from '../../src/checks/check.js';
import { makeModuleGraph } from '../../src/core/graph/module-graph.js';
import { escapeData, escapeProperty, renderGithub } from '../../src/render/github.js';
import { makeReport } from '../../src/core/report/report.js';
import { makeEditabilityClassifier } from '../../src/core/triage/non-editable.js';
import { makeCheck, makeFinding } from '../helpers/findings.js';

function renderFor(
  attribution: Attribution,
  checks: readonly CheckRun[] = [makeCheck('tsc')],
  configFiles?: ReadonlyMap<string, string>,
): string {
  const { report } = makeReport({
    attribution,
    graph: makeModuleGraph([{ 'src/b.ts': ['src/a.ts'] }]),
    changedFiles: new Set(['src/a.ts']),
    classify: makeEditabilityClassifier({
      rules: [{ glob: 'gen/**', hint: 'run npm run codegen' }],
      readHead: () => undefined,
    }),
    checks,
    baseWidth: 2,
  });
  return renderGithub(report, { attribution, ...(configFiles === undefined ? {} : { configFiles }) });
}

describe('renderGithub', () => {
  it('annotates the shown findings, then one summary line', () => {
    const text = renderFor(
      {
        introduced: [
          makeFinding('src/a.ts', 2, { column: 3, endLine: 2, endColumn: 8 }),
          makeFinding('src/a.ts', 5, {
            column: 4,
            endLine: 7,
            endColumn: 2,
            severity: 'warning',
            code: 'TS6133',
            message: "'x' is declared but never used.",
          }),
          makeFinding('src/b.ts', 7, { column: 9 }),
          makeFinding(null, 0, { code: 'TS5023', phase: 'config', message: "Unknown compiler option 'foo'." }),
        ],
        standing: [makeFinding('src/c.ts', 1)],
        resolved: [],
      },
      [makeCheck('tsc')],
      new Map([['tsc', 'tsconfig.json']]),
    );
    expect(text).toBe(
      [
        "::error file=tsconfig.json,title=tsc TS5023::Unknown compiler option 'foo'.",
        "::error file=src/a.ts,line=2,col=3,endLine=2,endColumn=8,title=tsc TS2339::Property 'price' does not exist on type 'RateCard'.",
        '::error title=culprit::this change introduced 4 findings; 2 annotated (root causes), 2 withheld (likely echoes, later roots or warnings beside errors; --format sarif lists them); 0 resolved; 1 standing finding predates this change and is not annotated.',
        '',
      ].join('\n'),
    );
  });

  it('drops columns on a multi-line annotation, as the runner ignores them', () => {
    const text = renderFor({
      introduced: [
        makeFinding('src/a.ts', 5, {
          column: 4,
          endLine: 7,
          endColumn: 2,
          severity: 'warning',
          code: 'TS6133',
          message: 'unused',
        }),
      ],
      standing: [],
      resolved: [],
    });
    expect(text.split('\n')[0]).toBe('::warning file=src/a.ts,line=5,endLine=7,title=tsc TS6133::unused');
  });

  it('says a clean result is clean, and a failed check is not', () => {
    const empty: Attribution = { introduced: [], standing: [makeFinding('src/c.ts', 1)], resolved: [] };
    expect(renderFor(empty)).toBe(
      '::notice title=culprit::no new findings; 0 resolved; 1 standing finding predates this change and is not annotated.\n',
    );
    expect(renderFor(empty, [makeCheck('tsc', { status: 'missing', error: 'typescript is not installed' })])).toBe(
      '::error title=culprit::NOT a clean result: tsc missing (typescript is not installed). 0 new findings from the checks that ran; 0 resolved; 1 standing finding predates this change and is not annotated.\n',
    );
  });

  it('turns a non-editable root into its instruction', () => {
    const text = renderFor({ introduced: [makeFinding('gen/client.ts', 3)], standing: [], resolved: [] });
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^::error title=culprit::.*gen\/client\.ts.*run npm run codegen/);
  });

  it('escapes values as the Actions runner reads them', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeProperty('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext%3A a%2C b');
    const text = renderFor({
      introduced: [
        makeFinding('src/a,b.ts', 1, { tool: 'eslint', code: 'plugin:rule', message: 'line one\nline two: 50%' }),
      ],
      standing: [],
      resolved: [],
    });
    expect(text.split('\n')[0]).toBe(
      '::error file=src/a%2Cb.ts,line=1,col=1,title=eslint plugin%3Arule::line one%0Aline two: 50%25',
    );
  });
});
