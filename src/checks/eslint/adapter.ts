/**
 * The `eslint` check: the repository's own ESLint through its Node API, run in the check's folder
 * (`cwd`) as `cd <cwd> && npx eslint <patterns>` would lint, configured only by the repository's
 * own config (load-eslint.ts says which: flat or eslintrc). Nothing is written: no fixes, no
 * cache file.
 */
import type { ESLint as EslintInstance, Linter } from 'eslint';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { EslintOptions } from './index.js';
import { makeEslintDiagnostic } from './messages.js';
import { makeRepoPath, makeRootStripper } from '../output/repo-path.js';
import { findNestedFlatConfigs } from './nested-configs.js';
import { loadEslint, type LoadedEslint } from './load-eslint.js';
import { findConfigUpwards } from './config-files.js';
import { makeProgramCapture, traceLintResults } from './trace-findings.js';
import { makeEslintSuppressions } from './suppressions.js';
import { isScriptFile } from '../output/directive-suppressions.js';
import {
  listEslintConfigFiles,
  makeConfigReader,
  makeEslintStrength,
  type ConfigReader,
  type FileConfig,
} from './strength.js';

export type { EslintClass, LoadedEslint } from './load-eslint.js';
export { loadEslint } from './load-eslint.js';

export async function runEslint({ root, options }: CheckRequest<EslintOptions>): Promise<CheckOutput> {
  const loaded = await loadEslint(root, options);
  const capture = makeProgramCapture();
  // The eslintrc API takes no flat config entry, so an eslintrc run's findings are not traced.
  const eslint = makeEslint(loaded, options, loaded.format === 'flat' ? [capture.config] : undefined);
  await loadConfig(eslint, loaded, root);
  const results = await lint(eslint, options.patterns, loaded, root);
  const files = results.map((result) => result.filePath);
  const configs = await readFileConfigs(makeConfigReader(eslint, loaded), files);
  const traced = traceLintResults(root, eslint, capture, results, makeResultReader(root, configs));
  return {
    version: loaded.ESLint.version,
    diagnostics: [...traced.values()].flat(),
    checkedFiles: results.length,
    ...describeLintedFiles(root, loaded, files, configs),
    notes: loaded.notes.length === 0 ? undefined : loaded.notes,
  };
}

/** Each file's resolved config, in the order given (files ESLint resolves no config for are left out). */
export async function readFileConfigs(read: ConfigReader, files: Iterable<string>): Promise<Map<string, FileConfig>> {
  const configs = new Map<string, FileConfig>();
  for (const file of files) {
    const config = await read(file);
    if (config !== undefined) configs.set(file, config);
  }
  return configs;
}

/** What a run covered and how strictly: the linted files, the config files read, and a strength scope per resolved config. */
export function describeLintedFiles(
  root: string,
  loaded: LoadedEslint,
  files: Iterable<string>,
  configs: ReadonlyMap<string, FileConfig>,
): Pick<CheckOutput, 'checkedPaths' | 'configFiles' | 'strength'> {
  return {
    checkedPaths: listCheckedPaths(root, files),
    configFiles: listEslintConfigFiles(root, loaded, configs),
    strength: makeEslintStrength(root, configs),
  };
}

/**
 * An ESLint that lints as `npx eslint` would in its folder and writes nothing. `overrideConfig`
 * (flat only: the warm session's programs) goes after the user's config.
 */
export function makeEslint(
  loaded: LoadedEslint,
  options: Pick<EslintOptions, 'ignores'>,
  overrideConfig?: Linter.Config[],
): EslintInstance {
  const common = {
    cwd: loaded.cwd,
    fix: false,
    cache: false,
    // A pattern may name a folder that exists only after the edit (or only before it); an
    // empty match is not an error when two trees are compared.
    errorOnUnmatchedPattern: false,
  };
  if (loaded.format === 'eslintrc') {
    // The eslintrc API rejects options it does not know (warnIgnored, ignorePatterns at the top).
    return new loaded.ESLint({
      ...common,
      extensions: loaded.extensions,
      overrideConfig: options.ignores.length === 0 ? undefined : { ignorePatterns: options.ignores },
    } as EslintInstance.Options);
  }
  return new loaded.ESLint({
    ...common,
    warnIgnored: false,
    ignorePatterns: options.ignores.length === 0 ? undefined : options.ignores,
    overrideConfig,
  });
}

/** The linted files, repository-relative and sorted, as a baseline keeps them (a later cold check reuses their results). */
export function listCheckedPaths(root: string, files: Iterable<string>): string[] {
  const toRepoPath = makeRepoPath(root);
  return [...files].map(toRepoPath).sort();
}

/**
 * Turns one file's lint result into diagnostics with repository-relative paths, and the
 * directives in a script file whose config is known into suppression findings (suppressions.ts).
 */
