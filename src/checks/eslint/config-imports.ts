/**
 * The local files a configuration module imports, followed transitively: `eslint.config.js`
 * importing `./eslint/rules.js`. A warm worker keeps the config's modules loaded, so a change to
 * any of them must restart it cold. Specifiers are read statically (import/export from, dynamic
 * `import()` with a literal, `require()`); only relative ones are local, packages change with an
 * install, which the worker watches separately.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isFile } from '../../tree/file-states.js';

const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
const extensions = [
  '',
  '.js',
  '.mjs',
  '.cjs',
  '.ts',
  '.mts',
  '.cts',
  '.json',
  '/index.js',
  '/index.mjs',
  '/index.cjs',
  '/index.ts',
];
/** A bound on how far the walk goes: a config importing hundreds of local files is not one to watch file by file. */
const maxFiles = 200;

/** `entry` and every local file it imports, directly or not (absolute paths, entry first). */
export function readLocalImports(entry: string): string[] {
  const found = [entry];
  const seen = new Set(found);
  for (let index = 0; index < found.length && found.length < maxFiles; index += 1) {
    const file = found[index]!;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(specifierPattern)) {
      const target = resolveLocal(dirname(file), match[2]!);
      if (target !== undefined && !seen.has(target)) {
        seen.add(target);
        found.push(target);
      }
    }
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = resolve(from, specifier);
  for (const extension of extensions) {
    const candidate = base + extension;
    if (isFile(candidate)) return candidate;
  }
  return undefined;
}
