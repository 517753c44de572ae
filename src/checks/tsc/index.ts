/**
 * The `tsc` check: the repository's own TypeScript, as `tsc --noEmit -p <project>` would check it
 * (adapter.ts), with the module graph from the compiler's own resolution; kept warm by
 * warm-session.ts (5/6) and native-warm-session.ts (7). Detected, it is one check for the root
 * tsconfig.json (its references followed) and one per workspace package whose tsconfig.json the
 * root does not reach.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckDefinition, RootProbe } from '../check-definition.js';
import type { RawTscCheck } from './schema.js';
import { findPackageFolders } from '../runner/package-hint.js';

export interface TscOptions {
  /** Repository-relative path of the tsconfig to check (a solution config with `references` is followed). */
  project: string;
}

const defaultProject = 'tsconfig.json';

export const tscCheck: CheckDefinition<'tsc', TscOptions, RawTscCheck> = {
  kind: 'tsc',
  detection: {
    files: defaultProject,
    isUsed: (probe) => probe.has(defaultProject),
    listEntries: listTscEntries,
  },
  resolveOptions: (raw) => ({ project: raw.project ?? defaultProject }),
  loadSchema: async () => (await import('./schema.js')).tscCheckSchema,
  run: async (request) => (await import('./adapter.js')).runTsc(request),
  graph: 'compiler',
  toolPackages: ['typescript'],
  deferral: 'decider',
  // "No inputs were found in config file": the project checks nothing, whatever else it reports.
  failureCodes: ['TS18003'],
  findConfigFile: (_root, options) => options.project,
  offerCodeFixes: async (request) => (await import('./code-fixes.js')).offerTscCodeFixes(request),
  findRenameSites: async (request) => (await import('./rename-locations.js')).findTscRenameLocations(request),
  warm: {
    order: 0,
    packages: ['typescript'],
    configFiles: /^(?:ts|js)config(?:\..*)?\.json$/,
    open: async (request, shared) => (await import('./warm.js')).openTscWarmSession(request, shared),
  },
};

/**
 * The tsc checks a repository's tsconfig files make: `tsc` for the root tsconfig.json, and
 * `tsc:<folder>` for each workspace package with a tsconfig.json of its own that the root does
 * not reach, as `tsc -p <folder>` would check it there. A root tsconfig without `references`
 * is taken to cover the packages it means to (its `include` decides; culprit does not second-guess it).
 */
async function listTscEntries(probe: RootProbe): Promise<{ name: string; raw: RawTscCheck }[]> {
  const rootEntry = { name: 'tsc', raw: {} };
  const hasRoot = probe.has(defaultProject);
  const folders = await findPackageFolders(probe);
  if (folders.length === 0) return hasRoot ? [rootEntry] : [];
  const { readReferencedConfigs } = await import('../runner/package-folders.js');
  const reached = hasRoot ? readReferencedConfigs(join(probe.root, defaultProject)) : new Set<string>();
  if (reached === undefined) return [rootEntry];
  const packages = folders.filter((folder) => {
    const configPath = join(probe.root, folder, defaultProject);
    return existsSync(configPath) && !reached.has(configPath);
  });
  return [
    ...(hasRoot ? [rootEntry] : []),
    ...packages.map((folder) => ({ name: `tsc:${folder}`, raw: { project: `${folder}/${defaultProject}` } })),
  ];
}
