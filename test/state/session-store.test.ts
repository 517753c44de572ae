/**
 * The session file holds the started task and the sessions checks form without start, one per
 * baseline, bounded; the format before sessions without start is read as a started task.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  findImplicitSession,
  listStartedBaselines,
  loadSessionFile,
  putImplicitSession,
  saveSessionFile,
  type SessionFile,
  type TaskSession,
} from '../../src/state/session-store.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const makeTemporaryDir = useTemporaryDirectories();

function makeDir(): string {
  const dir = makeTemporaryDir('culprit-sessions-');
  return dir;
}

const session = (baseline: string): TaskSession => ({
  baseline,
  baselineLabel: `HEAD (${baseline})`,
  tree: `tree-${baseline}`,
  startedAt: '2025-01-01T00:00:00.000Z',
  attempts: [],
});

test('a missing file is an empty set of sessions; a saved one reads back', () => {
  const file = join(makeDir(), 'sessions', 'a.json');
  const empty = loadSessionFile(file, '/repo');
  expect(empty).toEqual({ version: 2, root: '/repo', started: null, implicit: [] });
  const sessions: SessionFile = { ...empty, started: session('s'), implicit: [session('h')] };
  saveSessionFile(file, sessions);
  expect(loadSessionFile(file, '/repo')).toEqual(sessions);
});

test('sessions without start are keyed by baseline, most recent last, at most eight', () => {
  let sessions: SessionFile = { version: 2, root: '/repo', started: null, implicit: [] };
  for (let index = 0; index < 10; index++) sessions = putImplicitSession(sessions, session(`b${index}`));
  expect(sessions.implicit.map((entry) => entry.baseline)).toEqual(['b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9']);
  sessions = putImplicitSession(sessions, {
    ...session('b4'),
    attempts: [{ attempt: 1, roots: 1, fingerprints: ['x#1'], width: 2 }],
  });
  expect(sessions.implicit.map((entry) => entry.baseline)).toEqual(['b2', 'b3', 'b5', 'b6', 'b7', 'b8', 'b9', 'b4']);
  expect(findImplicitSession(sessions, 'b4')?.attempts).toHaveLength(1);
  expect(findImplicitSession(sessions, 'b0')).toBeUndefined();
});

test('the format before sessions without start reads as the started task', () => {
  const file = join(makeDir(), 'old.json');
  const attempts = [{ attempt: 1, roots: 2, fingerprints: ['a#1'], width: 2 }];
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      root: '/repo',
      startedAt: 't',
      baseline: 'start-1',
      baselineLabel: 'culprit start',
      attempts,
    }),
  );
  expect(loadSessionFile(file, '/repo')).toEqual({
    version: 2,
    root: '/repo',
    started: { startedAt: 't', baseline: 'start-1', baselineLabel: 'culprit start', attempts },
    implicit: [],
  });
});

test('started baselines are listed across work trees, unreadable files pin nothing', () => {
  const dir = makeDir();
  mkdirSync(dir, { recursive: true });
  saveSessionFile(join(dir, 'one.json'), {
    version: 2,
    root: '/one',
    started: session('pinned-1'),
    implicit: [session('loose')],
  });
  saveSessionFile(join(dir, 'two.json'), { version: 2, root: '/two', started: null, implicit: [] });
  writeFileSync(join(dir, 'three.json'), '{ broken');
  expect(listStartedBaselines(dir)).toEqual(new Set(['pinned-1']));
  // A debt campaign's start is pinned too: its tree has usually been edited since.
  saveSessionFile(join(dir, 'two.json'), {
    version: 2,
    root: '/two',
    started: null,
    implicit: [],
    debt: { ...session('campaign'), targets: ['a#1'], targetRules: ['no-var'] },
  });
  expect(listStartedBaselines(dir)).toEqual(new Set(['pinned-1', 'campaign']));
  expect(loadSessionFile(join(dir, 'two.json'), '/two').debt?.targets).toEqual(['a#1']);
});
