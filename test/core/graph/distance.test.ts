import { describe, expect, it } from 'vitest';
import { findImportDistances } from '../../../src/core/graph/distance.js';
import { makeModuleGraph } from '../../../src/core/graph/module-graph.js';

describe('findImportDistances', () => {
  it('counts imports from each file to the nearest changed file it depends on, never the other way', () => {
    const graph = makeModuleGraph([
      {
        'src/index.ts': ['src/types.ts', 'src/a.ts', 'src/b.ts'],
        'src/a.ts': ['src/index.ts', 'src/types.ts'],
        'src/b.ts': ['src/index.ts'],
        'src/app.ts': ['src/b.ts'],
        'src/types.ts': ['src/util.ts'],
        'src/util.ts': [],
      },
    ]);
    expect(Object.fromEntries(findImportDistances(graph, ['src/types.ts', 'src/missing.ts']))).toEqual({
      'src/types.ts': 0,
      'src/index.ts': 1,
      'src/a.ts': 1,
      'src/b.ts': 2,
      'src/app.ts': 3,
    });
    expect(findImportDistances(graph, []).size).toBe(0);
  });

  it('walks a 20,000-file import chain without recursion', () => {
    const records = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, index) => [`f${index + 1}.ts`, [`f${index}.ts`]]),
    );
    expect(findImportDistances(makeModuleGraph([records]), ['f0.ts']).get('f20000.ts')).toBe(20_000);
  });
});
