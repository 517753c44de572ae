/**
 * Reachability over the condensed graph: which components can reach a marked one through their
 * imports. One pass, dependencies first, so it is linear in files plus imports however deep the
 * graph is.
 */
import type { ComponentIndex } from './components.js';
import type { IndexedGraph } from './indexed-graph.js';

/**
 * For each component (by index), 1 when some OTHER marked component (`marked[c] === 1`) is
 * reachable from it through one or more imports, else 0. Relies on components being listed
 * dependencies first (as findComponentIndex does): a component's answer is final before any
 * importer asks for it.
 */
export function findReachesMarked(
  { importStarts, imports }: IndexedGraph,
  components: ComponentIndex,
  marked: Uint8Array,
): Uint8Array {
  const { componentOf, memberStarts, members } = components;
  const reaches = new Uint8Array(components.count);
  for (let component = 0; component < components.count; component += 1) {
    search: for (let member = memberStarts[component]!; member < memberStarts[component + 1]!; member += 1) {
      const file = members[member]!;
      for (let edge = importStarts[file]!; edge < importStarts[file + 1]!; edge += 1) {
        const other = componentOf[imports[edge]!]!;
        if (other !== component && (marked[other] === 1 || reaches[other] === 1)) {
          reaches[component] = 1;
          break search;
        }
      }
    }
  }
  return reaches;
}
