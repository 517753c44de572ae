/**
 * Import distance: how many imports separate a file from the nearest changed file it depends on.
 * A change reaches a file only through the file's own imports (a file breaks because something
 * it reads changed), so the search walks from the changed files to their importers and never the
 * other way. Inside an import cycle, where every file reaches every other, this distance is what
 * still orders the files: the ones reading the change directly break first.
 */
import type { ModuleGraph } from './module-graph.js';

/**
 * Breadth-first from `sources` (distance 0) along importer edges, over the whole graph: a path
 * that leaves an import cycle never re-enters it, so for the files of one cycle this is the
 * cycle's own graph plus its ways out. Files that reach no source are absent from the result.
 * Linear in files plus imports.
 */
export function findImportDistances(graph: ModuleGraph, sources: Iterable<string>): Map<string, number> {
  const importersOf = new Map<string, string[]>();
  for (const [from, targets] of graph.imports) {
    for (const target of targets) {
      const importers = importersOf.get(target);
      if (importers === undefined) importersOf.set(target, [from]);
      else importers.push(from);
    }
  }
  const distances = new Map<string, number>();
  let ring: string[] = [];
  for (const source of sources) {
    if (graph.imports.has(source) && !distances.has(source)) {
      distances.set(source, 0);
      ring.push(source);
    }
  }
  for (let distance = 1; ring.length > 0; distance++) {
    const next: string[] = [];
    for (const file of ring) {
      for (const importer of importersOf.get(file) ?? []) {
        if (distances.has(importer)) continue;
        distances.set(importer, distance);
        next.push(importer);
      }
    }
    ring = next;
  }
  return distances;
}
