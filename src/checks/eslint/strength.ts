/**
 * How strictly ESLint lints each file, and which configuration files say so (issue 35): the
 * resolved config of every linted file (`calculateConfigForFile`), read as each rule's severity
 * (`[2, 'error']`, `[1, 'warn']`, `[0, 'off']`) plus the linter options that decide whether
 * directives count (`noInlineConfig`, `reportUnusedDisableDirectives`, and
 * `reportUnusedInlineConfigs` where the version has it), and what stands between a file's text and
 * its rules (its processor, parser and plugins: a config can redefine them to lint nothing while
 * every rule stays "error"). Files with the same resolved config are
 * one strength scope, named by the config file they come from; a flat config gives the same
 * object to every file that matches the same entries, so that is read once per object. An eslintrc
 * resolves a fresh object per file, and its scopes are grouped by their settings.
 */
import type { ESLint as EslintInstance } from 'eslint';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StrengthScope } from '../../core/check-run.js';
import { isInside } from '../../core/is-inside.js';
import { makeRepoPath } from '../output/repo-path.js';
import { findConfigUpwards, findEslintrcIn } from './config-files.js';
import type { LoadedEslint } from './load-eslint.js';
import { isCulpritPlugin, isCulpritRule } from './trace-findings.js';

export type EslintSettings = StrengthScope['settings'];

/** What decides how one file is linted: its settings and the config file they come from (absolute), when known. */
export interface FileConfig {
  settings: EslintSettings;
  source: string | undefined;
}

/** The resolved config of a linted file, read once per config object; undefined for a file ESLint ignores. */
export type ConfigReader = (file: string) => Promise<FileConfig | undefined>;

interface ResolvedConfig {
  rules?: Record<string, unknown>;
  processor?: unknown;
  /** eslintrc's parser: a module path, or null for espree. */
  parser?: unknown;
  languageOptions?: { parser?: unknown };
  /** A flat config's plugins by namespace (an eslintrc lists names). */
  plugins?: unknown;
  linterOptions?: {
    noInlineConfig?: unknown;
    reportUnusedDisableDirectives?: unknown;
    reportUnusedInlineConfigs?: unknown;
  };
  noInlineConfig?: unknown;
  reportUnusedDisableDirectives?: unknown;
}

export function makeConfigReader(eslint: EslintInstance, loaded: LoadedEslint): ConfigReader {
  const read = new WeakMap<object, Promise<FileConfig>>();
  const eslintrcIn = new Map<string, string | undefined>();
  const findSource = (file: string): Promise<string | undefined> | string | undefined => {
    if (loaded.format === 'eslintrc') {
      const dir = dirname(file);
      if (!eslintrcIn.has(dir)) eslintrcIn.set(dir, findConfigUpwards(dir, 'eslintrc'));
      return eslintrcIn.get(dir);
    }
    // ESLint 10 looks a config up from each file's folder; older versions use the one of cwd.
    return loaded.major >= 10 ? eslint.findConfigFile(file) : loaded.configFile;
  };
  return async (file) => {
    const config = (await eslint.calculateConfigForFile(file)) as (ResolvedConfig & object) | undefined;
    if (config === undefined) return undefined;
    let found = read.get(config);
    if (found === undefined) {
      found = Promise.resolve(findSource(file)).then((source) => ({ settings: readEslintSettings(config), source }));
      read.set(config, found);
    }
    return found;
  };
}

/** A resolved config (flat or eslintrc) as settings: each rule's severity and the directive options. */
export function readEslintSettings(config: ResolvedConfig): EslintSettings {
  const settings: EslintSettings = {};
  for (const [rule, entry] of Object.entries(config.rules ?? {}))
    if (!isCulpritRule(rule)) settings[rule] = readSeverity(Array.isArray(entry) ? entry[0] : entry);
  const options = config.linterOptions ?? config;
  settings['linterOptions.noInlineConfig'] = options.noInlineConfig === true ? [1, 'true'] : [0, 'false'];
  // An eslintrc says `true` for what a flat config calls "warn".
  settings['linterOptions.reportUnusedDisableDirectives'] = readSeverity(options.reportUnusedDisableDirectives);
  if (config.linterOptions?.reportUnusedInlineConfigs !== undefined)
    settings['linterOptions.reportUnusedInlineConfigs'] = readSeverity(config.linterOptions.reportUnusedInlineConfigs);
  readHowLinted(config, settings);
  return settings;
}

/**
 * What a file's text passes through before its rules see it. A processor that returns no blocks,
 * a parser that returns an empty program or a plugin whose rules report nothing, written in the
 * config itself, lint nothing while every rule stays "error". Level 1 is no processor, and a
 * parser or plugin a package names (its `meta.name`, or a module under node_modules for an
 * eslintrc); 0 is any processor, and one without a name. So the edit that gives linted files one
 * of those weakens them; a team's own unnamed plugin, there before the edit, is nothing.
 */
