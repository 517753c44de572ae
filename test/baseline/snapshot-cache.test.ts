/**
 * The baseline cache is bounded by use, keeps what started tasks depend on, and treats a
 * corrupt entry as a miss.
 */
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  dropCachedSnapshot,
  loadCachedSnapshot,
  makeSnapshotMemory,
  saveCachedSnapshot,
} from '../../src/baseline/snapshot-cache.js';
import { hashFingerprint } from '../../src/core/identity/fingerprint.js';
import type { Snapshot } from '../../src/core/snapshot.js';
import { saveSessionFile } from '../../src/state/session-store.js';
import { resolveStateLayout, type StateLayout } from '../../src/state/state-dir.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const makeTemporaryDir = useTemporaryDirectories();

function makeLayout(): StateLayout {
  const dir = makeTemporaryDir('culprit-cache-');
  return resolveStateLayout('/repo', { commonDir: dir });
}

const snapshot: Snapshot = { version: 1, takenAt: 't', tree: { kind: 'git', treeId: 'abc' }, checks: [] };

/** Saves `id` as if it had last been used `age` seconds ago. */
function saveAged(layout: StateLayout, id: string, age: number): void {
  saveCachedSnapshot(layout, id, snapshot);
  const when = new Date(Date.now() - age * 1000);
  utimesSync(join(layout.snapshots, `${id}.json`), when, when);
}

test('keeps the sixteen most recently used snapshots, plus those a started task depends on', () => {
  const layout = makeLayout();
  saveAged(layout, 'pinned', 1000);
  saveSessionFile(layout.sessionFile, {
    version: 2,
    root: '/repo',
    started: { baseline: 'pinned', baselineLabel: 'culprit start', startedAt: 't', attempts: [] },
    implicit: [],
  });
  for (let index = 0; index < 20; index++) saveAged(layout, `k${String(index).padStart(2, '0')}`, 500 - index);
  // The four least recently used went; using the oldest left makes it recent again.
  expect(loadCachedSnapshot(layout, 'k03')).toBeNull();
  expect(loadCachedSnapshot(layout, 'k04')).toEqual(snapshot);
  saveCachedSnapshot(layout, 'newest', snapshot);
  const kept = readdirSync(layout.snapshots)
    .map((name) => name.replace(/\.json$/, ''))
    .sort();
  expect(kept).toHaveLength(17);
  expect(kept).toContain('pinned');
  expect(kept).toContain('k04');
  expect(kept).toContain('newest');
  expect(kept).not.toContain('k05');
});

test('a corrupt or missing entry is a miss, and the corrupt file is removed', () => {
  const layout = makeLayout();
  expect(loadCachedSnapshot(layout, 'nothing')).toBeNull();
  saveCachedSnapshot(layout, 'broken', snapshot);
  writeFileSync(join(layout.snapshots, 'broken.json'), '{ "version": 1, "checks": ');
  expect(loadCachedSnapshot(layout, 'broken')).toBeNull();
  expect(readdirSync(layout.snapshots)).toEqual([]);
});

test('stores each finding with its fingerprint hash, and drops hashes that do not fit their findings', () => {
  const layout = makeLayout();
  const diagnostic = {
    tool: 'tsc',
    code: 'TS2322',
    severity: 'error' as const,
    phase: 'semantic' as const,
    path: 'src/a.ts',
    line: 3,
    column: 1,
    message: 'Type 1 is wrong',
    anchor: 'x = 1;',
  };
  const withFindings: Snapshot = {
    ...snapshot,
    checks: [
      {
        name: 'tsc',
        status: 'ok',
        durationMs: 1,
        version: '6.0.3',
        diagnostics: [diagnostic, { ...diagnostic, path: 'src/b.ts' }],
      },
    ],
  };
  const stored = saveCachedSnapshot(layout, 'hashed', withFindings);
  const loaded = loadCachedSnapshot(layout, 'hashed');
  // What a check that just took this baseline attributes against: the same hashes, not hashed again.
  expect(stored).toEqual(loaded);
  expect(loaded?.checks[0]?.hashes).toEqual([
    hashFingerprint(diagnostic),
    hashFingerprint({ ...diagnostic, path: 'src/b.ts' }),
  ]);
  expect(loaded?.checks[0]?.diagnostics).toEqual(withFindings.checks[0]?.diagnostics);

  // Written by hand (or by an older culprit): too few hashes, or not hashes, and attribution hashes instead.
  for (const hashes of [['0123456789abcdef'], ['0123456789ABCDEF', '0123456789abcdef'], 'x', [1, 2]]) {
    const file = join(layout.snapshots, 'odd.json');
    writeFileSync(file, JSON.stringify({ ...withFindings, checks: [{ ...withFindings.checks[0], hashes }] }));
    const odd = loadCachedSnapshot(layout, 'odd');
    expect(odd?.checks[0]?.diagnostics).toHaveLength(2);
    expect(odd?.checks[0]).not.toHaveProperty('hashes');
  }
});

test('a long-lived culprit parses a snapshot once, frozen, and again only when its file changed', () => {
  const layout = makeLayout();
  const memory = makeSnapshotMemory();
  const withCheck: Snapshot = {
    ...snapshot,
    checks: [
      {
        name: 'tsc',
        status: 'ok',
        durationMs: 1,
        version: '6.0.3',
        diagnostics: [
          {
            tool: 'tsc',
            code: 'TS2322',
            severity: 'error',
            phase: 'semantic',
            path: 'a.ts',
            line: 1,
            column: 1,
            message: 'no',
            anchor: 'let a = 1;',
          },
        ],
      },
    ],
  };
  saveCachedSnapshot(layout, 'kept', withCheck);
  const first = loadCachedSnapshot(layout, 'kept', memory)!;
  // Read once: the next load is the very same object, and nothing may change it.
  expect(loadCachedSnapshot(layout, 'kept', memory)).toBe(first);
  // A cold command using it meanwhile (a minute after it was last used, at most) leaves its file as it was.
  expect(loadCachedSnapshot(layout, 'kept')).toEqual(first);
  expect(loadCachedSnapshot(layout, 'kept', memory)).toBe(first);
  expect(() => first.checks[0]!.diagnostics.push(first.checks[0]!.diagnostics[0]!)).toThrow(TypeError);
  expect(() => {
    (first.checks[0]!.diagnostics[0] as { message: string }).message = 'changed';
  }).toThrow(TypeError);
  // Rewritten under the same id (a baseline taken again): read again.
  saveCachedSnapshot(layout, 'kept', snapshot);
  const again = loadCachedSnapshot(layout, 'kept', memory)!;
  expect(again).not.toBe(first);
  expect(again.checks).toEqual([]);
  // Removed: a miss, as without the memory.
  dropCachedSnapshot(layout, 'kept');
  expect(loadCachedSnapshot(layout, 'kept', memory)).toBeNull();
});
