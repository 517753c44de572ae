/**
 * The module graph: an edge from every file to each file it imports. Checks report edges in
 * pieces (one record per tool, per project); this merges them into one read-only graph.
 */
import type { ImportRecord } from '../check-run.js';
import { compareStrings } from '../diagnostic.js';

export interface ModuleGraph {
  /**
   * File → the files it imports, sorted and without repeats. Every file that appears anywhere,
   * also only as an import target, is a key, so walking the graph never meets an unknown node.
   */
  imports: ReadonlyMap<string, readonly string[]>;
}

/** Merges import records into one graph, de-duplicating edges; keys and lists come out sorted. */
export function makeModuleGraph(records: readonly ImportRecord[]): ModuleGraph {
  const edges = new Map<string, Set<string>>();
  const targetsOf = (file: string): Set<string> => {
    let targets = edges.get(file);
    if (targets === undefined) {
      targets = new Set();
      edges.set(file, targets);
    }
    return targets;
  };
  for (const record of records) {
    for (const [from, targets] of Object.entries(record)) {
      const merged = targetsOf(from);
      for (const target of targets) {
        merged.add(target);
        targetsOf(target);
      }
    }
  }
  const imports = new Map<string, readonly string[]>();
  for (const file of [...edges.keys()].sort(compareStrings)) {
    imports.set(file, [...(edges.get(file) ?? [])].sort(compareStrings));
  }
  return { imports };
}
