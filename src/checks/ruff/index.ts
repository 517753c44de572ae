/**
 * The `ruff` check: the repository's ruff as `ruff check`, without fixes or cache (adapter.ts);
 * the graph is culprit's static walk of Python imports (checks/python/).
 */
import type { CheckDefinition } from '../check-definition.js';
import type { ExecutableOptions } from '../check.js';
import { defaultSourceRoots, type PythonGraphOptions } from '../python/options.js';
import type { RawRuffCheck } from './schema.js';

export interface RuffOptions extends ExecutableOptions, PythonGraphOptions {
  /** What `ruff check` lints, relative to the root. */
  targets: string[];
}

const defaultTargets: readonly string[] = ['.'];

export const ruffCheck: CheckDefinition<'ruff', RuffOptions, RawRuffCheck> = {
  kind: 'ruff',
  // Only when ruff is installed: many repositories carry a `[tool.ruff]` table for an editor.
  detection: {
    files: 'ruff.toml or [tool.ruff] (with ruff installed)',
    isUsed: (probe) =>
      (probe.has('ruff.toml') || probe.has('.ruff.toml') || probe.hasPyprojectTool('ruff')) &&
      probe.isPythonToolInstalled('ruff'),
  },
  resolveOptions: (raw, root) => ({
    workTree: root,
    targets: raw.targets ?? [...defaultTargets],
    sourceRoots: raw.sourceRoots ?? [...defaultSourceRoots],
  }),
  loadSchema: async () => (await import('./schema.js')).ruffCheckSchema,
  run: async (request) => (await import('./adapter.js')).runRuff(request),
  graph: 'python-imports',
};
