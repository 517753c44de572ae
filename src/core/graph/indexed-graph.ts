/**
 * The module graph with its files numbered in path order and its imports as arrays of those
 * numbers. Triage walks every file of the graph three times (components, reachability,
 * distances); numbering the files once lets each walk index typed arrays instead of looking
 * paths up in maps.
 */
import { compareStrings } from '../diagnostic.js';
import type { ModuleGraph } from './module-graph.js';

export interface IndexedGraph {
  /** Every file: the graph's keys and import targets, plus the extra nodes; sorted, so a file's number is its rank. */
  files: string[];
  numberOf: ReadonlyMap<string, number>;
  /** The imports of file f, in the graph's order: `imports[importStarts[f]]` up to `imports[importStarts[f + 1]]`. */
  importStarts: Int32Array;
  imports: Int32Array;
}

/** Numbers the graph's files plus `extra` (files with findings the graph may not know); linear in files plus imports. */
export function indexModuleGraph(graph: ModuleGraph, extra: Iterable<string> = []): IndexedGraph {
  const names = new Set(graph.imports.keys());
  for (const name of extra) names.add(name);
  // makeModuleGraph makes every import target a key too, so the keys are usually every file.
  return numberFiles(graph, names) ?? numberFiles(graph, addImportTargets(graph, names))!;
}

function addImportTargets(graph: ModuleGraph, names: Set<string>): Set<string> {
  for (const targets of graph.imports.values()) for (const target of targets) names.add(target);
  return names;
}

/** The indexed graph over `names`; undefined when some import target is not among them. */
function numberFiles(graph: ModuleGraph, names: ReadonlySet<string>): IndexedGraph | undefined {
  const files = [...names].sort(compareStrings);
  const numberOf = new Map<string, number>();
  files.forEach((file, number) => numberOf.set(file, number));

  const importsOf = files.map((file) => graph.imports.get(file) ?? []);
  const importStarts = new Int32Array(files.length + 1);
  for (let file = 0; file < files.length; file += 1)
    importStarts[file + 1] = importStarts[file]! + importsOf[file]!.length;
  const imports = new Int32Array(importStarts[files.length]!);
  for (let file = 0; file < files.length; file += 1) {
    const targets = importsOf[file]!;
    // Indexed loops: these run over every import, and an iterator may allocate a result per step.
    for (let at = 0; at < targets.length; at += 1) {
      const number = numberOf.get(targets[at]!);
      if (number === undefined) return undefined;
      imports[importStarts[file]! + at] = number;
    }
  }
  return { files, numberOf, importStarts, imports };
}
