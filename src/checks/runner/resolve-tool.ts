/**
 * Loads a tool the way the repository itself would: resolved from the checked tree, never from
 * culprit's own node_modules. `createRequire(<root>/package.json)` walks up parent directories,
 * so a package hoisted to a monorepo's root is found from a workspace package too.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeMissingToolError } from '../check.js';

/**
 * The absolute path of `specifier` (a package or one of its exported subpaths) as resolved from
 * `root`. Throws a missing-tool error when the package is not installed there.
 */
export function resolveToolPath(root: string, specifier: string): string {
  const require = createRequire(join(root, 'package.json'));
  try {
    return require.resolve(specifier);
  } catch (error) {
    const name = readPackageName(specifier);
    // Node says "not found" too when the package is there but its entry point is not (a package.json
    // whose main names a missing file, an interrupted install): that one is broken, not missing.
    const installed = findPackageDirectory(root, name);
    if (isNotFound(error) && installed === null) {
      throw makeMissingToolError(
        `${name} is not installed in ${root}: no ${specifier} found from ${root} upwards`,
        error,
      );
    }
    throw makeBrokenToolError(specifier, error, installed);
  }
}

/** Requires a CommonJS tool (typescript, eslint) from the repository. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the module type it loads; expectExports checks it
export function requireTool<T>(root: string, specifier: string): T {
  const path = resolveToolPath(root, specifier);
  let loaded: unknown;
  try {
    loaded = createRequire(join(root, 'package.json'))(path);
  } catch (error) {
    throw makeBrokenToolError(specifier, error, path);
  }
  return expectExports<T>(specifier, loaded, path);
}

/** Imports an ES module tool (TypeScript 7's API) from the repository. */
export async function importTool<T>(root: string, specifier: string): Promise<T> {
  const path = resolveToolPath(root, specifier);
  let loaded: unknown;
  try {
    loaded = await import(pathToFileURL(path).href);
  } catch (error) {
    throw makeBrokenToolError(specifier, error, path);
  }
  return expectExports<T>(specifier, loaded, path);
}

/**
 * What culprit reads first from each tool's module: a module without it is a broken or foreign
 * install (a stub, a half-written package), named as such instead of failing later with a
 * TypeError deep inside an adapter. TypeScript 7's main export is only its version.
 */
function listMissingExports(specifier: string, loaded: Record<string, unknown>): string[] {
  const missing = (names: readonly string[], type: string) => names.filter((name) => typeof loaded[name] !== type);
  switch (specifier) {
    case 'typescript': {
      const version = missing(['version', 'versionMajorMinor'], 'string');
      if (version.length > 0) return version;
      return Number.parseInt(String(loaded['versionMajorMinor']), 10) >= 7
        ? []
        : missing(['createProgram', 'getParsedCommandLineOfConfigFile'], 'function');
    }
    case 'typescript/unstable/sync':
      return missing(['API'], 'function');
    case 'eslint':
      return missing(['ESLint'], 'function');
    default:
      return [];
  }
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as requireTool
function expectExports<T>(specifier: string, loaded: unknown, path: string): T {
  const missing =
    typeof loaded === 'object' && loaded !== null
      ? listMissingExports(specifier, loaded as Record<string, unknown>)
      : ['anything'];
  if (missing.length > 0) {
    throw new Error(
      `${readPackageName(specifier)} is installed but is not usable (${specifier} at ${path}): it exports no ${missing.join(', no ')}`,
    );
  }
  return loaded as T;
}

/** The package's folder as Node would find it from `root` (the nearest node_modules upwards), or null. */
function findPackageDirectory(root: string, name: string): string | null {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function readPackageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'MODULE_NOT_FOUND';
}

function makeBrokenToolError(specifier: string, cause: unknown, where: string | null): Error {
  const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
  const at = where === null ? specifier : `${specifier} at ${where}`;
  return new Error(`${readPackageName(specifier)} is installed but could not be loaded (${at}): ${reason}`, { cause });
}
