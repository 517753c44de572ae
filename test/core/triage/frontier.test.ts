import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/core/diagnostic.js';
import { makeModuleGraph } from '../../../src/core/graph/module-graph.js';
import type { ModuleGraph } from '../../../src/core/graph/module-graph.js';
import { findRoots, maxRingFiles, selectFrontier } from '../../../src/core/triage/frontier.js';
import type { RootUnit } from '../../../src/core/triage/frontier.js';
import { makeEditabilityClassifier } from '../../../src/core/triage/non-editable.js';
import { makeFinding as makeBaseFinding, makeFindings } from '../../helpers/findings.js';

const makeFinding = (path: string | null, line = 1): Finding => makeBaseFinding(path, line);

/** `count` findings in each file: `{ 'a.ts': 2 }` → two findings in a.ts. */
const classifyAll = makeEditabilityClassifier({
  rules: [{ glob: 'src/generated/**', hint: 'run npm run codegen' }],
  readHead: () => undefined,
});

function findRootFiles(findings: Finding[], graph: ModuleGraph, changed: string[] = []): string[][] {
  return findRoots({ findings, graph, changedFiles: new Set(changed), classify: classifyAll }).map(
    (root) => root.files,
  );
}

/** The seed's rename: types.ts changed and has no errors; the errors cascade down the importers. */
const renameGraph = makeModuleGraph([
  {
    'packages/billing/src/rates.ts': ['packages/billing/src/types.ts'],
    'packages/billing/src/index.ts': ['packages/billing/src/rates.ts', 'packages/billing/src/types.ts'],
    'packages/api/src/invoice.ts': ['packages/billing/src/index.ts'],
    'e2e/fixtures.ts': ['packages/api/src/invoice.ts', 'packages/billing/src/index.ts'],
  },
]);

