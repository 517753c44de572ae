import { describe, expect, it } from 'vitest';
import type { Attribution, ResolvedFinding } from '../../src/attribute.js';
import type { Diagnostic, Finding } from '../../src/diagnostic.js';
import { makeModuleGraph } from '../../src/graph/module-graph.js';
import { renderText } from '../../src/render/text.js';
import { makeReport } from '../../src/report.js';
import type { MakeReportInput, Report } from '../../src/report.js';
import type { AttemptRecord } from '../../src/session.js';
import { splitSourceLines } from '../../src/source-lines.js';
import { makeEditabilityClassifier } from '../../src/triage/non-editable.js';
import { makeCheck, makeFinding as makeBaseFinding, makeFindings as makeBaseFindings } from '../helpers/findings.js';

const defaults = { column: 15, anchor: '' };
const makeFinding = (path: string | null, line: number, fields: Partial<Diagnostic> = {}): Finding => makeBaseFinding(path, line, fields, defaults);
const makeFindings = (counts: Record<string, number>): Finding[] => makeBaseFindings(counts, defaults);

const sources: Record<string, string> = {
  'src/rates.ts': "import type { RateCard } from './types.js';\n\nexport function total(card: RateCard): number {\n  return card.price * card.quantity;\n}\n\nexport const zero = (card: RateCard) => card.price === 0;\n",
  'src/syntax.ts': 'export function broken( {\n  return 1;\n}\n',
};

function sourceLines(path: string): readonly string[] | undefined {
  const text = sources[path];
  return text === undefined ? undefined : splitSourceLines(text);
}

const graph = makeModuleGraph([
  {
    'src/rates.ts': ['src/types.ts'],
    'src/index.ts': ['src/rates.ts'],
    'src/credits.ts': ['src/index.ts'],
    'src/invoice.ts': ['src/index.ts', 'src/generated/api.ts'],
    'e2e/fixtures.ts': ['src/invoice.ts'],
  },
]);

const classify = makeEditabilityClassifier({ rules: [{ glob: 'src/generated/**', hint: 'run npm run codegen' }], readHead: () => undefined });

function makeTestReport(introduced: Finding[], fields: Partial<MakeReportInput> = {}, standing = 0, resolved: ResolvedFinding[] = []): Report {
  const attribution: Attribution = {
    introduced,
    resolved,
    standing: Array.from({ length: standing }, (_, index) => makeFinding('old.ts', index + 1)),
  };
  return makeReport({
    attribution,
    graph,
    changedFiles: new Set(['src/types.ts']),
    classify,
    checks: [makeCheck('tsc'), makeCheck('eslint')],
    baseWidth: 2,
    ...fields,
  }).report;
}

const rateFindings = [makeFinding('src/rates.ts', 4), makeFinding('src/rates.ts', 7, { column: 41 })];
const cascade = [...rateFindings, ...makeFindings({ 'src/credits.ts': 8, 'src/invoice.ts': 20, 'e2e/fixtures.ts': 14 })];

