/**
 * Plain-data findings and check runs for the pure core's tests: a type error about a renamed
 * field, which is what most cascades in the seeds look like.
 */
import type { CheckRun } from '../../src/checks/check.js';
import type { Diagnostic, Finding } from '../../src/core/diagnostic.js';

export interface FindingDefaults {
  column?: number;
  anchor?: string;
}

export function makeFinding(
  path: string | null,
  line: number,
  fields: Partial<Diagnostic> = {},
  defaults: FindingDefaults = {},
): Finding {
  return {
    tool: 'tsc',
    code: 'TS2339',
    severity: 'error',
    phase: 'semantic',
    path,
    line,
    column: defaults.column ?? 1,
    message: "Property 'price' does not exist on type 'RateCard'.",
    ...fields,
    anchor: defaults.anchor ?? '',
    fingerprint: `${path}:${line}:${fields.code ?? 'TS2339'}#1`,
  };
}

/** `{ 'a.ts': 3 }` → three findings on lines 1..3 of a.ts. */
export function makeFindings(counts: Record<string, number>, defaults: FindingDefaults = {}): Finding[] {
  return Object.entries(counts).flatMap(([path, count]) =>
    Array.from({ length: count }, (_, index) => makeFinding(path, index + 1, {}, defaults)),
  );
}

export function makeCheck(name: string, fields: Partial<CheckRun> = {}): CheckRun {
  return { name, status: 'ok', durationMs: 900, version: '1.0.0', diagnostics: [], ...fields };
}
