/**
 * Reachability over the condensed graph: which components can reach a marked one through their
 * imports. One pass, dependencies first, so it is linear in files plus imports however deep the
 * graph is.
 */
import type { Components } from './components.js';
import type { ModuleGraph } from './module-graph.js';

/**
 * For each component (by index), whether some OTHER marked component is reachable from it
 * through one or more imports. Relies on `components` listing dependencies first (as
 * findComponents does): a component's answer is final before any importer asks for it.
 */
export function findReachesMarked(graph: ModuleGraph, { components, componentOf }: Components, marked: ReadonlySet<number>): boolean[] {
  const reaches = new Array<boolean>(components.length).fill(false);
  components.forEach((members, index) => {
    reaches[index] = members.some((file) =>
      (graph.imports.get(file) ?? []).some((target) => {
        const other = componentOf.get(target);
        return other !== undefined && other !== index && (marked.has(other) || reaches[other] === true);
      }),
    );
  });
  return reaches;
}
