/**
 * The `eslint` check: the repository's own ESLint (9 or 10, flat config) through its Node API,
 * configured only by the repository's eslint.config.*, as `npx eslint <patterns>` would lint.
 * Nothing is written: no fixes, no cache file.
 */
import type { ESLint as EslintInstance, Linter } from 'eslint';
import { join, relative } from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { EslintOptions } from './index.js';
import { makeEslintDiagnostic } from './messages.js';
import { makeRepoPath } from '../output/repo-path.js';
import { requireTool } from '../runner/resolve-tool.js';
import { makeProgramCapture, traceLintResults } from './trace-findings.js';

export interface EslintClass {
  new (options: EslintInstance.Options): EslintInstance;
  readonly version: string;
}

interface EslintModule {
  ESLint: EslintClass;
}

export async function runEslint({ root, options }: CheckRequest<EslintOptions>): Promise<CheckOutput> {
  const ESLint = loadEslintClass(root);
  const capture = makeProgramCapture();
  const eslint = makeEslint(ESLint, root, [capture.config]);
  await loadConfig(eslint, root);
  const results = await lint(eslint, options.patterns);
  const traced = traceLintResults(root, eslint, capture, results, makeResultReader(root));
  return { version: ESLint.version, diagnostics: [...traced.values()].flat(), checkedFiles: results.length };
}

/** The repository's own ESLint class; throws when it is older than 9 (no flat config API). */
export function loadEslintClass(root: string): EslintClass {
  const { ESLint } = requireTool<EslintModule>(root, 'eslint');
  if (Number.parseInt(ESLint.version, 10) < 9) {
    throw new Error(
      `eslint ${ESLint.version} in ${root} is too old: culprit runs ESLint 9 or later with a flat config`,
    );
  }
  return ESLint;
}

/** An ESLint that lints as `npx eslint` would and writes nothing. `overrideConfig` goes after the user's config. */
export function makeEslint(ESLint: EslintClass, root: string, overrideConfig?: Linter.Config[]): EslintInstance {
  return new ESLint({
    cwd: root,
    fix: false,
    cache: false,
    // A pattern may name a folder that exists only after the edit (or only before it); an
    // empty match is not an error when two trees are compared.
    errorOnUnmatchedPattern: false,
    warnIgnored: false,
    ...(overrideConfig === undefined ? {} : { overrideConfig }),
  });
}

/** Turns one file's lint result into diagnostics with repository-relative paths. */
export function makeResultReader(root: string): (result: EslintInstance.LintResult) => Diagnostic[] {
  const toRepoPath = makeRepoPath(root);
  return (result) =>
    result.messages
      .filter((message) => !isIgnoredNotice(message))
      .map((message) => makeEslintDiagnostic(message, toRepoPath(result.filePath)));
}

/**
 * Loads the flat config before linting, so a broken config is reported as one (ESLint's own
 * error does not name the file) and never mistaken for a clean run.
 */
export async function loadConfig(eslint: EslintInstance, root: string): Promise<void> {
  // findConfigFile names the file for the error message; it exists throughout ESLint 9 and 10.
  const configFile = typeof eslint.findConfigFile === 'function' ? await eslint.findConfigFile() : undefined;
  const name = configFile === undefined ? 'eslint.config.js' : relative(root, configFile);
  try {
    await eslint.calculateConfigForFile(join(root, '__culprit_probe__.js'));
  } catch (error) {
    throw makeConfigError(error, configFile === undefined ? undefined : name, root);
  }
}

export async function lint(eslint: EslintInstance, patterns: readonly string[]): Promise<EslintInstance.LintResult[]> {
  try {
    return await eslint.lintFiles([...patterns]);
  } catch (error) {
    throw new Error(`eslint failed while linting: ${readFirstLine(error)}`, { cause: error });
  }
}

function makeConfigError(error: unknown, configFile: string | undefined, root: string): Error {
  const reason = readFirstLine(error);
  const typescriptMajor = /typescript-eslint does not support TS (\d+(?:\.\d+)?)/.exec(reason)?.[1];
  if (typescriptMajor !== undefined) {
    return new Error(
      `typescript-eslint refuses this repository's TypeScript ${typescriptMajor}, so ESLint cannot run: install TypeScript 6 where typescript-eslint resolves "typescript" (it can sit beside TypeScript 7), or disable the eslint check`,
      { cause: error },
    );
  }
  if (configFile === undefined) {
    return new Error(`ESLint found no flat config (eslint.config.js, .mjs, .cjs or .ts) in ${root}: ${reason}`, {
      cause: error,
    });
  }
  return new Error(`${configFile} could not be loaded: ${reason}`, { cause: error });
}

/** ESLint's notice for a file named explicitly but ignored by the config; not a finding. */
function isIgnoredNotice(message: Linter.LintMessage): boolean {
  return message.ruleId === null && message.fatal !== true && /^File ignored\b/.test(message.message);
}

function readFirstLine(error: unknown): string {
  const message =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return message.split('\n')[0]?.trim() ?? '';
}
