/**
 * Which ESLint class of the repository's own ESLint runs a check's folder, decided as ESLint's
 * own CLI decides it there:
 *
 * - ESLint 10: flat config only.
 * - `ESLINT_USE_FLAT_CONFIG=true` / `false`: flat / eslintrc (ESLint 8 and 9).
 * - otherwise a flat config from the folder upwards means flat; else an eslintrc means eslintrc.
 *   ESLint 9 itself would refuse that eslintrc without `ESLINT_USE_FLAT_CONFIG=false`, which a
 *   lint script sets; culprit runs it as that script would, and says so in a note.
 *
 * The class comes from `loadESLint({ useFlatConfig })` (8.57+, 9); older 8.x gives `ESLint`
 * (eslintrc) and `FlatESLint` from `eslint/use-at-your-own-risk`.
 */
import type { ESLint as EslintInstance } from 'eslint';
import { join, relative } from 'node:path';
import type { EslintOptions } from './index.js';
import { findConfigUpwards, type EslintConfigFormat } from './config-files.js';
import { requireTool } from '../runner/resolve-tool.js';

export interface EslintClass {
  new (options: EslintInstance.Options): EslintInstance;
  readonly version: string;
}

interface EslintModule {
  ESLint: EslintClass;
  loadESLint?: (options: { useFlatConfig: boolean; cwd: string }) => Promise<EslintClass>;
}

/** The repository's ESLint, ready to be instantiated for one check's folder. */
export interface LoadedEslint {
  ESLint: EslintClass;
  major: number;
  format: EslintConfigFormat;
  /** Absolute folder ESLint runs in. */
  cwd: string;
  /** The config ESLint reads for `cwd` (absolute), when culprit can see it. */
  configFile: string | undefined;
  /** Extensions an eslintrc run lints in folders (ESLint's `extensions`), when not ESLint's own default. */
  extensions: string[] | undefined;
  /** What the user should know about how it ran. */
  notes: string[];
}

/** The extensions an eslintrc run adds to ESLint's `.js` when its config parses TypeScript. */
const typescriptExtensions = ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.tsx', '.mts', '.cts'];

export async function loadEslint(
  root: string,
  options: Pick<EslintOptions, 'cwd' | 'patterns'>,
): Promise<LoadedEslint> {
  const cwd = join(root, options.cwd);
  const eslintModule = requireTool<EslintModule>(cwd, 'eslint');
  const { version } = eslintModule.ESLint;
  const major = Number.parseInt(version, 10);
  if (major < 8) {
    throw new Error(`eslint ${version} in ${cwd} is too old: culprit runs ESLint 8 or later`);
  }
  const { format, notes } = decideFormat(major, cwd, root);
  const ESLint = await loadEslintClass(eslintModule, format, cwd);
  const configFile = findConfigUpwards(cwd, format);
  const loaded: LoadedEslint = { ESLint, major, format, cwd, configFile, extensions: undefined, notes };
  if (format === 'eslintrc' && isDefaultPatterns(options.patterns)) await addTypescriptExtensions(loaded);
  return loaded;
}

function decideFormat(major: number, cwd: string, root: string): { format: EslintConfigFormat; notes: string[] } {
  if (major >= 10) return { format: 'flat', notes: [] };
  const asked = process.env.ESLINT_USE_FLAT_CONFIG;
  if (asked === 'true') return { format: 'flat', notes: [] };
  if (asked === 'false') return { format: 'eslintrc', notes: [] };
  if (findConfigUpwards(cwd, 'flat') !== undefined) return { format: 'flat', notes: [] };
  const eslintrc = findConfigUpwards(cwd, 'eslintrc');
  if (eslintrc === undefined) return { format: major >= 9 ? 'flat' : 'eslintrc', notes: [] };
  return {
    format: 'eslintrc',
    notes:
      major >= 9
        ? [
            `ESLint ${major} reads ${relative(root, eslintrc)} only with ESLINT_USE_FLAT_CONFIG=false; culprit ran it so, as a lint script that sets it would`,
          ]
        : [],
  };
}

async function loadEslintClass(
  eslintModule: EslintModule,
  format: EslintConfigFormat,
  cwd: string,
): Promise<EslintClass> {
  if (Number.parseInt(eslintModule.ESLint.version, 10) >= 10) return eslintModule.ESLint;
  if (typeof eslintModule.loadESLint === 'function')
    return eslintModule.loadESLint({ useFlatConfig: format === 'flat', cwd });
  if (format === 'eslintrc') return eslintModule.ESLint;
  return requireTool<{ FlatESLint: EslintClass }>(cwd, 'eslint/use-at-your-own-risk').FlatESLint;
}

/**
 * `eslint .` with an eslintrc lints only `.js` files in folders (and files its overrides name);
 * a repository whose config parses TypeScript lints `.ts` through `--ext` or globs in its lint
 * script, so culprit lints those extensions too and says so.
 */
async function addTypescriptExtensions(loaded: LoadedEslint): Promise<void> {
  let parser: unknown;
  try {
    const probe = new loaded.ESLint({ cwd: loaded.cwd });
    parser = ((await probe.calculateConfigForFile(join(loaded.cwd, '__culprit_probe__.ts'))) as { parser?: unknown })
      .parser;
  } catch {
    // A broken config is reported when the check loads it.
    return;
  }
  if (typeof parser !== 'string' || !/typescript-eslint|@typescript-eslint[\\/]parser/.test(parser)) return;
  loaded.extensions = typescriptExtensions;
  loaded.notes.push(
    `its eslintrc parses TypeScript, so culprit lints ${typescriptExtensions.join(' ')} files, as a lint script with --ext does (ESLint's own \`eslint .\` lints only .js there); set eslint.patterns to lint other files`,
  );
}

function isDefaultPatterns(patterns: readonly string[]): boolean {
  return patterns.length === 1 && patterns[0] === '.';
}
