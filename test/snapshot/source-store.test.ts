/**
 * Source lines a long-lived culprit keeps between checks: a file is read once and read again
 * only once it changed (another size, inode or time, or written too recently to tell), so a
 * check reads what its edit touched; what it hands out is frozen, shared by every later check.
 */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { makeSourceCache, makeSourceStore } from '../../src/snapshot/source-cache.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const makeTemporaryDir = useTemporaryDirectories();

/** Writes a file dated a minute ago, out of the window where a change may not move its times. */
function writeSettled(path: string, text: string, age = 60): void {
  writeFileSync(path, text);
  const when = new Date(Date.now() - age * 1000);
  utimesSync(path, when, when);
}

test('reads a file again only once it changed', () => {
  const root = makeTemporaryDir('culprit-sources-');
  mkdirSync(join(root, 'src'));
  writeSettled(join(root, 'src/a.ts'), 'one\ntwo\n');
  writeSettled(join(root, 'src/b.ts'), 'b\n');
  const store = makeSourceStore();
  const first = store.open(root).lines('src/a.ts');
  expect(first).toEqual(['one', 'two', '']);
  expect(Object.isFrozen(first)).toBe(true);
  expect(store.open(root).lines('src/a.ts')).toBe(first);
  expect(store.open(root).hasLine('src/b.ts', 'b')).toBe(true);

  writeSettled(join(root, 'src/a.ts'), 'one\nthree\n', 30);
  const sources = store.open(root);
  expect(sources.lines('src/a.ts')).toEqual(['one', 'three', '']);
  expect(sources.hasLine('src/a.ts', 'three')).toBe(true);
  rmSync(join(root, 'src/b.ts'));
  expect(store.open(root).lines('src/b.ts')).toBeUndefined();
  // What a cold check reads is the same.
  expect(makeSourceCache(root).lines('src/a.ts')).toEqual(['one', 'three', '']);
});

test('a file written just now is read again until it is seen settled', () => {
  const root = makeTemporaryDir('culprit-sources-');
  writeFileSync(join(root, 'a.ts'), 'x\n');
  const store = makeSourceStore();
  expect(store.open(root).lines('a.ts')).toEqual(['x', '']);
  // Same size, and quite possibly the same time stamp: only the racy rule catches it.
  writeFileSync(join(root, 'a.ts'), 'y\n');
  expect(store.open(root).lines('a.ts')).toEqual(['y', '']);
});
