import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { readTreeFile, rewriteFiles } from '../../src/tree/rewrite-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function makeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'culprit-rewrite-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test('each file is replaced whole, its mode kept, and no temporary file stays', () => {
  const root = makeTree({ 'bin/run.js': 'let a = 1;\n', 'src/b.js': 'let b = 2;\n' });
  chmodSync(join(root, 'bin/run.js'), 0o755);
  rewriteFiles(root, [
    { path: 'bin/run.js', before: 'let a = 1;\n', after: 'const a = 1;\n' },
    { path: 'src/b.js', before: 'let b = 2;\n', after: 'const b = 2;\n' },
  ]);
  expect(readFileSync(join(root, 'bin/run.js'), 'utf8')).toBe('const a = 1;\n');
  expect(readFileSync(join(root, 'src/b.js'), 'utf8')).toBe('const b = 2;\n');
  expect(statSync(join(root, 'bin/run.js')).mode & 0o777).toBe(0o755);
  expect(readdirSync(join(root, 'bin'))).toEqual(['run.js']);
});

test('when a file changed since the fixes were planned, nothing is written', () => {
  const root = makeTree({ 'src/a.js': 'let a = 1;\n', 'src/b.js': 'let b = 3;\n' });
  expect(() =>
    rewriteFiles(root, [
      { path: 'src/a.js', before: 'let a = 1;\n', after: 'const a = 1;\n' },
      { path: 'src/b.js', before: 'let b = 2;\n', after: 'const b = 2;\n' },
    ]),
  ).toThrow('src/b.js changed while culprit fix ran; nothing was written (run it again)');
  expect(readFileSync(join(root, 'src/a.js'), 'utf8')).toBe('let a = 1;\n');
  expect(readFileSync(join(root, 'src/b.js'), 'utf8')).toBe('let b = 3;\n');
});

test('a link out of the work tree, a folder and a path above it are not files of the tree', () => {
  const outside = makeTree({ 'secret.js': 'let s = 1;\n' });
  const root = makeTree({ 'src/a.js': 'let a = 1;\n' });
  symlinkSync(join(outside, 'secret.js'), join(root, 'src/link.js'));
  expect(readTreeFile(root, 'src/a.js')).toBe('let a = 1;\n');
  expect(readTreeFile(root, 'src/link.js')).toBeUndefined();
  expect(readTreeFile(root, 'src')).toBeUndefined();
  expect(readTreeFile(root, `../${outside.split('/').at(-1)}/secret.js`)).toBeUndefined();
});
