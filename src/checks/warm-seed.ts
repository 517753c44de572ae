/**
 * What the sessions that start from a baseline share (check-definition.ts has the seed's shape):
 * whether a run reads a file whose base content nobody recorded.
 */
import type { WarmSeed } from './check-definition.js';

/** The first of `fileNames` (absolute) that git ignores, whose base content the seed cannot tell. */
export function findIgnoredFile(seed: WarmSeed, fileNames: Iterable<string>): string | undefined {
  if (seed.ignoredPaths.length === 0) return undefined;
  const files = new Set(seed.ignoredPaths.filter((path) => !path.endsWith('/')));
  const folders = seed.ignoredPaths.filter((path) => path.endsWith('/'));
  for (const fileName of fileNames) {
    if (files.has(fileName) || folders.some((folder) => fileName.startsWith(folder))) return fileName;
  }
  return undefined;
}
