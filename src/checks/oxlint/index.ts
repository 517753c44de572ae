/**
 * The `oxlint` check: the repository's own oxlint with `--format=sarif` (adapter.ts, output.ts).
 * Configured by the repository's .oxlintrc.json. oxlint gives no graph: tsc's, when both run.
 * Kept warm by warm-session.ts, which lints again only what an edit can change.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckDefinition } from '../check-definition.js';
import type { ExecutableOptions } from '../check.js';
import type { RawOxlintCheck } from './schema.js';

export interface OxlintOptions extends ExecutableOptions {
  /** What oxlint lints, relative to the root. */
  targets: string[];
}

const configName = '.oxlintrc.json';

const defaultTargets: readonly string[] = ['.'];

export const oxlintCheck: CheckDefinition<'oxlint', OxlintOptions, RawOxlintCheck> = {
  kind: 'oxlint',
  detection: { files: configName, isUsed: (probe) => probe.has(configName) },
  resolveOptions: (raw, root) => ({ workTree: root, targets: raw.targets ?? [...defaultTargets] }),
  loadSchema: async () => (await import('./schema.js')).oxlintCheckSchema,
  run: async (request) => (await import('./adapter.js')).runOxlint(request),
  graph: 'none',
  // tsgolint decides what the type-aware rules find.
  toolPackages: ['oxlint', 'oxlint-tsgolint'],
  deferral: 'deferrable',
  findConfigFile: (root) => (existsSync(join(root, configName)) ? configName : undefined),
  warm: {
    // After tsc, whose reach bounds what a type-aware re-lint must cover.
    order: 2,
    packages: ['oxlint', 'oxlint-tsgolint'],
    // Its config (nested ones too) and the ignore file it reads besides .gitignore.
    configFiles: /^(?:\.oxlintrc\.json|\.eslintignore)$/,
    reachFromGraph: true,
    open: async (request, shared) => {
      const session = (await import('./warm-session.js')).openOxlintSession(request, shared);
      return {
        run: async (hint, typed, seed) => ({ output: await session.run(hint, typed, seed) }),
        // Nothing to hold: the next run's hint names the files, and it lints every hinted file
        // again (all, for one it has no findings of), with what tsc's run says their change reached.
        rebase: () => undefined,
      };
    },
  },
};
