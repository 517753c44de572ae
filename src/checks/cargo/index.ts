/**
 * The `cargo` check: `cargo check` or `cargo clippy` over the workspace, build files in culprit's
 * cache (adapter.ts); crates are the graph's units, from `cargo metadata` (graph.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckDefinition } from '../check-definition.js';
import type { ExecutableOptions } from '../check.js';
import { readText } from '../project-files.js';
import type { RawCargoCheck } from './schema.js';

export interface CargoOptions extends ExecutableOptions {
  /** Cargo.toml of the package or workspace, relative to the root. */
  manifestPath: string;
  /** Run `cargo clippy` instead of `cargo check` (clippy reports rustc's findings too). */
  clippy: boolean;
  /** Pass `--all-targets`: tests, benches and examples as well as libraries and binaries. */
  allTargets: boolean;
  /**
   * Where cargo writes its build files, relative to the checked tree or absolute; null uses a
   * folder in culprit's cache, so neither the user's target/ nor the tree is ever written to.
   */
  targetDir: string | null;
}

const defaultManifest = 'Cargo.toml';

export const cargoCheck: CheckDefinition<'cargo', CargoOptions, RawCargoCheck> = {
  kind: 'cargo',
  detection: { files: defaultManifest, isUsed: (probe) => probe.has(defaultManifest) },
  resolveOptions: (raw, root) => {
    const manifestPath = raw.manifestPath ?? defaultManifest;
    return {
      workTree: root,
      manifestPath,
      clippy: raw.clippy ?? hasClippyConfig(root, manifestPath),
      allTargets: raw.allTargets ?? false,
      targetDir: raw.targetDir ?? null,
    };
  },
  loadSchema: async () => (await import('./schema.js')).cargoCheckSchema,
  run: async (request) => (await import('./adapter.js')).runCargo(request),
  graph: 'cargo-crates',
};

/** clippy.toml, .clippy.toml, or a `[lints.clippy]` / `[workspace.lints.clippy]` table in the manifest: clippy is then the default. */
function hasClippyConfig(root: string, manifestPath: string): boolean {
  if (existsSync(join(root, 'clippy.toml')) || existsSync(join(root, '.clippy.toml'))) return true;
  return /^\s*\[\s*(?:workspace\s*\.\s*)?lints\s*\.\s*clippy\s*\]/m.test(readText(join(root, manifestPath)));
}
