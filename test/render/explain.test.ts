import { describe, expect, it } from 'vitest';
import type { Attribution } from '../../src/core/attribute.js';
import { makeModuleGraph } from '../../src/core/graph/module-graph.js';
import { explainFile, renderExplanation } from '../../src/render/explain.js';
import { makeReport } from '../../src/core/report/report.js';
import { makeEditabilityClassifier } from '../../src/core/triage/non-editable.js';
import { makeCheck, makeFindings } from '../helpers/findings.js';

// Three roots: a.ts (changed, shown), c.ts (queued at width 1), gen/g.ts (generated). b.ts, d.ts
// and e.ts import them and are withheld as echoes.
const attribution: Attribution = {
  introduced: makeFindings({
    'src/a.ts': 2,
    'src/b.ts': 1,
    'src/c.ts': 1,
    'src/d.ts': 2,
    'gen/g.ts': 1,
    'src/e.ts': 1,
  }),
  standing: [],
  resolved: [],
};
const graph = makeModuleGraph([
  { 'src/b.ts': ['src/a.ts'], 'src/d.ts': ['src/x.ts'], 'src/x.ts': ['src/c.ts'], 'src/e.ts': ['gen/g.ts'] },
]);
const { report } = makeReport({
  attribution,
  graph,
  changedFiles: new Set(['src/a.ts']),
  classify: makeEditabilityClassifier({
    rules: [{ glob: 'gen/**', hint: 'run npm run codegen' }],
    readHead: () => undefined,
  }),
  checks: [makeCheck('tsc')],
  baseWidth: 1,
});

const explain = (file: string) => explainFile({ report, attribution, graph, file });
const places = (file: string) => explain(file).findings.map((finding) => `${finding.path}:${finding.line}`);

describe('explainFile', () => {
  it('behind a shown root: the files that import it', () => {
    expect(explain('src/a.ts').root).toMatchObject({ files: ['src/a.ts'], selected: true, editable: true });
    expect(places('src/a.ts')).toEqual(['src/b.ts:1']);
  });

  it('behind a queued root: its own findings, then those of files importing it through others', () => {
    expect(explain('src/c.ts').root).toMatchObject({ files: ['src/c.ts'], selected: false });
    expect(places('src/c.ts')).toEqual(['src/c.ts:1', 'src/d.ts:1', 'src/d.ts:2']);
    expect(explain('src/c.ts').findings[0]?.withheldAs).toEqual(['queued']);
  });

  it('behind a generated root: its findings, never shown, and its importers', () => {
    expect(explain('gen/g.ts').root).toMatchObject({
      editable: false,
      instruction: expect.stringContaining('run npm run codegen'),
    });
    expect(places('gen/g.ts')).toEqual(['gen/g.ts:1', 'src/e.ts:1']);
  });

  it('for an echo: its withheld findings and the roots it imports', () => {
    expect(explain('src/d.ts')).toMatchObject({ root: null, dependsOnRoots: ['src/c.ts'], shownInFile: 0 });
    expect(places('src/d.ts')).toEqual(['src/d.ts:1', 'src/d.ts:2']);
    expect(explain('src/nothing.ts')).toMatchObject({ root: null, dependsOnRoots: [], findings: [], shownInFile: 0 });
  });
});

describe('renderExplanation', () => {
  const lines = () => ['const a = 1;', 'const b = 2;'];

  it('leads with what the file is, then the findings like the payload', () => {
    expect(renderExplanation(explain('src/d.ts'), { outputLimit: 8000, sourceLines: lines })).toBe(
      [
        'culprit: src/d.ts is not a root cause. Its 2 withheld findings are likely echoes of src/c.ts, which it imports; fix that first.',
        '',
        "src/d.ts:1:1 error TS2339 Property 'price' does not exist on type 'RateCard'. [withheld: downstream]",
        '  > 1 | const a = 1;',
        '',
        "src/d.ts:2:1 error TS2339 Property 'price' does not exist on type 'RateCard'. [withheld: downstream]",
        '  > 2 | const b = 2;',
        '',
      ].join('\n'),
    );
    expect(renderExplanation(explain('src/a.ts'), { outputLimit: 8000, sourceLines: () => undefined })).toMatch(
      /^culprit: src\/a\.ts is in a root cause shown by this check\. Withheld behind it: 1 finding in 1 file that imports it/,
    );
  });

  it('stays within the output limit and says what it cut', () => {
    const text = renderExplanation(explain('src/c.ts'), { outputLimit: 600, sourceLines: lines });
    expect(text.length).toBeLessThanOrEqual(600);
    expect(text).toMatch(
      /\n\n… 2 more cut to stay within the output limit; the structured result lists all of them\.\n$/,
    );
  });
});
