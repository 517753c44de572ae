/**
 * The classic compiler API (TypeScript 5/6) a repository has: its own `typescript`, or on
 * TypeScript 7, which has no such API, TypeScript 6 installed beside it as
 * `@typescript/typescript6` (the side-by-side package TypeScript 7's release recommends for
 * tools that need the old API). What needs a language service (the rename provider, code fixes)
 * or a question TypeScript 7's API cannot answer asks this one, and says which it was.
 */
import type ts from 'typescript';
import { requireTool } from '../runner/resolve-tool.js';

/** The package TypeScript 7's release names for TypeScript 6 beside it. */
export const sideBySidePackage = '@typescript/typescript6';

export type ClassicTypescript =
  { ts: typeof ts; name: 'typescript' | typeof sideBySidePackage } | { ts?: undefined; reason: string };

/** The repository's TypeScript when it is 5/6; TypeScript 6 beside it when it is 7; else why there is none. */
export function loadClassicTypescript(root: string): ClassicTypescript {
  const own = requireTool<typeof ts>(root, 'typescript');
  if (Number.parseInt(own.versionMajorMinor, 10) < 7) return { ts: own, name: 'typescript' };
  try {
    const beside = requireTool<typeof ts>(root, sideBySidePackage);
    if (typeof beside.createProgram === 'function' && Number.parseInt(beside.versionMajorMinor, 10) < 7)
      return { ts: beside, name: sideBySidePackage };
    return { reason: `${sideBySidePackage} ${beside.version} has no classic compiler API` };
  } catch {
    return {
      reason: `TypeScript ${own.version} has no classic compiler API and ${sideBySidePackage} is not installed beside it`,
    };
  }
}

/** How a note names the TypeScript that answered: `TypeScript 6.0.3 (@typescript/typescript6, beside TypeScript 7)`. */
export function describeClassicTypescript(classic: { ts: typeof ts; name: string }): string {
  return classic.name === sideBySidePackage
    ? `TypeScript ${classic.ts.version} (${sideBySidePackage}, beside TypeScript 7)`
    : `TypeScript ${classic.ts.version}`;
}
