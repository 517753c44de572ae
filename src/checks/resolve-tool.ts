/**
 * Loads a tool the way the repository itself would: resolved from the checked tree, never from
 * culprit's own node_modules. `createRequire(<root>/package.json)` walks up parent directories,
 * so a package hoisted to a monorepo's root is found from a workspace package too.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeMissingToolError } from './check.js';

/**
 * The absolute path of `specifier` (a package or one of its exported subpaths) as resolved from
 * `root`. Throws a missing-tool error when the package is not installed there.
 */
export function resolveToolPath(root: string, specifier: string): string {
  const require = createRequire(join(root, 'package.json'));
  try {
    return require.resolve(specifier);
  } catch (error) {
    if (isNotFound(error)) {
      throw makeMissingToolError(`${readPackageName(specifier)} is not installed in ${root}: no ${specifier} found from ${root} upwards`, error);
    }
    throw makeBrokenToolError(specifier, error);
  }
}

/** Requires a CommonJS tool (typescript, eslint) from the repository. */
export function requireTool<T>(root: string, specifier: string): T {
  const path = resolveToolPath(root, specifier);
  try {
    return createRequire(join(root, 'package.json'))(path) as T;
  } catch (error) {
    throw makeBrokenToolError(specifier, error);
  }
}

/** Imports an ES module tool (TypeScript 7's API) from the repository. */
export async function importTool<T>(root: string, specifier: string): Promise<T> {
  const path = resolveToolPath(root, specifier);
  try {
    return (await import(pathToFileURL(path).href)) as T;
  } catch (error) {
    throw makeBrokenToolError(specifier, error);
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

function makeBrokenToolError(specifier: string, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
  return new Error(`${readPackageName(specifier)} is installed but could not be loaded (${specifier}): ${reason}`, { cause });
}
