/**
 * The `eslint` check: the repository's own ESLint (9 or later, flat config) through its Node API
 * (adapter.ts); kept warm by warm-session.ts, fed the warm tsc programs. ESLint gives no graph.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckDefinition } from '../check-definition.js';
import type { RawEslintCheck } from './schema.js';

export interface EslintOptions {
  /** Patterns passed to `lintFiles`, relative to the root. */
  patterns: string[];
}

/** The flat config files ESLint looks for at the root, in its order. */
const eslintConfigNames = [
  'eslint.config.js',
  'eslint.config.mjs',
  'eslint.config.cjs',
  'eslint.config.ts',
  'eslint.config.mts',
  'eslint.config.cts',
];

const defaultPatterns: readonly string[] = ['.'];

export const eslintCheck: CheckDefinition<'eslint', EslintOptions, RawEslintCheck> = {
  kind: 'eslint',
  detection: { files: 'eslint.config.*', isUsed: (probe) => eslintConfigNames.some((name) => probe.has(name)) },
  resolveOptions: (raw) => ({ patterns: raw.patterns ?? [...defaultPatterns] }),
  loadSchema: async () => (await import('./schema.js')).eslintCheckSchema,
  run: async (request) => (await import('./adapter.js')).runEslint(request),
  graph: 'none',
  toolPackages: ['eslint', 'typescript-eslint', '@typescript-eslint/parser', 'typescript'],
  deferral: 'deferrable',
  findConfigFile: (root) => eslintConfigNames.find((name) => existsSync(join(root, name))),
  warm: {
    order: 1,
    packages: ['eslint', 'typescript-eslint', '@typescript-eslint/parser', '@eslint/js'],
    configFiles: /^(?:eslint\.config\.[cm]?[jt]s|\.eslintignore)$/,
    open: async (request) => {
      const session = await (await import('./warm-session.js')).openEslintSession(request);
      return { run: async (hint, typed) => ({ output: await session.run(hint, typed) }) };
    },
  },
};