describe('renderText', () => {
  it('says what is shown, what is withheld and why, with code excerpts', () => {
    expect(renderText(makeTestReport(cascade, {}, 312), { outputLimit: 8000, sourceLines })).toMatchInlineSnapshot(`
      "culprit: your edit introduced 44 findings; showing 2 in 1 root file (src/rates.ts). 42 more in 3 files that depend on it are withheld: they are likely echoes and will be re-checked after this fix. 312 findings predate this task and are not shown.

      src/rates.ts:4:15 error TS2339 Property 'price' does not exist on type 'RateCard'.
        3 | export function total(card: RateCard): number {
      > 4 |   return card.price * card.quantity;
        5 | }

      src/rates.ts:7:41 error TS2339 Property 'price' does not exist on type 'RateCard'.
        6 |
      > 7 | export const zero = (card: RateCard) => card.price === 0;
        8 |
      "
    `);
  });

  it('says that syntax errors come first', () => {
    const introduced = [makeFinding('src/syntax.ts', 1, { code: 'TS1005', phase: 'syntax', message: "',' expected.", column: 25 }), ...rateFindings];
    expect(renderText(makeTestReport(introduced), { outputLimit: 8000, sourceLines })).toMatchInlineSnapshot(`
      "culprit: your edit introduced 3 findings; showing 1 in 1 root file (src/syntax.ts). Syntax errors first: 2 type and lint findings are hidden until the files parse.

      src/syntax.ts:1:25 error TS1005 ',' expected.
      > 1 | export function broken( {
        2 |   return 1;
      "
    `);
  });

  it('says that errors hide warnings', () => {
    const warning = makeFinding('src/other.ts', 3, { tool: 'eslint', code: 'eqeqeq', phase: 'lint', severity: 'warning', message: "Expected '===' and instead saw '=='." });
    expect(renderText(makeTestReport([...rateFindings, warning]), { outputLimit: 8000, sourceLines }).split('\n')[0]).toMatchInlineSnapshot(`"culprit: your edit introduced 3 findings; showing 2 in 1 root file (src/rates.ts). Errors first: 1 warning is hidden until the errors are fixed."`);
  });

  it('surfaces a non-editable root as an instruction and a queued root as coming next', () => {
    const introduced = [...makeFindings({ 'src/generated/api.ts': 3, 'src/invoice.ts': 2, 'src/a.ts': 2, 'src/b.ts': 1 }), makeFinding(null, 0, { code: 'TS5023', phase: 'config', message: "Unknown compiler option 'strictest'." })];
    expect(renderText(makeTestReport(introduced, { baseWidth: 1 }), { outputLimit: 8000, sourceLines })).toMatchInlineSnapshot(`
      "culprit: your edit introduced 9 findings; showing 3: 2 in 1 root file (src/a.ts) and 1 not tied to a file. 2 more in 1 file that depends on them are withheld: they are likely echoes and will be re-checked after this fix. 1 more in 1 other root file is held back: it looks like a separate cause and comes next. 3 in 1 file you must not edit by hand are not listed; the instruction below says what to do instead.

      (no file) error TS5023 Unknown compiler option 'strictest'.

      src/a.ts:1:15 error TS2339 Property 'price' does not exist on type 'RateCard'.

      src/a.ts:2:15 error TS2339 Property 'price' does not exist on type 'RateCard'.

      src/generated/api.ts is marked non-editable; do not edit it by hand. Change what it is generated from instead (run npm run codegen), or change your own code to match it.
      "
    `);
  });

  it('says when the frontier widened', () => {
    const previous: AttemptRecord = { attempt: 2, roots: 1, fingerprints: ['x#1'], width: 2 };
    const text = renderText(makeTestReport(rateFindings, { previous }), { outputLimit: 8000, sourceLines });
    expect(text.split('\n').slice(0, 2)).toMatchInlineSnapshot(`
      [
        "culprit: your edit introduced 2 findings; showing 2 in 1 root file (src/rates.ts).",
        "The frontier widened to 4 root units per attempt: the number of root causes did not fall since the last attempt, so more of them are shown at once.",
      ]
    `);
  });

  it('tells the loop to stop when it is stuck', () => {
    const first = makeReport({
      attribution: { introduced: rateFindings, resolved: [], standing: [] },
      graph,
      changedFiles: new Set(),
      classify,
      checks: [makeCheck('tsc')],
      baseWidth: 2,
    });
    const text = renderText(makeTestReport(rateFindings, { previous: first.attemptRecord }), { outputLimit: 8000, sourceLines });
    expect(text.split('\n').slice(0, 2)).toMatchInlineSnapshot(`
      [
        "culprit: stuck: the same 2 findings came back unchanged from the previous attempt. Stop retrying and hand over to a human with the findings below.",
        "Your edit introduced 2 findings; showing 2 in 1 root file (src/rates.ts).",
      ]
    `);
  });

  it('says a failed, timed-out or missing check is not a clean result', () => {
    const checks = [
      makeCheck('tsc'),
      makeCheck('eslint', { status: 'failed', error: 'eslint.config.js: Unexpected token (3:4)' }),
      makeCheck('pyright', { status: 'timed-out', error: 'killed after 600000 ms' }),
      makeCheck('mypy', { status: 'missing' }),
    ];
    expect(renderText(makeTestReport([], { checks }), { outputLimit: 8000, sourceLines })).toMatchInlineSnapshot(`
      "culprit: this is NOT a clean result: eslint failed (eslint.config.js: Unexpected token (3:4)); pyright timed out (killed after 600000 ms); mypy is missing. Fix that and run culprit check again; until then nothing below is complete.
      No new findings from tsc; 0 resolved.
      "
    `);
  });

  it('says when the result is clean, and when a fix deleted the flagged line', () => {
    const resolved: ResolvedFinding[] = [
      { ...makeFinding('src/a.ts', 1), lineDeleted: true },
      { ...makeFinding('src/a.ts', 2), lineDeleted: false },
    ];
    expect(renderText(makeTestReport([], {}, 312, resolved), { outputLimit: 8000, sourceLines })).toMatchInlineSnapshot(`
      "culprit: no new findings; 2 resolved. 312 findings predate this task and are not shown.
      1 resolved finding went away together with the line it flagged: make sure that code was meant to be deleted, not deleted to silence the check.
      "
    `);
    expect(renderText(makeTestReport([]), { outputLimit: 8000, sourceLines })).toMatchInlineSnapshot(`
      "culprit: no new findings; 0 resolved.
      "
    `);
  });

  it('never exceeds the output limit, and says what was cut', () => {
    const many = makeFindings({ 'src/rates.ts': 7, 'src/credits.ts': 4 });
    const report = makeTestReport(many, { changedFiles: new Set(['src/rates.ts']) });
    const full = renderText(report, { outputLimit: 100_000, sourceLines });
    for (let limit = 0; limit <= full.length + 5; limit++) {
      const text = renderText(report, { outputLimit: limit, sourceLines });
      expect(text.length).toBeLessThanOrEqual(limit);
      if (limit >= full.length) expect(text).toBe(full);
    }
    const cut = renderText(report, { outputLimit: 900, sourceLines });
    expect(cut.length).toBeLessThanOrEqual(900);
    expect(cut.endsWith('more findings cut to stay within the output limit; `culprit check --json` has all of them.\n')).toBe(true);
    expect(cut).toMatchInlineSnapshot(`
      "culprit: your edit introduced 11 findings; showing 7 in 1 root file (src/rates.ts). 4 more in 1 file that depends on it are withheld: they are likely echoes and will be re-checked after this fix.

      src/rates.ts:1:15 error TS2339 Property 'price' does not exist on type 'RateCard'.
      > 1 | import type { RateCard } from './types.js';
        2 |

      src/rates.ts:2:15 error TS2339 Property 'price' does not exist on type 'RateCard'.
        1 | import type { RateCard } from './types.js';
      > 2 |
        3 | export function total(card: RateCard): number {

      src/rates.ts:3:15 error TS2339 Property 'price' does not exist on type 'RateCard'.
        2 |
      > 3 | export function total(card: RateCard): number {
        4 |   return card.price * card.quantity;

      … 4 more findings cut to stay within the output limit; \`culprit check --json\` has all of them.
      "
    `);
  });

  it('keeps instructions for non-editable roots when it cuts findings', () => {
    const introduced = makeFindings({ 'src/generated/api.ts': 3, 'src/a.ts': 6 });
    const report = makeTestReport(introduced);
    const text = renderText(report, { outputLimit: 700, sourceLines });
    expect(text.length).toBeLessThanOrEqual(700);
    expect(text).toContain('src/generated/api.ts is marked non-editable');
    expect(text).toMatch(/\d+ more findings? cut/);
  });
});
