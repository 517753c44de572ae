/**
 * Where ESLint's configuration is, read from the file system the way ESLint itself looks: a flat
 * config (`eslint.config.*`, ESLint 9 and later, 8.57 when asked) or an eslintrc (`.eslintrc.*`,
 * or `eslintConfig` in package.json: ESLint 8, and 9 with `ESLINT_USE_FLAT_CONFIG=false`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type EslintConfigFormat = 'flat' | 'eslintrc';

export interface EslintConfigFile {
  /** Absolute path; `package.json` for an `eslintConfig` field. */
  path: string;
  format: EslintConfigFormat;
}

/** The flat config files ESLint looks for in a folder, in its order. */
export const flatConfigNames = [
  'eslint.config.js',
  'eslint.config.mjs',
  'eslint.config.cjs',
  'eslint.config.ts',
  'eslint.config.mts',
  'eslint.config.cts',
] as const;

/** The eslintrc files ESLint 8 looks for in a folder, in its order (package.json's `eslintConfig` comes last). */
export const eslintrcNames = [
  '.eslintrc.js',
  '.eslintrc.cjs',
  '.eslintrc.yaml',
  '.eslintrc.yml',
  '.eslintrc.json',
  '.eslintrc',
] as const;

/** The configuration file names whose change restarts a warm ESLint worker. */
export const eslintConfigFilePattern =
  /^(?:eslint\.config\.[cm]?[jt]s|\.eslintrc(?:\.(?:[cm]?js|ya?ml|json))?|\.eslintignore)$/;

/** The flat config in `dir` itself, if any. */
export function findFlatConfigIn(dir: string): string | undefined {
  return flatConfigNames.map((name) => join(dir, name)).find((path) => existsSync(path));
}

/** The eslintrc in `dir` itself, if any: a `.eslintrc.*` file, else package.json with an `eslintConfig` field. */
export function findEslintrcIn(dir: string): string | undefined {
  const file = eslintrcNames.map((name) => join(dir, name)).find((path) => existsSync(path));
  if (file !== undefined) return file;
  const manifest = join(dir, 'package.json');
  return hasEslintConfigField(manifest) ? manifest : undefined;
}

/** The ESLint config of a folder itself, flat first (what ESLint 9 and 10 use when both exist). */
export function findConfigIn(dir: string): EslintConfigFile | undefined {
  const flat = findFlatConfigIn(dir);
  if (flat !== undefined) return { path: flat, format: 'flat' };
  const eslintrc = findEslintrcIn(dir);
  return eslintrc === undefined ? undefined : { path: eslintrc, format: 'eslintrc' };
}

/** The nearest config of one format from `dir` upwards, as ESLint searches from its cwd. */
export function findConfigUpwards(dir: string, format: EslintConfigFormat): string | undefined {
  const findIn = format === 'flat' ? findFlatConfigIn : findEslintrcIn;
  for (let current = dir; ; current = dirname(current)) {
    const found = findIn(current);
    if (found !== undefined) return found;
    if (dirname(current) === current) return undefined;
  }
}

function hasEslintConfigField(manifest: string): boolean {
  try {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'eslintConfig' in parsed;
  } catch {
    return false;
  }
}
