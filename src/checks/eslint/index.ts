/**
 * The `eslint` check: the repository's own ESLint through its Node API (adapter.ts): a flat
 * config with ESLint 9 or later (8.57 when asked), an eslintrc with ESLint 8 (and 9 with
 * `ESLINT_USE_FLAT_CONFIG=false`). Kept warm by warm-session.ts, fed the warm tsc programs.
 * ESLint gives no graph.
 *
 * Detected, it is one check per folder that lints on its own: the root, when it has a config,
 * and each workspace package or referenced TypeScript project with a config of its own
 * (`eslint:<folder>`), run there as `cd <folder> && npx eslint .` would; the root's check leaves
 * those folders to them. So one folder's broken config fails only its own check.
 */
import { join, relative } from 'node:path';
import type { CheckDefinition, RootProbe } from '../check-definition.js';
import type { RawEslintCheck } from './schema.js';
import { eslintConfigFilePattern, findConfigIn } from './config-files.js';
import { findPackageFolders } from '../runner/package-hint.js';

export interface EslintOptions {
  /** The folder ESLint runs in, root-relative POSIX (`.` for the root): its cwd, where it finds its config. */
  cwd: string;
  /** Patterns passed to `lintFiles`, relative to `cwd`. */
  patterns: string[];
  /** Patterns, relative to `cwd`, that are not linted (ESLint's `ignorePatterns`). */
  ignores: string[];
}

const defaultPatterns: readonly string[] = ['.'];

export const eslintCheck: CheckDefinition<'eslint', EslintOptions, RawEslintCheck> = {
  kind: 'eslint',
  detection: {
    files: 'eslint.config.* or .eslintrc.*',
    isUsed: (probe) => findConfigIn(probe.root) !== undefined,
    listEntries: listEslintEntries,
  },
  resolveOptions: (raw) => ({
    cwd: raw.cwd ?? '.',
    patterns: raw.patterns ?? [...defaultPatterns],
    ignores: raw.ignores ?? [],
  }),
  loadSchema: async () => (await import('./schema.js')).eslintCheckSchema,
  run: async (request) => (await import('./adapter.js')).runEslint(request),
  graph: 'none',
  toolPackages: ['eslint', 'typescript-eslint', '@typescript-eslint/parser', 'typescript'],
  deferral: 'deferrable',
  findConfigFile: (root, options) => {
    const found = findConfigIn(join(root, options.cwd));
    return found === undefined ? undefined : relative(root, found.path);
  },
  warm: {
    order: 1,
    packages: ['eslint', 'typescript-eslint', '@typescript-eslint/parser', '@eslint/js'],
    configFiles: eslintConfigFilePattern,
    open: async (request, shared) => {
      const session = await (await import('./warm-session.js')).openEslintSession(request, shared);
      return {
        run: async (hint, typed, seed) => ({ output: await session.run(hint, typed, seed) }),
        // Nothing to hold: the next run's hint names the files, and it lints every hinted file it
        // has results for again, with the files tsc's run says their change reached.
        rebase: () => undefined,
      };
    },
  },
};

/**
 * The checks a repository's ESLint configs make: `eslint` at the root when it has a config (it
 * ignores the package folders that have their own), and `eslint:<folder>` for each of those.
 */
async function listEslintEntries(probe: RootProbe): Promise<{ name: string; raw: RawEslintCheck }[]> {
  const hasRootConfig = findConfigIn(probe.root) !== undefined;
  const packages = (await findPackageFolders(probe)).filter(
    (folder) => findConfigIn(join(probe.root, folder)) !== undefined,
  );
  return [
    ...(hasRootConfig
      ? [{ name: 'eslint', raw: packages.length === 0 ? {} : { ignores: packages.map((folder) => `${folder}/**`) } }]
      : []),
    ...packages.map((folder) => ({ name: `eslint:${folder}`, raw: { cwd: folder } })),
  ];
}
