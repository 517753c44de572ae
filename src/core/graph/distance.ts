/**
 * Import distance: how many imports separate a file from the nearest changed file it depends on.
 * A change reaches a file only through the file's own imports (a file breaks because something
 * it reads changed), so the search walks from the changed files to their importers and never the
 * other way. Inside an import cycle, where every file reaches every other, this distance is what
 * still orders the files: the ones reading the change directly break first.
 */
import type { IndexedGraph } from './indexed-graph.js';
import { indexModuleGraph } from './indexed-graph.js';
import type { ModuleGraph } from './module-graph.js';

/**
 * Breadth-first from `sources` (distance 0) along importer edges, over the whole graph: a path
 * that leaves an import cycle never re-enters it, so for the files of one cycle this is the
 * cycle's own graph plus its ways out. Sources the graph does not have and files that reach no
 * source are absent from the result. Linear in files plus imports.
 */
export function findImportDistances(graph: ModuleGraph, sources: Iterable<string>): Map<string, number> {
  const indexed = indexModuleGraph(graph);
  const { distances, reached } = findDistanceIndex(indexed, findSourceNumbers(graph, indexed, sources));
  const result = new Map<string, number>();
  for (const file of reached) result.set(indexed.files[file]!, distances[file]!);
  return result;
}

/** The numbers of the sources that are files of the graph (its keys, not extra nodes). */
export function findSourceNumbers(graph: ModuleGraph, indexed: IndexedGraph, sources: Iterable<string>): number[] {
  const numbers: number[] = [];
  for (const source of sources) if (graph.imports.has(source)) numbers.push(indexed.numberOf.get(source)!);
  return numbers;
}

export interface DistanceIndex {
  /** Each file's distance, by file number; -1 when it reaches no source. */
  distances: Int32Array;
  /** The files reached, in the order the search reached them. */
  reached: Int32Array;
}

/** findImportDistances over an indexed graph, from source numbers. */
export function findDistanceIndex(
  { files, importStarts, imports }: IndexedGraph,
  sources: Iterable<number>,
): DistanceIndex {
  const count = files.length;
  // Importer edges: the import edges turned around, each file's importers in file order.
  const importerStarts = new Int32Array(count + 1);
  for (const target of imports) importerStarts[target + 1]! += 1;
  for (let file = 0; file < count; file += 1) importerStarts[file + 1]! += importerStarts[file]!;
  const importers = new Int32Array(imports.length);
  const next = importerStarts.slice(0, count);
  for (let from = 0; from < count; from += 1) {
    for (let edge = importStarts[from]!; edge < importStarts[from + 1]!; edge += 1)
      importers[next[imports[edge]!]!++] = from;
  }

  const distances = new Int32Array(count).fill(-1);
  const queue = new Int32Array(count);
  let tail = 0;
  for (const source of sources) {
    if (distances[source] !== -1) continue;
    distances[source] = 0;
    queue[tail++] = source;
  }
  for (let head = 0; head < tail; head += 1) {
    const file = queue[head]!;
    const distance = distances[file]! + 1;
    for (let edge = importerStarts[file]!; edge < importerStarts[file + 1]!; edge += 1) {
      const importer = importers[edge]!;
      if (distances[importer] !== -1) continue;
      distances[importer] = distance;
      queue[tail++] = importer;
    }
  }
  return { distances, reached: queue.subarray(0, tail) };
}
