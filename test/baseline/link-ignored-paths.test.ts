/**
 * What a base copy gets from the work tree: installed packages (workspace packages redirected to
 * the copy), other ignored paths as links, and never anything written below a link.
 */
import { lstatSync, mkdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { linkIgnoredPaths } from '../../src/baseline/link-ignored-paths.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';

const makeTemporaryDir = useTemporaryDirectories();

function makeDir(): string {
  const dir = makeTemporaryDir('culprit-link-');
  return dir;
}

function write(root: string, path: string, content = ''): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

test('links packages one by one, redirecting workspace packages into the copy', () => {
  const root = makeDir();
  const outside = makeDir();
  const copy = makeDir();
  write(outside, 'typescript/package.json', '{}');
  write(root, 'packages/lib/package.json', '{}');
  mkdirSync(join(root, 'node_modules/@acme'), { recursive: true });
  symlinkSync(join(outside, 'typescript'), join(root, 'node_modules/typescript'));
  symlinkSync('../../packages/lib', join(root, 'node_modules/@acme/lib'));
  write(root, 'node_modules/plain/package.json', '{}');
  write(root, 'packages/app/node_modules/local/package.json', '{}');
  mkdirSync(join(copy, 'packages/app'), { recursive: true });
  mkdirSync(join(copy, 'packages/lib'), { recursive: true });

  linkIgnoredPaths({ root, copy, ignored: ['node_modules/', 'packages/app/node_modules/'] });
  expect(lstatSync(join(copy, 'node_modules')).isSymbolicLink()).toBe(false);
  expect(readlinkSync(join(copy, 'node_modules/typescript'))).toBe(join(outside, 'typescript'));
  expect(readlinkSync(join(copy, 'node_modules/@acme/lib'))).toBe(join(copy, 'packages/lib'));
  expect(readlinkSync(join(copy, 'node_modules/plain'))).toBe(join(root, 'node_modules/plain'));
  expect(readlinkSync(join(copy, 'packages/app/node_modules/local'))).toBe(
    join(root, 'packages/app/node_modules/local'),
  );
});

test('links other ignored paths whole, skips tool caches, untracked folders and anything below a link', () => {
  const root = makeDir();
  const copy = makeDir();
  write(root, 'src/generated/api.ts', 'export {}');
  write(root, '.env', 'A=1');
  write(root, '.mypy_cache/x', '');
  write(root, 'new-folder/out.log', '');
  write(root, 'linked/node_modules/p/package.json', '{}');
  mkdirSync(join(copy, 'src'));
  symlinkSync(join(root, 'linked'), join(copy, 'linked'));

  linkIgnoredPaths({
    root,
    copy,
    ignored: ['.env', '.mypy_cache/', 'linked/node_modules/', 'new-folder/out.log', 'src/generated/'],
  });
  expect(readlinkSync(join(copy, '.env'))).toBe(join(root, '.env'));
  expect(readlinkSync(join(copy, 'src/generated'))).toBe(join(root, 'src/generated'));
  const absent = (path: string) => () => lstatSync(join(copy, path));
  expect(absent('.mypy_cache')).toThrow(/ENOENT/);
  expect(absent('new-folder')).toThrow(/ENOENT/);
  // The copy's `linked` is a link into the work tree: creating node_modules there would write into it.
  expect(() => lstatSync(join(root, 'linked/node_modules/p'))).not.toThrow();
  expect(lstatSync(join(root, 'linked/node_modules')).isSymbolicLink()).toBe(false);
  expect(lstatSync(join(root, 'linked/node_modules/p')).isSymbolicLink()).toBe(false);
});
