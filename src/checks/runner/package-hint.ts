/**
 * Whether a repository may have package folders (package-folders.ts), from what its root files
 * say, cheaply: detection runs in culprit's own process on every cold start, and the walk and
 * its parsers (picomatch, jsonc-parser, ~40 ms to load) are loaded only when this says yes.
 */
import type { RootProbe } from '../check-definition.js';

export function mayHavePackageFolders(probe: RootProbe): boolean {
  return (
    probe.has('pnpm-workspace.yaml') ||
    /"workspaces"\s*:/.test(probe.readText('package.json')) ||
    /"references"\s*:/.test(probe.readText('tsconfig.json'))
  );
}

/** The package folders (root-relative), loading the walk only when the root says there may be some. */
export async function findPackageFolders(probe: RootProbe): Promise<string[]> {
  if (!mayHavePackageFolders(probe)) return [];
  return (await import('./package-folders.js')).listPackageFolders(probe.root);
}
