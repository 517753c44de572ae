/**
 * Identical diagnostics collapse to one, as `tsc` does before printing: a tsconfig error is
 * reported by every program that reads that tsconfig, and a shared file by every program that
 * includes it. The result is sorted by position so a tree always yields the same list.
 */
import { compareByPosition, type Diagnostic } from '../../core/diagnostic.js';

export function dedupeDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const unique = new Map<string, Diagnostic>();
  for (const diagnostic of diagnostics) {
    const key = JSON.stringify([
      diagnostic.path,
      diagnostic.line,
      diagnostic.column,
      diagnostic.endLine,
      diagnostic.endColumn,
      diagnostic.code,
      diagnostic.severity,
      diagnostic.phase,
      diagnostic.message,
    ]);
    if (!unique.has(key)) unique.set(key, diagnostic);
  }
  return [...unique.values()].sort(compareByPosition);
}
