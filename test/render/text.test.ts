import { describe, expect, it } from 'vitest';
import type { Attribution, ResolvedFinding } from '../../src/core/attribute.js';
import type { Diagnostic, Finding } from '../../src/core/diagnostic.js';
import type { DeclarationRow } from '../../src/core/declaration-table.js';
import { makeModuleGraph } from '../../src/core/graph/module-graph.js';
import { renderJson } from '../../src/render/json.js';
import { renderText } from '../../src/render/text.js';
import { makeReport } from '../../src/core/report/report.js';
import type { MakeReportInput, Report } from '../../src/core/report/report.js';
import type { AttemptRecord } from '../../src/core/report/attempts.js';
import { splitSourceLines } from '../../src/core/identity/source-lines.js';
import { maxListedSites } from '../../src/core/triage/echo-groups.js';
import { makeEditabilityClassifier } from '../../src/core/triage/non-editable.js';
import { makeCheck, makeFinding as makeBaseFinding, makeFindings as makeBaseFindings } from '../helpers/findings.js';

const defaults = { column: 15, anchor: '' };
const makeFinding = (path: string | null, line: number, fields: Partial<Diagnostic> = {}): Finding =>
  makeBaseFinding(path, line, fields, defaults);
const makeFindings = (counts: Record<string, number>): Finding[] => makeBaseFindings(counts, defaults);

