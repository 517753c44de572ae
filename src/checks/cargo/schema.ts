/** The `cargo` entry of culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';

export const cargoCheckSchema = z.strictObject({
  ...makeCheckFields('cargo'),
  manifestPath: z
    .string()
    .min(1)
    .optional()
    .describe('Cargo.toml of the package or workspace, relative to the root (default Cargo.toml).'),
  clippy: z
    .boolean()
    .optional()
    .describe(
      'Run `cargo clippy` instead of `cargo check` (default: true when clippy.toml, .clippy.toml or a [lints.clippy] table is present).',
    ),
  allTargets: z
    .boolean()
    .optional()
    .describe('Check tests, benches and examples too, with --all-targets (default false).'),
  targetDir: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Cargo's target dir, relative to the checked tree or absolute (default: a folder in culprit's cache, so the repository's target/ is never written to).",
    ),
});

export type RawCargoCheck = z.infer<typeof cargoCheckSchema>;
