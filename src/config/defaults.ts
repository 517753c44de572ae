/**
 * Every default of the configuration, in one place: resolve-settings.ts writes them out, and
 * detection resolves a detected check exactly as if it had been listed with no fields.
 */
import { defaultMaxOutputBytes } from '../checks/runner/run-tool.js';

export const defaults = {
  timeoutMs: 600_000,
  maxFiles: 2,
  outputLimit: 8000,
  tsconfig: 'tsconfig.json',
  eslintPatterns: ['.'],
  pythonSourceRoots: ['.', 'src'],
  mypyTargets: ['.'],
  ruffTargets: ['.'],
  cargoManifest: 'Cargo.toml',
  commandPhase: 'lint',
  maxOutputBytes: defaultMaxOutputBytes,
} as const;

export const eslintConfigNames = [
  'eslint.config.js',
  'eslint.config.mjs',
  'eslint.config.cjs',
  'eslint.config.ts',
  'eslint.config.mts',
  'eslint.config.cts',
];