function readHowLinted(config: ResolvedConfig, settings: EslintSettings): void {
  const { processor } = config;
  settings['processor'] =
    processor === undefined || processor === null ? [1, 'none'] : [0, readName(processor) ?? 'one the config defines'];
  const parser = config.languageOptions?.parser ?? config.parser;
  if (typeof parser === 'string') {
    const inPackage = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(parser)?.[1];
    settings['parser'] = inPackage === undefined ? [0, 'a module of the repository'] : [1, inPackage];
  } else if (parser === undefined || parser === null) settings['parser'] = [1, 'espree'];
  else {
    const name = readName(parser);
    settings['parser'] = name === undefined ? [0, 'one the config defines'] : [1, name];
  }
  if (typeof config.plugins !== 'object' || config.plugins === null || Array.isArray(config.plugins)) return;
  // Only plugins whose rules run: taking out one that none of its rules used weakens nothing.
  const used = new Set<string>();
  for (const [rule, [level]] of Object.entries(settings))
    if (level > 0 && rule.lastIndexOf('/') > 0) used.add(rule.slice(0, rule.lastIndexOf('/')));
  for (const [namespace, plugin] of Object.entries(config.plugins as Record<string, unknown>)) {
    if (!used.has(namespace) || isCulpritPlugin(namespace)) continue;
    const name = readName(plugin);
    settings[`plugins.${namespace}`] = name === undefined ? [0, 'one the config defines'] : [1, name];
  }
}

/** The name a processor, parser or plugin gives itself (`meta.name`, or espree's own `name`). */
function readName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const { meta, name } = value as { meta?: { name?: unknown }; name?: unknown };
  const named = meta?.name ?? name;
  return typeof named === 'string' && named !== '' ? named : undefined;
}

function readSeverity(value: unknown): [number, string] {
  if (value === 2 || value === 'error') return [2, 'error'];
  if (value === 1 || value === 'warn' || value === true) return [1, 'warn'];
  return [0, 'off'];
}

/** Whether the file's config turns directives off altogether (`noInlineConfig`): then none of its directives counts. */
export function isInlineConfigOff(settings: EslintSettings): boolean {
  return settings['linterOptions.noInlineConfig']?.[0] === 1;
}

/** The linted files grouped into scopes by the config that resolves them, each named by its config file. */
export function makeEslintStrength(root: string, configs: ReadonlyMap<string, FileConfig>): StrengthScope[] {
  const toRepoPath = makeRepoPath(root);
  const byConfig = new Map<FileConfig, string[]>();
  for (const [file, config] of configs) {
    const files = byConfig.get(config);
    if (files === undefined) byConfig.set(config, [file]);
    else files.push(file);
  }
  const scopes = new Map<string, StrengthScope & { files: string[] }>();
  for (const [{ settings, source }, files] of byConfig) {
    const sourcePath = source === undefined || !isInside(root, source) ? null : toRepoPath(source);
    const key = `${sourcePath}\0${JSON.stringify(settings)}`;
    const scope = scopes.get(key) ?? { source: sourcePath, files: [], settings };
    scope.files.push(...files.map(toRepoPath));
    scopes.set(key, scope);
  }
  return [...scopes.values()]
    .map((scope) => ({ ...scope, files: scope.files.sort() }))
    .sort((a, b) => (a.source ?? '').localeCompare(b.source ?? '') || a.files[0]!.localeCompare(b.files[0]!));
}

/**
 * The configuration files a run read, repository-relative: the config of each scope (and cwd's),
 * and for an eslintrc every `.eslintrc.*` from a linted file's folder up to the root (ESLint
 * merges them) and `.eslintignore` in cwd.
 */
export function listEslintConfigFiles(
  root: string,
  loaded: LoadedEslint,
  configs: ReadonlyMap<string, FileConfig>,
): string[] {
  const found = new Set<string>();
  if (loaded.configFile !== undefined) found.add(loaded.configFile);
  for (const { source } of new Set(configs.values())) if (source !== undefined) found.add(source);
  if (loaded.format === 'eslintrc') {
    const seen = new Set<string>();
    for (const file of configs.keys()) {
      for (let dir = dirname(file); isInside(root, dir) || dir === root; dir = dirname(dir)) {
        if (seen.has(dir)) break;
        seen.add(dir);
        const config = findEslintrcIn(dir);
        if (config !== undefined) found.add(config);
      }
    }
    const ignoreFile = join(loaded.cwd, '.eslintignore');
    if (existsSync(ignoreFile)) found.add(ignoreFile);
  }
  const toRepoPath = makeRepoPath(root);
  return [...found]
    .filter((path) => isInside(root, path))
    .map(toRepoPath)
    .sort();
}
