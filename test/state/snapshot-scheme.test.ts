/** Stored fingerprint hashes are used only when they were made with today's normalisation. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { AnchoredDiagnostic } from '../../src/core/diagnostic.js';
import { hashOwnFingerprints } from '../../src/core/identity/fingerprint.js';
import type { Snapshot } from '../../src/core/snapshot.js';
import { loadSnapshot, saveSnapshot } from '../../src/state/snapshot-store.js';

let dir: string | undefined;
afterEach(() => dir !== undefined && rmSync(dir, { recursive: true, force: true }));

const diagnostic: AnchoredDiagnostic = {
  tool: 'tsc',
  code: 'TS2322',
  severity: 'error',
  phase: 'semantic',
  path: 'a.ts',
  line: 1,
  column: 1,
  message: "Type 'B | A' is not assignable to type 'C'.",
  anchor: 'x',
};
const snapshot: Snapshot = {
  version: 1,
  takenAt: 't',
  tree: { kind: 'git', treeId: 'abc' },
  checks: [{ name: 'tsc', status: 'ok', durationMs: 1, version: '6.0.0', diagnostics: [diagnostic] }],
};

test('a snapshot stored with hashes of an older scheme is read without them, so attribution hashes again', () => {
  dir = mkdtempSync(join(tmpdir(), 'culprit-scheme-'));
  saveSnapshot(dir, 'now', snapshot);
  expect(loadSnapshot(dir, 'now')?.checks[0]?.hashes).toEqual(hashOwnFingerprints([diagnostic]));
  // As culprit 0.1.0 stored it: hashes, no scheme.
  const stored = JSON.parse(readFileSync(join(dir, 'now.json'), 'utf8')) as { checks: Record<string, unknown>[] };
  delete stored.checks[0]!.hashScheme;
  writeFileSync(join(dir, 'old.json'), JSON.stringify(stored));
  expect(loadSnapshot(dir, 'old')?.checks[0]?.hashes).toBeUndefined();
  expect(loadSnapshot(dir, 'old')?.checks[0]?.diagnostics).toEqual([diagnostic]);
});

test("a stored snapshot keeps no tool's offered fixes: a baseline's are never applied", () => {
  dir = mkdtempSync(join(tmpdir(), 'culprit-scheme-'));
  const fixed: AnchoredDiagnostic = {
    ...diagnostic,
    tool: 'eslint',
    code: 'prefer-const',
    fix: { start: 0, end: 3, text: 'const' },
    suggestions: [{ start: 0, end: 3, text: 'var' }],
  };
  const taken: Snapshot = { ...snapshot, checks: [{ ...snapshot.checks[0]!, diagnostics: [fixed] }] };
  const stored = saveSnapshot(dir, 'fixed', taken);
  expect(stored.checks[0]?.diagnostics).toEqual([{ ...diagnostic, tool: 'eslint', code: 'prefer-const' }]);
  expect(loadSnapshot(dir, 'fixed')?.checks[0]?.diagnostics).toEqual(stored.checks[0]?.diagnostics);
  // The fix is not part of the finding's identity.
  expect(stored.checks[0]?.hashes).toEqual(hashOwnFingerprints([fixed]));
});