const sources: Record<string, string> = {
  'src/rates.ts':
    "import type { RateCard } from './types.js';\n\nexport function total(card: RateCard): number {\n  return card.price * card.quantity;\n}\n\nexport const zero = (card: RateCard) => card.price === 0;\n",
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

const classify = makeEditabilityClassifier({
  rules: [{ glob: 'src/generated/**', hint: 'run npm run codegen' }],
  readHead: () => undefined,
});

function makeTestReport(
  introduced: Finding[],
  fields: Partial<MakeReportInput> = {},
  standing = 0,
  resolved: ResolvedFinding[] = [],
): Report {
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

/** `count` findings on lines 1..count of a file, each with its own message: no echo groups among them. */
function makeDistinctFindings(path: string, count: number): Finding[] {
  return Array.from({ length: count }, (_, index) =>
    makeFinding(path, index + 1, { message: `Property 'p${index}' does not exist on type 'RateCard'.` }),
  );
}
const cascade = [
  ...rateFindings,
  ...makeFindings({ 'src/credits.ts': 8, 'src/invoice.ts': 20, 'e2e/fixtures.ts': 14 }),
];

describe('renderText', () => {
  it('says what is shown, what is withheld and why, with code excerpts', () => {
    expect(renderText(makeTestReport(cascade, {}, 312), { outputLimit: 8000, sourceLines })).toMatchInlineSnapshot(`
      "culprit: your edit introduced 44 findings; showing 2 in 1 root file (src/rates.ts). 42 more in 3 files that depend on it are withheld: they are likely echoes and will be re-checked after this fix. 312 findings predate this task and are not shown.

      src/rates.ts:4:15 error TS2339 Property 'price' does not exist on type 'RateCard'.
        3 | export function total(card: RateCard): number {
      > 4 |   return card.price * card.quantity;
        5 | }
      Same error at 2 sites in 1 file:
        src/rates.ts:4:15, 7:41
      The same error at 42 more sites in 3 withheld files (e2e/fixtures.ts, src/credits.ts and src/invoice.ts): re-checked after this fix.
      "
    `);
  });

  it('says that syntax errors come first', () => {
    const introduced = [
      makeFinding('src/syntax.ts', 1, { code: 'TS1005', phase: 'syntax', message: "',' expected.", column: 25 }),
      ...rateFindings,
    ];
    expect(renderText(makeTestReport(introduced), { outputLimit: 8000, sourceLines })).toMatchInlineSnapshot(`
      "culprit: your edit introduced 3 findings; showing 1 in 1 root file (src/syntax.ts). Syntax errors first: 2 type and lint findings are hidden until the files parse.

      src/syntax.ts:1:25 error TS1005 ',' expected.
      > 1 | export function broken( {
        2 |   return 1;
      "
    `);
  });

  it('says that errors hide warnings', () => {
    const warning = makeFinding('src/other.ts', 3, {
      tool: 'eslint',
      code: 'eqeqeq',
      phase: 'lint',
      severity: 'warning',
      message: "Expected '===' and instead saw '=='.",
    });
    expect(
      renderText(makeTestReport([...rateFindings, warning]), { outputLimit: 8000, sourceLines }).split('\n')[0],
    ).toMatchInlineSnapshot(
      `"culprit: your edit introduced 3 findings; showing 2 in 1 root file (src/rates.ts). Errors first: 1 warning is hidden until the errors are fixed."`,
    );
  });

  it('surfaces a non-editable root as an instruction and a queued root as coming next', () => {
    const introduced = [
      ...makeFindings({ 'src/generated/api.ts': 3, 'src/invoice.ts': 2, 'src/a.ts': 2, 'src/b.ts': 1 }),
      makeFinding(null, 0, { code: 'TS5023', phase: 'config', message: "Unknown compiler option 'strictest'." }),
    ];
    expect(renderText(makeTestReport(introduced, { baseWidth: 1 }), { outputLimit: 8000, sourceLines }))
      .toMatchInlineSnapshot(`
      "culprit: your edit introduced 9 findings; showing 3: 2 in 1 root file (src/a.ts) and 1 not tied to a file. 2 more in 1 file that depends on them are withheld: they are likely echoes and will be re-checked after this fix. 1 more in 1 other root file is held back: it looks like a separate cause and comes next. 3 in 1 file you must not edit by hand are not listed; the instruction below says what to do instead.

      (no file) error TS5023 Unknown compiler option 'strictest'.

      src/a.ts:1:15 error TS2339 Property 'price' does not exist on type 'RateCard'.
      Same error at 2 sites in 1 file:
        src/a.ts:1:15, 2:15
      The same error at 3 more sites in 2 withheld files (src/b.ts and src/invoice.ts): re-checked after this fix.

      src/generated/api.ts is marked non-editable; do not edit it by hand. Change what it is generated from instead (run npm run codegen), or change your own code to match it.
      "
    `);
  });

  it('says when the frontier widened, and only when that shows more', () => {
    const introduced = [
      makeFinding('src/a.ts', 1),
      makeFinding('src/b.ts', 1, { message: 'x' }),
      makeFinding('src/c.ts', 1, { message: 'y' }),
    ];
    const previous: AttemptRecord = {
      attempt: 2,
      roots: 3,
      fingerprints: ['x#1'],
      width: 2,
      shown: ['src/a.ts:1:TS2339#1'],
    };
    const text = renderText(makeTestReport(introduced, { previous }), { outputLimit: 8000, sourceLines });
    expect(text.split('\n').slice(0, 2)).toMatchInlineSnapshot(`
      [
        "culprit: your edit introduced 3 findings; showing 3 in 3 root files (src/a.ts, src/b.ts and src/c.ts).",
        "The frontier widened to 4 root units per attempt: nothing the last attempt showed was fixed, so more root causes are shown at once.",
      ]
    `);
    const fits: AttemptRecord = { ...previous, shown: ['src/rates.ts:4:TS2339#1'] };
    expect(
      renderText(makeTestReport(rateFindings, { previous: fits }), { outputLimit: 8000, sourceLines }),
    ).not.toContain('widened');
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
    const text = renderText(makeTestReport(rateFindings, { previous: first.attemptRecord }), {
      outputLimit: 8000,
      sourceLines,
    });
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
    expect(renderText(makeTestReport([], {}, 312, resolved), { outputLimit: 8000, sourceLines }))
      .toMatchInlineSnapshot(`
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
    const many = [...makeDistinctFindings('src/rates.ts', 7), ...makeDistinctFindings('src/credits.ts', 4)];
    const report = makeTestReport(many, { changedFiles: new Set(['src/rates.ts']) });
    const full = renderText(report, { outputLimit: 100_000, sourceLines });
    for (let limit = 0; limit <= full.length + 5; limit++) {
      const text = renderText(report, { outputLimit: limit, sourceLines });
      expect(text.length).toBeLessThanOrEqual(limit);
      if (limit >= full.length) expect(text).toBe(full);
    }
    const cut = renderText(report, { outputLimit: 900, sourceLines });
    expect(cut.length).toBeLessThanOrEqual(900);
    expect(
      cut.endsWith('more findings cut to stay within the output limit; `culprit check --json` has all of them.\n'),
    ).toBe(true);
    expect(cut).toMatchInlineSnapshot(`
      "culprit: your edit introduced 11 findings; showing 7 in 1 root file (src/rates.ts). 4 more in 1 file that depends on it are withheld: they are likely echoes and will be re-checked after this fix.

      src/rates.ts:1:15 error TS2339 Property 'p0' does not exist on type 'RateCard'.
      > 1 | import type { RateCard } from './types.js';
        2 |

      src/rates.ts:2:15 error TS2339 Property 'p1' does not exist on type 'RateCard'.
        1 | import type { RateCard } from './types.js';
      > 2 |
        3 | export function total(card: RateCard): number {

      src/rates.ts:3:15 error TS2339 Property 'p2' does not exist on type 'RateCard'.
        2 |
      > 3 | export function total(card: RateCard): number {
        4 |   return card.price * card.quantity;

      src/rates.ts:4:15 error TS2339 Property 'p3' does not exist on type 'RateCard'.

      … 3 more findings cut to stay within the output limit; \`culprit check --json\` has all of them.
      "
    `);
  });

  it('keeps instructions for non-editable roots when it cuts findings', () => {
    const introduced = [...makeFindings({ 'src/generated/api.ts': 3 }), ...makeDistinctFindings('src/a.ts', 6)];
    const report = makeTestReport(introduced);
    const text = renderText(report, { outputLimit: 700, sourceLines });
    expect(text.length).toBeLessThanOrEqual(700);
    expect(text).toContain('src/generated/api.ts is marked non-editable');
    expect(text).toMatch(/\d+ more findings? cut/);
  });
});

describe('renderText for cascades', () => {
  /** One import cycle through a barrel: three commands import the changed types directly, two only through the barrel. */
  const cycle = makeModuleGraph([
    {
      'src/types.ts': ['src/index.ts'],
      'src/index.ts': ['src/types.ts', 'src/bold.ts', 'src/code.ts', 'src/italic.ts', 'src/link.ts', 'src/undo.ts'],
      'src/bold.ts': ['src/index.ts', 'src/types.ts'],
      'src/code.ts': ['src/index.ts', 'src/types.ts'],
      'src/italic.ts': ['src/index.ts', 'src/types.ts'],
      'src/link.ts': ['src/index.ts'],
      'src/undo.ts': ['src/index.ts'],
    },
  ]);
  const cycleSources: Record<string, string> = {
    'src/types.ts':
      "import type { Editor } from './index';\n\nexport interface CommandProps {\n  editor: Editor;\n  transaction: string[];\n}\n",
    'src/code.ts':
      "import type { CommandProps } from './types';\n\nexport const code = (props: CommandProps) => props.tr.push('code');\nexport const isCode = (props: CommandProps) => props.tr.includes('code');\n",
  };
  const cycleLines = (path: string) =>
    cycleSources[path] === undefined ? undefined : splitSourceLines(cycleSources[path]);
  const missingTr = { message: "Property 'tr' does not exist on type 'CommandProps'.", column: 52 };
  const echo = {
    tool: 'eslint',
    code: '@typescript-eslint/no-unsafe-call',
    phase: 'lint',
    message: 'Unsafe call of a type that could not be resolved.',
  } as const;
  const introduced = [
    makeFinding('src/bold.ts', 3, missingTr),
    makeFinding('src/bold.ts', 3, { ...echo, column: 46 }),
    makeFinding('src/code.ts', 3, missingTr),
    makeFinding('src/code.ts', 4, missingTr),
    makeFinding('src/italic.ts', 3, missingTr),
    makeFinding('src/link.ts', 5, {
      code: 'TS2345',
      message: "Argument of type 'string' is not assignable to parameter of type 'number'.",
    }),
    makeFinding('src/undo.ts', 2, {
      code: 'TS2345',
      message: "Argument of type 'string' is not assignable to parameter of type 'number'.",
    }),
  ];
  const report = makeTestReport(introduced, { graph: cycle, sourceLines: cycleLines });

  it('shows one error at many sites once, says where the type it names is declared, and withholds lint echoes', () => {
    expect(renderText(report, { outputLimit: 8000, sourceLines: cycleLines })).toMatchInlineSnapshot(`
      "culprit: your edit introduced 7 findings; showing 4 in 3 root files (src/code.ts, src/bold.ts and src/italic.ts). 5 failing files form one import cycle; the 3 shown are the nearest to your change (1 import away). 2 more in 2 files that depend on them are withheld: they are likely echoes and will be re-checked after this fix. 1 lint finding about values of the compiler's error type is withheld: it restates compiler errors and will go away with them.

      src/code.ts:3:52 error TS2339 Property 'tr' does not exist on type 'CommandProps'.
        2 |
      > 3 | export const code = (props: CommandProps) => props.tr.push('code');
        4 | export const isCode = (props: CommandProps) => props.tr.includes('code');
      One cause: the member 'tr' of 'CommandProps', declared in src/types.ts:3, a file your edit changed.
      Its 4 sites in 3 files:
        src/code.ts:3:52, 4:52
        src/bold.ts:3:52
        src/italic.ts:3:52
      "
    `);
  });

  it('lists fewer sites before it drops a group, and never exceeds the limit', () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      makeFinding(`src/c${String(index).padStart(2, '0')}.ts`, 3, missingTr),
    );
    const big = makeTestReport(many, {
      graph: makeModuleGraph([]),
      baseWidth: 100,
      changedFiles: new Set(['src/types.ts']),
      sourceLines: cycleLines,
    });
    const lines = () => ['// one', '// two', 'props.tr.push(1);', '// four'];
    const full = renderText(big, { outputLimit: 100_000, sourceLines: lines });
    const listed: number[] = [];
    for (let limit = full.length + 5; limit >= 0; limit--) {
      const text = renderText(big, { outputLimit: limit, sourceLines: lines });
      expect(text.length).toBeLessThanOrEqual(limit);
      if (limit >= full.length) expect(text).toBe(full);
      const more = /\n {2}and (\d+) more\.\n\n… \1 more findings? cut to stay within the output limit/.exec(text);
      if (more === null) continue;
      expect(text).toContain(
        "One cause: the member 'tr' of 'CommandProps', declared in src/types.ts:3, a file your edit changed.",
      );
      expect(text).not.toContain('> 3 |');
      listed.push(12 - Number(more[1]));
    }
    // Shorter as the limit falls, one site at a time down to one (the footer's reserved room
    // makes the first cut take a few sites at once).
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    expect(new Set(listed)).toEqual(new Set(Array.from({ length: listed[0]! }, (_, index) => index + 1)));
    expect(listed[0]).toBeGreaterThanOrEqual(8);
  });

  it('states a traced cause once and, over the limit, folds its sites into files with counts, never cutting the entry', () => {
    // 40 sites of one renamed member in 8 files, each depending on it (dependsOn from the checker).
    const sites = Array.from({ length: 40 }, (_, index) =>
      makeFinding(`src/use${index % 8}.ts`, 3 + Math.floor(index / 8), {
        message: "Property 'price' does not exist on type 'RateCard'.",
        dependsOn: [{ path: 'src/types.ts', name: 'RateCard.price' }],
      }),
    );
    const declarations = {
      base: {
        'src/types.ts': [
          ['RateCard', 'interface', 1, 'export interface \u0000'],
          ['RateCard.price', 'member', 2, '\u0000: number'],
        ],
      },
      current: {
        'src/types.ts': [
          ['RateCard', 'interface', 1, 'export interface \u0000'],
          ['RateCard.unitPrice', 'member', 2, '\u0000: number'],
        ],
      },
      renames: new Map<string, string>(),
    } as NonNullable<MakeReportInput['declarations']>;
    const report = makeTestReport(sites, { declarations, graph: makeModuleGraph([]) });
    expect(report.shown).toHaveLength(40);
    expect(report.groups).toHaveLength(1);
    expect(report.groups[0]!.listed).toHaveLength(40);
    const lines = () => ['// one', '// two', 'card.price;', 'card.price;', 'card.price;', 'card.price;', 'card.price;'];
    const full = renderText(report, { outputLimit: 100_000, sourceLines: lines });
    expect(full).toContain(
      'src/types.ts:2 One cause: your edit renamed `RateCard.price` to `unitPrice`. Keep the change and update the 40 sites that depend on it, or revert it.',
    );
    expect(full).toContain('Its 40 sites in 8 files:\n  src/use0.ts:3:15, 4:15, 5:15, 6:15, 7:15\n');
    let folded = 0;
    for (let limit = full.length; limit >= 200; limit -= 7) {
      const text = renderText(report, { outputLimit: limit, sourceLines: lines });
      expect(text.length).toBeLessThanOrEqual(limit);
      if (!text.includes('lists every site')) continue;
      folded += 1;
      // Every site is counted: each file named with its count, and where even that does not fit,
      // the first files named and the rest counted together. The entry is whole, never cut.
      const named = [...text.matchAll(/\n {2}src\/use(\d)\.ts \(5 sites\)/g)].map((match) => Number(match[1]));
      expect(named).toEqual(Array.from({ length: named.length }, (_, file) => file));
      const rest = /\n {2}and (\d+) more sites in (\d+) more files\.\n/.exec(text);
      expect(named.length * 5 + Number(rest?.[1] ?? 0)).toBe(40);
      expect(named.length + Number(rest?.[2] ?? 0)).toBe(8);
      expect(text).toContain('One cause: your edit renamed `RateCard.price`');
      expect(text).not.toContain('more finding');
    }
    expect(folded).toBeGreaterThan(3);
  });

  it('keeps one cause within 2,500 characters whatever the limit, every site listed or counted by file', () => {
    // 900 sites of one renamed member in 300 files: listed whole they would take some 20,000 characters.
    const paths = Array.from({ length: 900 }, (_, index) => `src/feature${index % 300}/use.ts`);
    const report = makeTestReport(
      makePriceSites(paths, 'src/types.ts', (index) => 3 + Math.floor(index / 300)),
      {
        declarations: makePriceRename('src/types.ts'),
        graph: makeModuleGraph([]),
      },
    );
    expect(report.groups[0]!.listed).toHaveLength(900);
    const text = renderText(report, { outputLimit: 100_000, sourceLines: () => ['', '', 'card.price;'] });
    const block = text.slice(text.indexOf('src/types.ts:2 One cause'));
    expect(block.length).toBeLessThanOrEqual(2500);
    const named = [...block.matchAll(/\n {2}src\/feature\d+\/use\.ts \(3 sites\)/g)].length;
    const rest = /\n {2}and (\d+) more sites in (\d+) more files\.\n/.exec(block);
    expect(named).toBeGreaterThan(20);
    expect(named * 3 + Number(rest?.[1])).toBe(900);
    expect(named + Number(rest?.[2])).toBe(300);
  });

  it('what a change reaches through another declaration, or what only it can explain, is listed under it after its sites, never a cause of its own', () => {
    const sites = makePriceSites(['src/a.ts', 'src/b.ts'], 'src/types.ts', () => 3);
    // Reached through `total`, whose inferred return type carries the change.
    const through = ['src/c.ts', 'src/c.ts'].map((path, index) =>
      makeFinding(path, 5 + index, {
        code: 'TS2362',
        message: 'The left-hand side of an arithmetic operation must be of type number.',
        dependsOn: [
          { path: 'src/totals.ts', name: 'total' },
          { path: 'src/types.ts', name: 'RateCard.price' },
        ],
      }),
    );
    // `never` read through generics: the trace names no declaration the edit changed.
    const untraced = [makeFinding('src/d.ts', 7, { message: "Property 'count' does not exist on type 'never'." })];
    const rename = makePriceRename('src/types.ts');
    const plain = {
      ...rename,
      current: { ...rename.current, 'src/totals.ts': [['total', 'function', 1, 'export function \u0000(): number']] },
      tools: new Set(['tsc']),
      plain: true,
    } as NonNullable<MakeReportInput['declarations']>;
    const report = makeTestReport([...sites, ...through, ...untraced], {
      declarations: plain,
      graph: makeModuleGraph([]),
    });
    expect(report.shown.map((finding) => `${finding.path}:${finding.line}`)).toEqual([
      'src/a.ts:3',
      'src/b.ts:3',
      'src/c.ts:5',
      'src/c.ts:6',
      'src/d.ts:7',
    ]);
    expect(report.groups).toHaveLength(1);
    expect(report.groups[0]).toMatchObject({
      sites: 5,
      reached: {
        sites: 3,
        files: ['src/c.ts', 'src/d.ts'],
        counts: [2, 1],
        through: [{ path: 'src/totals.ts', name: 'total' }],
      },
    });
    const json = JSON.parse(renderJson(report)) as { groups: { cause: { reached: unknown } }[] };
    expect(json.groups[0]!.cause.reached).toEqual({
      sites: 3,
      files: ['src/c.ts', 'src/d.ts'],
      through: [{ path: 'src/totals.ts', name: 'total' }],
    });
    expect(report.withheld.count).toBe(0);
    expect(report.roots).toHaveLength(1);
    const text = renderText(report, { outputLimit: 100_000, sourceLines: () => [] });
    expect(text).toContain(
      '2 of them in 2 files depend on it directly (TS2339, TS2362):\n  src/a.ts:3:15\n  src/b.ts:3:15\nAnd 3 in 2 files it reaches through `total` (src/totals.ts), which may clear once those are fixed:\n  src/c.ts:5:15, 6:15\n  src/d.ts:7:15\n',
    );
    // An edit that also touched a configuration file, or made a second change, explains nothing alone:
    // the untraced finding keeps its own root.
    const limit = (shape: string): DeclarationRow => ['limit', 'variable', 9, `export const \u0000: ${shape}`];
    const twoChanges: NonNullable<MakeReportInput['declarations']> = {
      ...plain,
      base: { 'src/types.ts': [...plain.base['src/types.ts']!, limit('10')] },
      current: { ...plain.current, 'src/types.ts': [...plain.current['src/types.ts']!, limit('20')] },
    };
    for (const declarations of [{ ...plain, plain: false }, twoChanges]) {
      const other = makeTestReport([...sites, ...through, ...untraced], { declarations, graph: makeModuleGraph([]) });
      expect(other.groups.find((group) => group.cause?.change !== undefined)?.reached?.files).toEqual(['src/c.ts']);
      expect(other.roots.some((root) => root.files.includes('src/d.ts'))).toBe(true);
    }
  });

  it('a declaration changed in generated code is an instruction, and its sites wait for the regeneration', () => {
    const sites = makePriceSites(['src/a.ts', 'src/b.ts'], 'src/generated/types.ts', () => 3);
    const declarations = makePriceRename('src/generated/types.ts');
    const report = makeTestReport(sites, {
      declarations,
      graph: makeModuleGraph([]),
      changedFiles: new Set(['src/generated/types.ts']),
    });
    expect(report.roots).toEqual([
      {
        files: ['src/generated/types.ts'],
        editable: false,
        selected: true,
        introduced: 2,
        instruction: expect.stringContaining('run npm run codegen'),
      },
    ]);
    expect(report.shown).toEqual([]);
    expect(report.withheld.reasons.nonEditable).toEqual({ count: 2, files: ['src/a.ts', 'src/b.ts'] });
  });

  it('calls sites whose messages differ only in numbers similar, and says so at the first one', () => {
    const arity = [
      makeFinding('src/rates.ts', 4, { code: 'TS2554', message: 'Expected 2 arguments, but got 1.' }),
      makeFinding('src/rates.ts', 7, { code: 'TS2554', message: 'Expected 3 arguments, but got 1.' }),
    ];
    const text = renderText(makeTestReport(arity), { outputLimit: 8000, sourceLines: () => undefined });
    expect(text.split('\n').slice(2)).toEqual([
      'src/rates.ts:4:15 error TS2554 Expected 2 arguments, but got 1.',
      'Similar error at 2 sites in 1 file:',
      '  src/rates.ts:4:15, 7:15',
      '',
    ]);
  });

  it('renders a report read back from its JSON as it renders the report itself', () => {
    const written = {
      code: 'TS2353',
      message: "Object literal may only specify known properties, and 'tr' does not exist in type 'CommandProps'.",
    };
    const findings = [
      makeFinding('src/code.ts', 3, missingTr),
      makeFinding('src/code.ts', 4, { ...missingTr, ...written }),
      makeFinding('src/bold.ts', 3, missingTr),
    ];
    const report = makeTestReport(findings, {
      graph: makeModuleGraph([]),
      baseWidth: 3,
      changedFiles: new Set(['src/types.ts']),
      sourceLines: cycleLines,
    });
    expect(report.groups.map((group) => group.codes)).toEqual([['TS2339', 'TS2353']]);
    const parsed = JSON.parse(renderJson(report)) as Report;
    expect(parsed.groups[0]).not.toHaveProperty('members');
    expect(renderText(parsed, { outputLimit: 8000, sourceLines: cycleLines })).toBe(
      renderText(report, { outputLimit: 8000, sourceLines: cycleLines }),
    );
  });

  it('says how many sites the report did not list', () => {
    const count = maxListedSites + 10;
    const many = Array.from({ length: count }, (_, index) =>
      makeFinding(`src/c${String(index).padStart(3, '0')}.ts`, 3, missingTr),
    );
    const text = renderText(makeTestReport(many, { graph: makeModuleGraph([]), baseWidth: count }), {
      outputLimit: 100_000,
      sourceLines: () => undefined,
    });
    expect(text).toContain(`Same error at ${count} sites in ${count} files:\n  src/c000.ts:3:52\n  src/c001.ts:3:52\n`);
    expect(text).toMatch(
      new RegExp(
        `src/c${maxListedSites - 1}\\.ts:3:52\\n {2}and 10 more \\(\`culprit check --json\` lists every site under shown\\)\\.\\n$`,
      ),
    );
    expect(text).not.toContain(`src/c${maxListedSites}.ts`);
  });
});

/** Sites reading `RateCard.price`, declared in `declaredIn`, one a path, at the line `lineOf` gives. */
function makePriceSites(paths: readonly string[], declaredIn: string, lineOf: (index: number) => number) {
  return paths.map((path, index) =>
    makeFinding(path, lineOf(index), {
      message: "Property 'price' does not exist on type 'RateCard'.",
      dependsOn: [{ path: declaredIn, name: 'RateCard.price' }],
    }),
  );
}

/** The tables of `RateCard.price` renamed to `unitPrice` in `path`. */
function makePriceRename(path: string): NonNullable<MakeReportInput['declarations']> {
  return {
    base: { [path]: [['RateCard.price', 'member', 2, '\u0000: number']] },
    current: { [path]: [['RateCard.unitPrice', 'member', 2, '\u0000: number']] },
    renames: new Map<string, string>(),
  };
}
