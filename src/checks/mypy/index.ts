/**
 * The `mypy` check: the repository's mypy, its cache in culprit's cache folder (adapter.ts); the
 * graph is culprit's static walk of Python imports (checks/python/).
 */
import type { CheckDefinition } from '../check-definition.js';
import type { ExecutableOptions } from '../check.js';
import { defaultSourceRoots, type PythonGraphOptions } from '../python/options.js';
import type { RawMypyCheck } from './schema.js';

export interface MypyOptions extends ExecutableOptions, PythonGraphOptions {
  /** Files, folders or `-p`/`-m` arguments passed to mypy; empty lets mypy's own `files` setting decide. */
  targets: string[];
}

const defaultTargets: readonly string[] = ['.'];

export const mypyCheck: CheckDefinition<'mypy', MypyOptions, RawMypyCheck> = {
  kind: 'mypy',
  // Only when mypy is installed: many repositories carry a mypy configuration for an editor.
  detection: {
    files: 'mypy.ini or [tool.mypy] (with mypy installed)',
    isUsed: (probe) =>
      (probe.has('mypy.ini') ||
        probe.has('.mypy.ini') ||
        probe.hasPyprojectTool('mypy') ||
        /^\s*\[mypy\]/m.test(probe.readText('setup.cfg'))) &&
      probe.isPythonToolInstalled('mypy'),
  },
  resolveOptions: (raw, root) => ({
    workTree: root,
    targets: raw.targets ?? [...defaultTargets],
    sourceRoots: raw.sourceRoots ?? [...defaultSourceRoots],
  }),
  loadSchema: async () => (await import('./schema.js')).mypyCheckSchema,
  run: async (request) => (await import('./adapter.js')).runMypy(request),
  graph: 'python-imports',
};
