/**
 * Strongly connected components: groups of files that all reach each other through imports.
 * An import cycle is one unit of work (fixing either file means editing both), so triage
 * condenses each component into one node before asking what is upstream of what.
 */
import type { IndexedGraph } from './indexed-graph.js';
import { indexModuleGraph } from './indexed-graph.js';
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

/** The components of an indexed graph, by number: the same components in the same order as Components. */
export interface ComponentIndex {
  count: number;
  /** Each file's component, by file number. */
  componentOf: Int32Array;
  /** The files of component c, ascending (so in path order): `members[memberStarts[c]]` up to `members[memberStarts[c + 1]]`. */
  memberStarts: Int32Array;
  members: Int32Array;
}

/**
 * Tarjan's algorithm, iterative so that a 20k-file import chain cannot overflow the call stack;
 * linear in files plus imports. Covers every file in the graph (keys and import targets) plus
 * `nodes`, which lets files with findings that no check put in the graph be singleton components.
 * Nodes are visited in sorted order, so the result is the same for the same graph.
 */
export function findComponents(graph: ModuleGraph, nodes: Iterable<string> = []): Components {
  const indexed = indexModuleGraph(graph, nodes);
  const index = findComponentIndex(indexed);
  const components = Array.from({ length: index.count }, (_, component) =>
    listComponentFiles(indexed, index, component),
  );
  const componentOf = new Map<string, number>();
  indexed.files.forEach((file, number) => componentOf.set(file, index.componentOf[number]!));
  return { components, componentOf };
}

/** The files of one component, sorted. */
export function listComponentFiles(
  { files }: IndexedGraph,
  { memberStarts, members }: ComponentIndex,
  component: number,
): string[] {
  return Array.from(members.subarray(memberStarts[component], memberStarts[component + 1]), (file) => files[file]!);
}

/** findComponents over an indexed graph: files are numbered in sorted order, so visiting them by number is visiting them sorted. */
export function findComponentIndex({ files, importStarts, imports }: IndexedGraph): ComponentIndex {
  const count = files.length;
  const order = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const componentOf = new Int32Array(count).fill(-1);
  const stack = new Int32Array(count);
  let stackSize = 0;
  // The explicit call stack: the node being visited and the next of its edges to follow.
  const frames = new Int32Array(count);
  const nextEdge = new Int32Array(count);
  let depth = 0;
  const members = new Int32Array(count);
  const memberStarts = [0];
  let visited = 0;

  const enter = (node: number): void => {
    order[node] = low[node] = visited++;
    stack[stackSize++] = node;
    onStack[node] = 1;
    frames[depth] = node;
    nextEdge[depth] = importStarts[node]!;
    depth += 1;
  };

  for (let start = 0; start < count; start++) {
    if (order[start] !== -1) continue;
    enter(start);
    while (depth > 0) {
      const top = depth - 1;
      const node = frames[top]!;
      const edge = nextEdge[top]!;
      if (edge < importStarts[node + 1]!) {
        nextEdge[top] = edge + 1;
        const target = imports[edge]!;
        if (order[target] === -1) enter(target);
        else if (onStack[target] === 1) low[node] = Math.min(low[node]!, order[target]!);
        continue;
      }
      depth -= 1;
      if (depth > 0) {
        const parent = frames[depth - 1]!;
        low[parent] = Math.min(low[parent]!, low[node]!);
      }
      if (low[node] !== order[node]) continue;
      const component = memberStarts.length - 1;
      const first = memberStarts[component]!;
      let placed = first;
      let member: number;
      do {
        member = stack[--stackSize]!;
        onStack[member] = 0;
        componentOf[member] = component;
        members[placed++] = member;
      } while (member !== node);
      if (placed - first > 1) members.subarray(first, placed).sort();
      memberStarts.push(placed);
    }
  }
  return { count: memberStarts.length - 1, componentOf, memberStarts: Int32Array.from(memberStarts), members };
}
