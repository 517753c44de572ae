/**
 * Public TypeScript code for the differential test: the `.ts` sources a released package ships,
 * fetched with `npm pack name@version` from the registry (the user's npm, its cache and config)
 * and kept in a folder under the system temp dir, so a CI run downloads each tarball once and a
 * developer's next run not at all.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';

const cacheDir = join(tmpdir(), 'culprit-test-npm-pack');

/** `path → text` of every `.ts` file (not `.d.ts`) under `under` in the package's tarball, paths relative to the package. */
export function loadPackageSources(name: string, version: string, under = 'src'): Record<string, string> {
  const extracted = join(cacheDir, `${name.replace('/', '+')}@${version}`);
  if (!existsSync(join(extracted, 'package.json'))) extractTarball(name, version, extracted);
  const sources: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts'))
        sources[relative(extracted, full).split('\\').join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk(join(extracted, under));
  return sources;
}

function extractTarball(name: string, version: string, into: string): void {
  mkdirSync(cacheDir, { recursive: true });
  // Packed and unpacked in a private folder, then renamed into place: two runs side by side never see half a package.
  const work = mkdtempSync(join(cacheDir, '.pack-'));
  try {
    let file: string;
    try {
      const packed = execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', work], {
        cwd: work,
        encoding: 'utf8',
        timeout: 120_000,
      });
      file = join(work, packed.trim().split('\n').at(-1)!);
    } catch (error) {
      throw new Error(
        `npm pack ${name}@${version} failed: the differential test needs the npm registry (${(error as Error).message})`,
        { cause: error },
      );
    }
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', file, '-C', unpacked]);
    rmSync(into, { recursive: true, force: true });
    renameSync(join(unpacked, 'package'), into);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The files' relative imports (`from './x'`, `import('./x')`, `export * from`), resolved to files
 * among `files` the way a bundler resolution does: the path, `.ts`, or `/index.ts`.
 */
export function readRelativeImports(files: Readonly<Record<string, string>>): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  const specifier = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']*)["']/g;
  for (const [path, text] of Object.entries(files)) {
    const targets: string[] = [];
    for (const match of text.matchAll(specifier)) {
      const base = posix.normalize(posix.join(dirname(path), match[1]!));
      const found = [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => candidate in files);
      if (found !== undefined && !targets.includes(found)) targets.push(found);
    }
    imports.set(path, targets);
  }
  return imports;
}

/** `paths` in import order: each file after the files it imports (depth first, so a cycle is cut where it is entered), ties by path. */
export function orderByImports(paths: readonly string[], imports: ReadonlyMap<string, readonly string[]>): string[] {
  const wanted = new Set(paths);
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const target of imports.get(path) ?? []) visit(target);
    if (wanted.has(path)) order.push(path);
  };
  for (const path of [...paths].sort()) visit(path);
  return order;
}