describe('findRoots', () => {
  it('finds the one root of a cascade, through a barrel without errors of its own', () => {
    const findings = makeFindings({
      'packages/billing/src/rates.ts': 4,
      'packages/api/src/invoice.ts': 3,
      'e2e/fixtures.ts': 14,
    });
    const roots = findRoots({
      findings,
      graph: renameGraph,
      changedFiles: new Set(['packages/billing/src/types.ts']),
      classify: classifyAll,
    });
    expect(roots).toEqual([
      {
        files: ['packages/billing/src/rates.ts'],
        order: ['packages/billing/src/rates.ts'],
        distances: [1],
        editable: true,
        selected: false,
        introduced: 4,
        hasChangedFile: false,
      },
    ]);
  });

  it('condenses a cycle of failing files into one root unit', () => {
    const graph = makeModuleGraph([
      { 'rates.ts': ['credits.ts', 'types.ts'], 'credits.ts': ['rates.ts', 'types.ts'], 'app.ts': ['rates.ts'] },
    ]);
    const roots = findRoots({
      findings: makeFindings({ 'rates.ts': 2, 'credits.ts': 1, 'app.ts': 5 }),
      graph,
      changedFiles: new Set(['types.ts']),
      classify: classifyAll,
    });
    expect(roots).toEqual([
      {
        files: ['credits.ts', 'rates.ts'],
        order: ['rates.ts', 'credits.ts'],
        distances: [1, 1],
        editable: true,
        selected: false,
        introduced: 3,
        hasChangedFile: false,
      },
    ]);
  });

  it('lists only the failing files of a cycle, and counts a changed file anywhere in it', () => {
    const graph = makeModuleGraph([{ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'] }]);
    expect(
      findRoots({
        findings: makeFindings({ 'b.ts': 1 }),
        graph,
        changedFiles: new Set(['c.ts']),
        classify: classifyAll,
      }),
    ).toEqual([
      {
        files: ['b.ts'],
        order: ['b.ts'],
        distances: [1],
        editable: true,
        selected: false,
        introduced: 1,
        hasChangedFile: true,
      },
    ]);
  });

  it('does not take a cycle as root when it imports a failing file', () => {
    const graph = makeModuleGraph([{ 'rates.ts': ['credits.ts'], 'credits.ts': ['rates.ts', 'types.ts'] }]);
    expect(findRootFiles(makeFindings({ 'rates.ts': 1, 'credits.ts': 1, 'types.ts': 1 }), graph)).toEqual([
      ['types.ts'],
    ]);
  });

  it('orders roots: a changed file first, then more findings, then path', () => {
    const graph = makeModuleGraph([{ 'a.ts': [], 'b.ts': [], 'c.ts': [], 'd.ts': [] }]);
    const findings = makeFindings({ 'd.ts': 2, 'a.ts': 2, 'b.ts': 5, 'c.ts': 1 });
    expect(findRootFiles(findings, graph, ['c.ts'])).toEqual([['c.ts'], ['b.ts'], ['a.ts'], ['d.ts']]);
  });

  it('makes files absent from the graph singleton roots and ignores findings without a file', () => {
    const graph = makeModuleGraph([{ 'a.ts': ['b.ts'] }]);
    const findings = [...makeFindings({ 'a.ts': 1, 'b.ts': 1, 'loose.ts': 1 }), makeFinding(null)];
    expect(findRootFiles(findings, graph)).toEqual([['b.ts'], ['loose.ts']]);
  });

  it('marks a unit non-editable only when all its failing files are, with an instruction', () => {
    const graph = makeModuleGraph([
      { 'src/generated/a.ts': ['src/generated/b.ts'], 'src/generated/b.ts': ['src/generated/a.ts', 'src/hand.ts'] },
    ]);
    const generated = findRoots({
      findings: makeFindings({ 'src/generated/a.ts': 1, 'src/generated/b.ts': 1 }),
      graph,
      changedFiles: new Set(),
      classify: classifyAll,
    });
    expect(generated).toEqual([
      {
        files: ['src/generated/a.ts', 'src/generated/b.ts'],
        order: ['src/generated/a.ts', 'src/generated/b.ts'],
        distances: [null, null],
        editable: false,
        selected: false,
        introduced: 2,
        hasChangedFile: false,
        instruction:
          'src/generated/a.ts and src/generated/b.ts are marked non-editable; do not edit them by hand. Change what they are generated from instead (run npm run codegen), or change your own code to match them.',
      },
    ]);
    const cycle = makeModuleGraph([{ 'src/generated/a.ts': ['src/hand.ts'], 'src/hand.ts': ['src/generated/a.ts'] }]);
    const mixed = findRoots({
      findings: makeFindings({ 'src/generated/a.ts': 1, 'src/hand.ts': 1 }),
      graph: cycle,
      changedFiles: new Set(),
      classify: classifyAll,
    });
    expect(mixed.map((root) => [root.files, root.editable, root.instruction])).toEqual([
      [['src/generated/a.ts', 'src/hand.ts'], true, undefined],
    ]);
  });

  it('does not depend on the order of findings or change them', () => {
    const findings = Object.freeze(
      makeFindings({ 'e2e/fixtures.ts': 2, 'packages/billing/src/rates.ts': 1, 'x.ts': 1 }).map((f) =>
        Object.freeze(f),
      ),
    );
    const roots = findRoots({ findings, graph: renameGraph, changedFiles: new Set(), classify: classifyAll });
    expect(
      findRoots({
        findings: [...findings].reverse(),
        graph: renameGraph,
        changedFiles: new Set(),
        classify: classifyAll,
      }),
    ).toEqual(roots);
  });
});

describe('selectFrontier', () => {
  const graph = makeModuleGraph([{ 'c.ts': ['a.ts', 'b.ts'], 'd.ts': ['c.ts'] }]);
  const findings = [...makeFindings({ 'd.ts': 3, 'c.ts': 2, 'b.ts': 1, 'a.ts': 2 }), makeFinding(null)];
  const roots = findRoots({ findings, graph, changedFiles: new Set(), classify: classifyAll });

  it('shows findings without a file first, then the first root, and withholds the rest', () => {
    expect(roots.map((root) => root.files)).toEqual([['a.ts'], ['b.ts']]);
    const frontier = selectFrontier({ findings, roots, width: 1 });
    expect(frontier.shown.map((finding) => `${finding.path}:${finding.line}`)).toEqual(['null:1', 'a.ts:1', 'a.ts:2']);
    expect(frontier.withheld).toEqual({ count: 6, files: ['b.ts', 'c.ts', 'd.ts'] });
    expect(frontier.roots.map((root) => root.selected)).toEqual([true, false]);
  });

  it('shows as many roots as the width allows, root by root', () => {
    const frontier = selectFrontier({ findings, roots, width: 2 });
    expect(frontier.shown.map((finding) => `${finding.path}:${finding.line}`)).toEqual([
      'null:1',
      'a.ts:1',
      'a.ts:2',
      'b.ts:1',
    ]);
    expect(frontier.withheld).toEqual({ count: 5, files: ['c.ts', 'd.ts'] });
    expect(frontier.roots.map((root) => root.selected)).toEqual([true, true]);
  });

  it('keeps the root order even when it is not path order', () => {
    const changedFirst = findRoots({ findings, graph, changedFiles: new Set(['b.ts']), classify: classifyAll });
    const frontier = selectFrontier({ findings, roots: changedFirst, width: 2 });
    expect(frontier.shown.map((finding) => `${finding.path}:${finding.line}`)).toEqual([
      'null:1',
      'b.ts:1',
      'a.ts:1',
      'a.ts:2',
    ]);
  });

  it('never shows an empty frontier when something fails, even at width 0', () => {
    expect(selectFrontier({ findings, roots, width: 0 }).shown).toHaveLength(3);
  });

  it('never comes back empty for the seed cycle, and shows the changed file of it first', () => {
    const cycle = makeModuleGraph([{ 'rates.ts': ['credits.ts'], 'credits.ts': ['rates.ts'] }]);
    const cycleFindings = makeFindings({ 'rates.ts': 1, 'credits.ts': 2 });
    const cycleRoots = findRoots({
      findings: cycleFindings,
      graph: cycle,
      changedFiles: new Set(['rates.ts']),
      classify: classifyAll,
    });
    const frontier = selectFrontier({ findings: cycleFindings, roots: cycleRoots, width: 1, maxUnitFiles: 2 });
    expect(frontier.shown.map((finding) => `${finding.path}:${finding.line}`)).toEqual([
      'rates.ts:1',
      'credits.ts:1',
      'credits.ts:2',
    ]);
    expect(frontier.withheld).toEqual({ count: 0, files: [] });
  });

  it('always selects non-editable roots without using width, and withholds their findings', () => {
    const mixedGraph = makeModuleGraph([
      { 'src/app.ts': ['src/generated/api.ts'], 'src/other.ts': [], 'src/third.ts': [] },
    ]);
    const mixedFindings = makeFindings({
      'src/generated/api.ts': 4,
      'src/app.ts': 2,
      'src/other.ts': 1,
      'src/third.ts': 1,
    });
    const mixedRoots = findRoots({
      findings: mixedFindings,
      graph: mixedGraph,
      changedFiles: new Set(),
      classify: classifyAll,
    });
    const frontier = selectFrontier({ findings: mixedFindings, roots: mixedRoots, width: 1 });
    expect(
      frontier.roots.map((root): [string[], boolean, boolean] => [root.files, root.editable, root.selected]),
    ).toEqual([
      [['src/generated/api.ts'], false, true],
      [['src/other.ts'], true, true],
      [['src/third.ts'], true, false],
    ]);
    expect(frontier.shown.map((finding) => finding.path)).toEqual(['src/other.ts']);
    expect(frontier.withheld).toEqual({ count: 7, files: ['src/app.ts', 'src/generated/api.ts', 'src/third.ts'] });
  });

  it('does not change the roots it is given', () => {
    const frozen = Object.freeze(roots.map((root) => Object.freeze({ ...root }))) as readonly RootUnit[];
    selectFrontier({ findings, roots: frozen, width: 1 });
    expect(frozen.every((root) => !root.selected)).toBe(true);
  });
});

/**
 * A cycle through a barrel that the import graph cannot order: types.ts changed; totals.ts reads
 * it directly, billing.ts and invoice.ts only through the barrel (they fail on what totals.ts
 * now infers), and so does format.ts.
 */
const barrelCycle = makeModuleGraph([
  {
    'src/index.ts': ['src/types.ts', 'src/totals.ts', 'src/billing.ts', 'src/invoice.ts', 'src/format.ts'],
    'src/totals.ts': ['src/index.ts', 'src/types.ts'],
    'src/billing.ts': ['src/index.ts'],
    'src/invoice.ts': ['src/index.ts'],
    'src/format.ts': ['src/index.ts'],
  },
]);

describe('cycles the import graph cannot order', () => {
  const findings = makeFindings({ 'src/billing.ts': 3, 'src/invoice.ts': 1, 'src/totals.ts': 1 });
  const changedFiles = new Set(['src/types.ts']);

  it('orders a unit by import distance from the change, then by findings, then path', () => {
    const withFormat = [...findings, ...makeFindings({ 'src/format.ts': 5 })];
    const roots = findRoots({ findings: withFormat, graph: barrelCycle, changedFiles, classify: classifyAll });
    expect(roots.map((root) => [root.files, root.order, root.distances])).toEqual([
      [
        ['src/billing.ts', 'src/format.ts', 'src/invoice.ts', 'src/totals.ts'],
        ['src/totals.ts', 'src/format.ts', 'src/billing.ts', 'src/invoice.ts'],
        [1, 2, 2, 2],
      ],
    ]);
    // Without the barrel's edge to types.ts, the rest of the cycle reaches the change only through totals.ts.
    const noBarrelEdge = makeModuleGraph([
      {
        ...Object.fromEntries(barrelCycle.imports),
        'src/index.ts': ['src/totals.ts', 'src/billing.ts', 'src/invoice.ts', 'src/format.ts'],
      },
    ]);
    const far = findRoots({ findings: withFormat, graph: noBarrelEdge, changedFiles, classify: classifyAll });
    expect(far.map((root) => [root.order, root.distances])).toEqual([
      [
        ['src/totals.ts', 'src/format.ts', 'src/billing.ts', 'src/invoice.ts'],
        [1, 3, 3, 3],
      ],
    ]);
    // With no changed file in reach (outside git, nothing to compare), findings alone order the unit.
    const unreached = findRoots({
      findings: withFormat,
      graph: barrelCycle,
      changedFiles: new Set(),
      classify: classifyAll,
    })[0];
    expect([unreached?.order, unreached?.distances]).toEqual([
      ['src/format.ts', 'src/billing.ts', 'src/invoice.ts', 'src/totals.ts'],
      [null, null, null, null],
    ]);
  });

  it('shows the nearest ring of a unit larger than maxUnitFiles and withholds the rest of it', () => {
    const roots = findRoots({ findings, graph: barrelCycle, changedFiles, classify: classifyAll });
    const frontier = selectFrontier({ findings, roots, width: 2, maxUnitFiles: 2 });
    expect(frontier.shown.map((finding) => `${finding.path}:${finding.line}`)).toEqual(['src/totals.ts:1']);
    expect(frontier.withheld).toEqual({ count: 4, files: ['src/billing.ts', 'src/invoice.ts'] });
    expect(frontier.roots.map((root) => [root.files, root.selected, root.ring])).toEqual([
      [['src/billing.ts', 'src/invoice.ts', 'src/totals.ts'], true, { distance: 1, files: ['src/totals.ts'] }],
    ]);
  });

  it('shows a unit no larger than maxUnitFiles whole, nearest file first, and widening does not open it', () => {
    const roots = findRoots({ findings, graph: barrelCycle, changedFiles, classify: classifyAll });
    const whole = selectFrontier({ findings, roots, width: 1, maxUnitFiles: 3 });
    expect(whole.shown.map((finding) => `${finding.path}:${finding.line}`)).toEqual([
      'src/totals.ts:1',
      'src/billing.ts:1',
      'src/billing.ts:2',
      'src/billing.ts:3',
      'src/invoice.ts:1',
    ]);
    expect(whole.roots[0]?.ring).toBeUndefined();
    expect(selectFrontier({ findings, roots, width: 6, maxUnitFiles: 2 }).roots[0]?.ring).toEqual({
      distance: 1,
      files: ['src/totals.ts'],
    });
  });

  it('takes the changed file alone when it fails itself', () => {
    const withChanged = [...findings, ...makeFindings({ 'src/index.ts': 1 })];
    const roots = findRoots({
      findings: withChanged,
      graph: barrelCycle,
      changedFiles: new Set(['src/index.ts']),
      classify: classifyAll,
    });
    const frontier = selectFrontier({ findings: withChanged, roots, width: 2, maxUnitFiles: 2 });
    expect(frontier.roots[0]?.ring).toEqual({ distance: 0, files: ['src/index.ts'] });
    expect(frontier.shown.map((finding) => finding.path)).toEqual(['src/index.ts']);
  });

  it('caps one ring at maxRingFiles files, most findings first', () => {
    const commands = Array.from(
      { length: maxRingFiles + 10 },
      (_, index) => `src/commands/c${String(index).padStart(2, '0')}.ts`,
    );
    const graph = makeModuleGraph([
      {
        'src/index.ts': ['src/types.ts', ...commands],
        ...Object.fromEntries(commands.map((file) => [file, ['src/index.ts', 'src/types.ts']])),
      },
    ]);
    const many = [
      ...makeFindings(Object.fromEntries(commands.map((file) => [file, 1]))),
      ...makeFindings({ [commands.at(-1)!]: 1 }).map((f) => ({ ...f, line: 2 })),
    ];
    const roots = findRoots({ findings: many, graph, changedFiles, classify: classifyAll });
    const ring = selectFrontier({ findings: many, roots, width: 2, maxUnitFiles: 2 }).roots[0]?.ring;
    expect(ring?.files).toHaveLength(maxRingFiles);
    expect(ring?.files.slice(0, 2)).toEqual([commands.at(-1), commands[0]]);
  });
});
