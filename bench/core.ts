/**
 * culprit's own work without any tool: attribution and triage over synthetic findings on a
 * synthetic module graph, timed at two sizes so growth can be read off. The findings reach the
 * core as they do in a check, deserialised from JSON (the base from the snapshot file, with the
 * hashes the store keeps; the current ones from the workers' IPC messages), not as the
 * template-literal strings that built them.
 */
import type { AnchoredDiagnostic } from '../src/core/diagnostic.js';
import { attribute } from '../src/core/attribute.js';
import { hashOwnFingerprints } from '../src/core/identity/fingerprint.js';
import { makeModuleGraph } from '../src/core/graph/module-graph.js';
import { makeReport } from '../src/core/report/report.js';
import { makeEditabilityClassifier } from '../src/core/triage/non-editable.js';

export interface CoreTiming {
  findings: number;
  files: number;
  attributeMs: number;
  reportMs: number;
  totalMs: number;
}

/** Deterministic pseudo-random numbers, so every run measures the same input. */
export function makeRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function makeSyntheticGraph(files: number): Record<string, string[]> {
  const random = makeRandom(7);
  const imports: Record<string, string[]> = {};
  for (let i = 0; i < files; i += 1) {
    const targets = new Set<string>();
    // Mostly imports of lower-numbered files (a DAG), with a few back edges making cycles.
    for (let k = 0; k < 4 && i > 0; k += 1) targets.add(`src/f${Math.floor(random() * i)}.ts`);
    if (random() < 0.02 && i + 1 < files) targets.add(`src/f${i + 1}.ts`);
    imports[`src/f${i}.ts`] = [...targets];
  }
  return imports;
}

function makeFindings(count: number, files: number, seed: number): AnchoredDiagnostic[] {
  const random = makeRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const file = Math.floor(random() * files);
    const line = 1 + Math.floor(random() * 400);
    return {
      tool: index % 3 === 0 ? 'tsc' : 'eslint',
      code: index % 3 === 0 ? 'TS2339' : `rule-${index % 17}`,
      severity: index % 5 === 0 ? 'warning' : 'error',
      phase: index % 3 === 0 ? 'semantic' : 'lint',
      path: `src/f${file}.ts`,
      line,
      column: 1 + (index % 40),
      message: `Finding ${index % 97} about value${index % 211} at line ${line}`,
      anchor: `const value${index % 211} = compute(${index % 13});`,
    };
  });
}

export function timeCore(findings: number, files: number): CoreTiming {
  const graph = makeModuleGraph([makeSyntheticGraph(files)]);
  const before = makeFindings(findings, files, 1);
  // The after tree: every standing finding moved down three lines, plus 2% new ones.
  const after = [
    ...before.map((finding) => ({
      ...finding,
      line: finding.line + 3,
      message: finding.message.replace(/\d+$/, (n) => String(Number(n) + 3)),
    })),
    ...makeFindings(Math.round(findings * 0.02), files, 2).map((finding) => ({
      ...finding,
      anchor: `${finding.anchor} // new`,
    })),
  ];
  const base = deserialize(before);
  const current = deserialize(after);
  // A cached baseline is read from the snapshot store, which keeps each finding's hash.
  const beforeHashes = deserialize(hashOwnFingerprints(before));
  const started = performance.now();
  const attribution = attribute(base, current, { beforeHashes });
  const attributed = performance.now();
  makeReport({
    attribution,
    graph,
    changedFiles: new Set(['src/f1.ts']),
    classify: makeEditabilityClassifier({ rules: [], readHead: () => undefined }),
    checks: [{ name: 'tsc', status: 'ok', durationMs: 0, version: null, diagnostics: [] }],
    baseWidth: 2,
  });
  const reported = performance.now();
  return {
    findings: current.length,
    files,
    attributeMs: attributed - started,
    reportMs: reported - attributed,
    totalMs: reported - started,
  };
}

function deserialize<T>(values: readonly T[]): T[] {
  return JSON.parse(JSON.stringify(values)) as T[];
}
