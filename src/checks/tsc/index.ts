/**
 * The `tsc` check: the repository's own TypeScript, as `tsc --noEmit -p <project>` would check it
 * (adapter.ts), with the module graph from the compiler's own resolution; kept warm by
 * warm-session.ts (5/6) and native-warm-session.ts (7).
 */
import type { CheckDefinition } from '../check-definition.js';
import type { RawTscCheck } from './schema.js';

export interface TscOptions {
  /** Repository-relative path of the tsconfig to check (a solution config with `references` is followed). */
  project: string;
}

const defaultProject = 'tsconfig.json';

export const tscCheck: CheckDefinition<'tsc', TscOptions, RawTscCheck> = {
  kind: 'tsc',
  detection: { files: defaultProject, isUsed: (probe) => probe.has(defaultProject) },
  resolveOptions: (raw) => ({ project: raw.project ?? defaultProject }),
  loadSchema: async () => (await import('./schema.js')).tscCheckSchema,
  run: async (request) => (await import('./adapter.js')).runTsc(request),
  graph: 'compiler',
  toolPackages: ['typescript'],
  deferral: 'decider',
  findConfigFile: (_root, options) => options.project,
  warm: {
    order: 0,
    packages: ['typescript'],
    configFiles: /^(?:ts|js)config(?:\..*)?\.json$/,
    open: async (request) => (await import('./warm.js')).openTscWarmSession(request),
  },
};
