import { describe, expect, it } from 'vitest';
import { findComponents } from '../../src/graph/components.js';
import { makeModuleGraph } from '../../src/graph/module-graph.js';
import type { ModuleGraph } from '../../src/graph/module-graph.js';
import { findReachesMarked } from '../../src/graph/reachability.js';

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
  it('sees a marked component through files that are not marked (a barrel)', () => {
    // app → index (barrel) → impl; a failing impl is reachable from a failing app.
    const graph = makeModuleGraph([{ 'app.ts': ['index.ts'], 'index.ts': ['impl.ts', 'util.ts'] }]);
    const components = findComponents(graph);
    const of = (file: string): number => components.componentOf.get(file)!;
    const reaches = findReachesMarked(graph, components, new Set([of('app.ts'), of('impl.ts')]));
    expect(reaches[of('app.ts')]).toBe(true);
    expect(reaches[of('index.ts')]).toBe(true);
    expect(reaches[of('impl.ts')]).toBe(false);
    expect(reaches[of('util.ts')]).toBe(false);
  });

  it('does not count a component as reaching itself', () => {
    const graph = makeModuleGraph([{ 'a.ts': ['b.ts'], 'b.ts': ['a.ts'] }]);
    const components = findComponents(graph);
    expect(findReachesMarked(graph, components, new Set([0]))).toEqual([false]);
  });

  it('stays linear on a 20,000-file chain', () => {
    const size = 20_000;
    const record: Record<string, string[]> = {};
    for (let i = 0; i < size - 1; i++) record[`f${i}`] = [`f${i + 1}`];
    const graph = makeModuleGraph([record]);
    const components = findComponents(graph);
    const reaches = findReachesMarked(graph, components, new Set([components.componentOf.get(`f${size - 1}`)!]));
    expect(reaches.filter(Boolean)).toHaveLength(size - 1);
  });
});
