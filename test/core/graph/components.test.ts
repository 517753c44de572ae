import { describe, expect, it } from 'vitest';
import { findComponentIndex, findComponents } from '../../../src/core/graph/components.js';
import { indexModuleGraph } from '../../../src/core/graph/indexed-graph.js';
import { makeModuleGraph } from '../../../src/core/graph/module-graph.js';
import type { ModuleGraph } from '../../../src/core/graph/module-graph.js';
import { findReachesMarked } from '../../../src/core/graph/reachability.js';

/** Every import between different components points at an earlier component. */
function expectDependenciesFirst(graph: ModuleGraph, componentOf: ReadonlyMap<string, number>): void {
  for (const [from, targets] of graph.imports) {
    for (const target of targets) {
      const a = componentOf.get(from)!;
      const b = componentOf.get(target)!;
      if (a !== b) expect(b).toBeLessThan(a);
    }
  }
}

describe('makeModuleGraph', () => {
  it('merges records, removes repeated edges and lists import targets as nodes', () => {
    const graph = makeModuleGraph([
      { 'src/b.ts': ['src/c.ts', 'src/a.ts'] },
      { 'src/b.ts': ['src/a.ts'], 'src/a.ts': [] },
    ]);
    expect([...graph.imports]).toEqual([
      ['src/a.ts', []],
      ['src/b.ts', ['src/a.ts', 'src/c.ts']],
      ['src/c.ts', []],
    ]);
  });

  it('does not change its input', () => {
    const record = Object.freeze({ 'a.ts': Object.freeze(['b.ts']) as string[] });
    expect(() => makeModuleGraph([record])).not.toThrow();
    expect(record).toEqual({ 'a.ts': ['b.ts'] });
  });
});

describe('findComponents', () => {
  it('condenses a cycle and lists dependencies first', () => {
    const graph = makeModuleGraph([
      { 'rates.ts': ['credits.ts', 'types.ts'], 'credits.ts': ['rates.ts', 'types.ts'], 'app.ts': ['rates.ts'] },
    ]);
    const { components, componentOf } = findComponents(graph);
    expect(components).toEqual([['types.ts'], ['credits.ts', 'rates.ts'], ['app.ts']]);
    expect([...componentOf].sort()).toEqual([
      ['app.ts', 2],
      ['credits.ts', 1],
      ['rates.ts', 1],
      ['types.ts', 0],
    ]);
    expectDependenciesFirst(graph, componentOf);
  });

  it('makes extra nodes that the graph does not know singleton components', () => {
    const graph = makeModuleGraph([{ 'a.ts': ['b.ts'] }]);
    const { components, componentOf } = findComponents(graph, ['z.ts', 'a.ts']);
    expect(components).toEqual([['b.ts'], ['a.ts'], ['z.ts']]);
    expect(componentOf.get('z.ts')).toBe(2);
  });

  it('handles self-imports and nested cycles', () => {
    const graph = makeModuleGraph([{ a: ['a', 'b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: ['d'], f: ['e', 'a'] }]);
    const { components, componentOf } = findComponents(graph);
    expect(components).toEqual([['d', 'e'], ['a', 'b', 'c'], ['f']]);
    expectDependenciesFirst(graph, componentOf);
  });

  it('walks a 20,000-file import chain without recursion', () => {
    const size = 20_000;
    const record: Record<string, string[]> = {};
    for (let i = 0; i < size - 1; i++) record[`f${i}`] = [`f${i + 1}`];
    const graph = makeModuleGraph([record]);
    const { components, componentOf } = findComponents(graph);
    expect(components).toHaveLength(size);
    expect(components.every((component) => component.length === 1)).toBe(true);
    expect(componentOf.get(`f${size - 1}`)).toBe(0);
    expect(componentOf.get('f0')).toBe(size - 1);
    expectDependenciesFirst(graph, componentOf);
  });

  it('condenses a 20,000-file cycle into one component', () => {
    const size = 20_000;
    const record: Record<string, string[]> = {};
    for (let i = 0; i < size; i++) record[`f${i}`] = [`f${(i + 1) % size}`];
    record['outside'] = ['f0'];
    const { components, componentOf } = findComponents(makeModuleGraph([record]));
    expect(components.map((component) => component.length)).toEqual([size, 1]);
    expect(componentOf.get('f12345')).toBe(0);
    expect(componentOf.get('outside')).toBe(1);
  });
});

describe('findReachesMarked', () => {
  /** The graph's components by number, and a marking of the given components. */
  function indexComponents(graph: ModuleGraph) {
    const indexed = indexModuleGraph(graph);
    const components = findComponentIndex(indexed);
    const of = (file: string): number => components.componentOf[indexed.numberOf.get(file)!]!;
    const mark = (...marked: number[]): Uint8Array => {
      const marks = new Uint8Array(components.count);
      for (const component of marked) marks[component] = 1;
      return marks;
    };
    return { indexed, components, of, mark };
  }

  it('sees a marked component through files that are not marked (a barrel)', () => {
    // app → index (barrel) → impl; a failing impl is reachable from a failing app.
    const graph = makeModuleGraph([{ 'app.ts': ['index.ts'], 'index.ts': ['impl.ts', 'util.ts'] }]);
    const { indexed, components, of, mark } = indexComponents(graph);
    const reaches = findReachesMarked(indexed, components, mark(of('app.ts'), of('impl.ts')));
    expect(reaches[of('app.ts')]).toBe(1);
    expect(reaches[of('index.ts')]).toBe(1);
    expect(reaches[of('impl.ts')]).toBe(0);
    expect(reaches[of('util.ts')]).toBe(0);
  });

  it('does not count a component as reaching itself', () => {
    const graph = makeModuleGraph([{ 'a.ts': ['b.ts'], 'b.ts': ['a.ts'] }]);
    const { indexed, components, mark } = indexComponents(graph);
    expect([...findReachesMarked(indexed, components, mark(0))]).toEqual([0]);
  });

  it('stays linear on a 20,000-file chain', () => {
    const size = 20_000;
    const record: Record<string, string[]> = {};
    for (let i = 0; i < size - 1; i++) record[`f${i}`] = [`f${i + 1}`];
    const { indexed, components, of, mark } = indexComponents(makeModuleGraph([record]));
    const reaches = findReachesMarked(indexed, components, mark(of(`f${size - 1}`)));
    expect(reaches.filter((reached) => reached === 1)).toHaveLength(size - 1);
  });
});
