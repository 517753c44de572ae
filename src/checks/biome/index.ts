/**
 * The `biome` check: the repository's own Biome as `biome lint --reporter=sarif` (adapter.ts,
 * output.ts). Configured by the repository's biome.json or biome.jsonc. Biome gives no graph:
 * tsc's, when both run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckDefinition } from '../check-definition.js';
import type { ExecutableOptions } from '../check.js';
import type { RawBiomeCheck } from './schema.js';

export interface BiomeOptions extends ExecutableOptions {
  /** What `biome lint` lints, relative to the root. */
  targets: string[];
}

/** The root config files Biome reads, in its order. */
const configNames = ['biome.json', 'biome.jsonc'];

const defaultTargets: readonly string[] = ['.'];

export const biomeCheck: CheckDefinition<'biome', BiomeOptions, RawBiomeCheck> = {
  kind: 'biome',
  detection: { files: 'biome.json or biome.jsonc', isUsed: (probe) => configNames.some((name) => probe.has(name)) },
  resolveOptions: (raw, root) => ({ workTree: root, targets: raw.targets ?? [...defaultTargets] }),
  loadSchema: async () => (await import('./schema.js')).biomeCheckSchema,
  run: async (request) => (await import('./adapter.js')).runBiome(request),
  graph: 'none',
  toolPackages: ['@biomejs/biome'],
  deferral: 'deferrable',
  findConfigFile: (root) => configNames.find((name) => existsSync(join(root, name))),
};
