/**
 * A baseline's results of one tsc check, by file, for a seeded run (warm-session.ts): a file the
 * edit cannot reach has the same text and sees the same types as on the base tree, so its
 * findings, its declaration table and the derived values in it are the baseline's, taken as
 * they are instead of checked again.
 */
import type { DeclarationRow } from '../../core/declaration-table.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { DerivedSpans } from '../check.js';
import type { SeedRun } from '../check-definition.js';

export interface SeededResults {
  /** The file's own findings on the base tree (the program's global ones and its suppressions are read afresh). */
  findings(path: string): Diagnostic[];
  /** Its declaration table there, when the baseline has one. */
  rows(path: string): DeclarationRow[] | undefined;
  /** `derived` with the baseline's derived spans of the `reused` files added, their origins numbered anew. */
  addDerived(derived: DerivedSpans | undefined, reused: ReadonlySet<string>): DerivedSpans | undefined;
}

export function makeSeededResults(base: SeedRun): SeededResults {
  const byPath = new Map<string, Diagnostic[]>();
  for (const diagnostic of base.diagnostics) {
    // Suppressions are read afresh from every file (the collector), reused or not.
    if (diagnostic.path === null || diagnostic.phase === 'config' || diagnostic.kind === 'suppression') continue;
    const list = byPath.get(diagnostic.path);
    if (list === undefined) byPath.set(diagnostic.path, [diagnostic]);
    else list.push(diagnostic);
  }
  return {
    findings: (path) => byPath.get(path) ?? [],
    rows: (path) => base.declarations?.[path],
    addDerived(derived, reused) {
      const from = base.derived;
      if (from === undefined) return derived;
      const into: DerivedSpans = derived ?? { origins: [], spans: {} };
      // An origin the run found again keeps its number: triage groups a cause's echoes by it.
      const numbers = new Map(into.origins.map((origin, index) => [JSON.stringify(origin), index]));
      const renumbered = new Map<number, number>();
      for (const [path, quintuples] of Object.entries(from.spans)) {
        if (!reused.has(path)) continue;
        const spans: number[] = [];
        for (let index = 0; index + 4 < quintuples.length; index += 5) {
          const origin = quintuples[index + 4]!;
          let number = renumbered.get(origin);
          if (number === undefined) {
            const span = from.origins[origin]!;
            number = numbers.get(JSON.stringify(span)) ?? into.origins.push(span) - 1;
            numbers.set(JSON.stringify(span), number);
            renumbered.set(origin, number);
          }
          spans.push(...quintuples.slice(index, index + 4), number);
        }
        into.spans[path] = spans;
      }
      return into.origins.length === 0 ? derived : into;
    },
  };
}
