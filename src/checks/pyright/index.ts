/**
 * The `pyright` check: the repository's own pyright with `--outputjson` (adapter.ts); the graph is
 * culprit's static walk of Python imports (checks/python/).
 */
import type { CheckDefinition } from '../check-definition.js';
import type { ExecutableOptions } from '../check.js';
import { defaultSourceRoots, type PythonGraphOptions } from '../python/options.js';
import type { RawPyrightCheck } from './schema.js';

export interface PyrightOptions extends ExecutableOptions, PythonGraphOptions {
  /** `--project`: a pyrightconfig.json or pyproject.toml (or its folder) relative to the root; null lets pyright look in the root. */
  project: string | null;
}

export const pyrightCheck: CheckDefinition<'pyright', PyrightOptions, RawPyrightCheck> = {
  kind: 'pyright',
  detection: {
    files: 'pyrightconfig.json or [tool.pyright]',
    isUsed: (probe) => probe.has('pyrightconfig.json') || probe.hasPyprojectTool('pyright'),
  },
  resolveOptions: (raw, root) => ({
    workTree: root,
    project: raw.project ?? null,
    sourceRoots: raw.sourceRoots ?? [...defaultSourceRoots],
  }),
  loadSchema: async () => (await import('./schema.js')).pyrightCheckSchema,
  run: async (request) => (await import('./adapter.js')).runPyright(request),
  graph: 'python-imports',
  toolPackages: ['pyright'],
};
