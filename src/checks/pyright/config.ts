/**
 * pyright's configuration as culprit reads it: pyrightconfig.json (JSON with comments), else
 * pyproject.toml's `[tool.pyright]`, from the root or the `project` option. What it gives:
 *
 * - strength: `typeCheckingMode` (off 0 < basic 1 < standard 2 < strict 3; standard when unset),
 *   every `report*` rule written there (error 2, warning and information 1, none 0; `true` is
 *   error, `false` none), the `strict` paths and the boolean switches that only relax checking;
 *   a rule the baseline wrote and this run does not counts as switched off;
 * - the files pyright analyzes, listed as pyright finds them (`include`, `exclude` and its
 *   automatic excludes, virtualenvs skipped), minus the `ignore`d ones, whose findings pyright
 *   drops: the run's coverage when the count matches pyright's own `filesAnalyzed`.
 */
import { existsSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import type { StrengthScope } from '../../core/check-run.js';
import { parseJsonc } from '../output/read-jsonc.js';
import { countTurnedOff } from '../output/least-strict.js';
import { readText } from '../project-files.js';
import { asTable, readPyprojectTool, type TomlTable } from '../python/config-files.js';

export interface PyrightConfig {
  /** Repository-relative, or null when pyright runs on its defaults. */
  file: string | null;
  /** Absolute folder paths in the config are relative to. */
  dir: string;
  settings: TomlTable;
}

const modes: Record<string, number> = { off: 0, basic: 1, standard: 2, strict: 3 };
const ruleLevels: Record<string, number> = { error: 2, warning: 1, information: 1, none: 0, true: 2, false: 0 };
/** Switches that check more when true, and the one that checks less. */
const stricterWhenTrue = [
  'strictListInference',
  'strictDictionaryInference',
  'strictSetInference',
  'strictParameterNoneValue',
  'analyzeUnannotatedFunctions',
  'deprecateTypingAliases',
  'disableBytesTypePromotions',
];
const looserWhenTrue = ['enableTypeIgnoreComments'];

/** Throws `pyrightconfig.json does not parse: …` for a file pyright would reject. */
export function readPyrightConfig(root: string, project: string | null): PyrightConfig {
  const target = project === null ? root : resolve(root, project);
  const isFile = existsSync(target) && statSync(target).isFile();
  const dir = isFile ? dirname(target) : target;
  const json = isFile && !target.endsWith('.toml') ? target : join(dir, 'pyrightconfig.json');
  const toRepo = (path: string) => relative(root, path).split(sep).join('/');
  if (existsSync(json)) {
    let settings: unknown;
    try {
      settings = parseJsonc(readText(json));
    } catch (error) {
      throw new Error(`${toRepo(json)} does not parse: ${(error as Error).message}`, { cause: error });
    }
    return { file: toRepo(json), dir, settings: asTable(settings) };
  }
  const table = readPyprojectTool(dir, 'pyright');
  return table === null
    ? { file: null, dir, settings: {} }
    : { file: toRepo(join(dir, 'pyproject.toml')), dir, settings: table };
}

export function makePyrightStrength(config: PyrightConfig): StrengthScope[] {
  const settings: StrengthScope['settings'] = {};
  const mode =
    typeof config.settings['typeCheckingMode'] === 'string' ? config.settings['typeCheckingMode'] : 'standard';
  settings['typeCheckingMode'] = [modes[mode] ?? 2, mode];
  for (const [key, value] of Object.entries(config.settings)) {
    if (/^report[A-Z]/.test(key)) {
      // A rule is a level name or a boolean; anything else is written as pyright would have read it.
      const written = typeof value === 'string' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
      settings[key] = [ruleLevels[written] ?? 1, written];
    } else if (stricterWhenTrue.includes(key) && typeof value === 'boolean') {
      settings[key] = [value ? 1 : 0, String(value)];
    } else if (looserWhenTrue.includes(key) && typeof value === 'boolean') {
      settings[key] = [value ? 0 : 1, String(value)];
    }
  }
  for (const path of readStrings(config.settings['strict'])) settings[`strict: ${path}`] = [1, 'strict'];
  // A rule the file did not write is at its mode's default on both sides: turning it off shows here.
  const off = Object.keys(settings).filter((key) => /^report[A-Z]/.test(key) && settings[key]![0] === 0);
  settings['rules off'] = countTurnedOff(new Set(off));
  return [{ source: config.file, settings }];
}

/** The `.py` and `.pyi` files pyright analyzes, repository-relative, without the `ignore`d ones; sorted. */
export function listPyrightFiles(root: string, config: PyrightConfig): { analyzed: string[]; checked: string[] } {
  const patterns = (key: string) =>
    readStrings(config.settings[key]).map((pattern) => toRepoPattern(root, config.dir, pattern));
  const included = patterns('include');
  const isExcluded = makeMatcher([
    ...patterns('exclude'),
    '**/node_modules',
    '**/__pycache__',
    '**/.*',
    '**/__editable__.*',
  ]);
  const isIgnored = makeMatcher(patterns('ignore'));
  const starts = included.length > 0 ? included : [toRepoPattern(root, config.dir, '.')];
  const analyzed = new Set<string>();
  const walk = (path: string) => {
    const absolute = join(root, path);
    let entries: Dirent[];
    try {
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch {
      if (/\.pyi?$/.test(path) && existsSync(absolute)) analyzed.add(path);
      return;
    }
    // A virtualenv, whatever its name: pyright excludes it.
    if (path !== '' && entries.some((entry) => entry.name === 'pyvenv.cfg')) return;
    for (const entry of entries) {
      const child = path === '' ? entry.name : `${path}/${entry.name}`;
      if (isExcluded(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && /\.pyi?$/.test(entry.name)) analyzed.add(child);
    }
  };
  for (const start of starts) {
    if (/[*?[]/.test(start)) {
      const matches = makeMatcher([start]);
      walkAll(root, '', isExcluded, (file) => matches(file) && analyzed.add(file));
    } else walk(start === '.' ? '' : start);
  }
  const sorted = [...analyzed].sort();
  return { analyzed: sorted, checked: sorted.filter((file) => !isIgnored(file)) };
}

function walkAll(
  root: string,
  path: string,
  isExcluded: (path: string) => boolean,
  visit: (file: string) => void,
): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, path), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const child = path === '' ? entry.name : `${path}/${entry.name}`;
    if (isExcluded(child)) continue;
    if (entry.isDirectory()) walkAll(root, child, isExcluded, visit);
    else if (entry.isFile() && /\.pyi?$/.test(entry.name)) visit(child);
  }
}

/** A path or glob of the config, relative to its folder, as a repository-relative pattern. */
function toRepoPattern(root: string, dir: string, pattern: string): string {
  const normal = posix.normalize(relative(root, resolve(dir, pattern)).split(sep).join('/'));
  return normal === '' ? '.' : normal;
}

/** pyright's paths match themselves and everything under them. */
function makeMatcher(patterns: readonly string[]): (path: string) => boolean {
  if (patterns.length === 0) return () => false;
  const match = picomatch(
    patterns.flatMap((pattern) => [pattern, `${pattern}/**`]),
    { dot: true },
  );
  return (path) => match(path);
}

function readStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
