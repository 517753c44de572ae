/**
 * Strongly connected components: groups of files that all reach each other through imports.
 * An import cycle is one unit of work (fixing either file means editing both), so triage
 * condenses each component into one node before asking what is upstream of what.
 */
import { compareStrings } from '../diagnostic.js';
import type { ModuleGraph } from './module-graph.js';

export interface Components {
  /**
   * Each component's files, sorted. Dependencies first: a component comes after every component
   * it imports, so walking the list front to back visits what a file imports before the file.
   */
  components: string[][];
  /** File → index of its component in `components`. */
  componentOf: Map<string, number>;
}

/**
 * Tarjan's algorithm, iterative so that a 20k-file import chain cannot overflow the call stack;
 * linear in files plus imports. Covers every file in the graph (keys and import targets) plus
 * `nodes`, which lets files with findings that no check put in the graph be singleton components.
 * Nodes are visited in sorted order, so the result is the same for the same graph.
 */
export function findComponents(graph: ModuleGraph, nodes: Iterable<string> = []): Components {
  const names = listNodes(graph, nodes);
  const idOf = new Map<string, number>();
  names.forEach((name, id) => idOf.set(name, id));
  const successors = names.map((name) => (graph.imports.get(name) ?? []).map((target) => idOf.get(target) ?? -1));

  const count = names.length;
  const order = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const component = new Int32Array(count).fill(-1);
  const stack: number[] = [];
  // The explicit call stack: the node being visited and how many of its edges it has followed.
  const frames: number[] = [];
  const nextEdge: number[] = [];
  const components: string[][] = [];
  let visited = 0;

  const enter = (node: number): void => {
    order[node] = low[node] = visited++;
    stack.push(node);
    onStack[node] = 1;
    frames.push(node);
    nextEdge.push(0);
  };

  for (let start = 0; start < count; start++) {
    if (order[start] !== -1) continue;
    enter(start);
    while (frames.length > 0) {
      const top = frames.length - 1;
      const node = frames[top]!;
      const edges = successors[node]!;
      const edge = nextEdge[top]!;
      if (edge < edges.length) {
        nextEdge[top] = edge + 1;
        const target = edges[edge]!;
        if (order[target] === -1) enter(target);
        else if (onStack[target] === 1) low[node] = Math.min(low[node]!, order[target]!);
        continue;
      }
      frames.pop();
      nextEdge.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]!;
        low[parent] = Math.min(low[parent]!, low[node]!);
      }
      if (low[node] !== order[node]) continue;
      const members: string[] = [];
      let member: number;
      do {
        member = stack.pop()!;
        onStack[member] = 0;
        component[member] = components.length;
        members.push(names[member]!);
      } while (member !== node);
      components.push(members.sort(compareStrings));
    }
  }

  const componentOf = new Map<string, number>();
  names.forEach((name, id) => componentOf.set(name, component[id]!));
  return { components, componentOf };
}

function listNodes(graph: ModuleGraph, extra: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const [from, targets] of graph.imports) {
    names.add(from);
    for (const target of targets) names.add(target);
  }
  for (const name of extra) names.add(name);
  return [...names].sort(compareStrings);
}