export function makeResultReader(
  root: string,
  configs: ReadonlyMap<string, FileConfig>,
): (result: EslintInstance.LintResult) => Diagnostic[] {
  const toRepoPath = makeRepoPath(root);
  return (result) => {
    const path = toRepoPath(result.filePath);
    const diagnostics = result.messages
      .filter((message) => !isIgnoredNotice(message))
      .map((message) => makeEslintDiagnostic(message, path));
    const config = configs.get(result.filePath);
    if (config === undefined || !isScriptFile(result.filePath)) return diagnostics;
    const text = readText(result.filePath);
    if (text === undefined) return diagnostics;
    // ESLint before 8.8 lists no suppressed messages.
    const suppressed = (result.suppressedMessages as EslintInstance.LintResult['suppressedMessages'] | undefined) ?? [];
    return [...diagnostics, ...makeEslintSuppressions(text, path, config.settings, suppressed)];
  };
}

/** A file's text as ESLint reads it (without a byte order mark); undefined once it is gone. */
function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/**
 * Loads the config before linting, so a broken config is reported as one, named by its path
 * (ESLint's own error does not name the file), and never mistaken for a clean run.
 */
export async function loadConfig(eslint: EslintInstance, loaded: LoadedEslint, root: string): Promise<void> {
  try {
    await eslint.calculateConfigForFile(join(loaded.cwd, '__culprit_probe__.js'));
  } catch (error) {
    throw makeConfigError(error, loaded, root);
  }
}

/**
 * Lints the patterns. ESLint 10 loads the config nearest each file, so a broken config in a
 * subfolder fails here, unnamed: the error then names the first nested config that cannot load.
 */
export async function lint(
  eslint: EslintInstance,
  patterns: readonly string[],
  loaded: LoadedEslint,
  root: string,
): Promise<EslintInstance.LintResult[]> {
  try {
    return await eslint.lintFiles([...patterns]);
  } catch (error) {
    if (loaded.format === 'flat' && loaded.major >= 10) {
      for (const config of findNestedFlatConfigs(loaded.cwd, loaded.configFile)) {
        try {
          await eslint.calculateConfigForFile(join(config, '..', '__culprit_probe__.js'));
        } catch (nestedError) {
          const reason = makeRootStripper(root)(readFirstLine(nestedError));
          throw new Error(`${relative(root, config)} could not be loaded: ${reason}`, {
            cause: nestedError,
          });
        }
      }
    }
    throw new Error(`eslint failed while linting: ${readFirstLine(error)}`, { cause: error });
  }
}

function makeConfigError(error: unknown, loaded: LoadedEslint, root: string): Error {
  // Where the tree lives (a base copy in $TMPDIR) is noise in a one-line reason.
  const reason = makeRootStripper(root)(readFirstLine(error));
  const typescriptMajor = /typescript-eslint does not support TS (\d+(?:\.\d+)?)/.exec(reason)?.[1];
  if (typescriptMajor !== undefined) {
    return new Error(
      `typescript-eslint refuses this repository's TypeScript ${typescriptMajor}, so ESLint cannot run: install TypeScript 6 where typescript-eslint resolves "typescript" (it can sit beside TypeScript 7), or disable the eslint check`,
      { cause: error },
    );
  }
  const eslintrc = loaded.format === 'flat' ? findConfigUpwards(loaded.cwd, 'eslintrc') : undefined;
  if (loaded.configFile === undefined && eslintrc !== undefined) {
    const how =
      loaded.major >= 10
        ? 'ESLint 10 reads no eslintrc; migrate it to eslint.config.js, or install ESLint 9 or 8'
        : 'ESLINT_USE_FLAT_CONFIG=true asks for a flat config; unset it, or migrate to eslint.config.js';
    return new Error(`ESLint ${loaded.ESLint.version} cannot run ${relative(root, eslintrc)}: ${how}`, {
      cause: error,
    });
  }
  if (loaded.configFile === undefined) {
    const wanted =
      loaded.format === 'flat'
        ? 'no flat config (eslint.config.js, .mjs, .cjs or .ts)'
        : 'no eslintrc (.eslintrc.*, or eslintConfig in package.json)';
    return new Error(`ESLint ${loaded.ESLint.version} found ${wanted} from ${loaded.cwd} upwards: ${reason}`, {
      cause: error,
    });
  }
  return new Error(`${relative(root, loaded.configFile)} could not be loaded: ${reason}`, { cause: error });
}

/** ESLint's notice for a file named explicitly but ignored by the config; not a finding. */
function isIgnoredNotice(message: Linter.LintMessage): boolean {
  return message.ruleId === null && message.fatal !== true && /^File ignored\b/.test(message.message);
}

export function readFirstLine(error: unknown): string {
  const message =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return message.split('\n')[0]?.trim() ?? '';
}
