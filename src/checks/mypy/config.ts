/**
 * mypy's configuration as culprit reads it, in mypy's own order: mypy.ini, .mypy.ini,
 * pyproject.toml's `[tool.mypy]`, setup.cfg's `[mypy]`. Its strength is every flag that decides
 * what mypy reports, as it takes effect: `strict` switches its family on unless a flag says
 * otherwise; a flag that only checks more counts 1 when on; one that only checks less
 * (`ignore_missing_imports`, `ignore_errors`, `allow_untyped_globals`, `implicit_reexport`, …)
 * counts 1 when off; `follow_imports` is error 3 > normal 2 > silent 1 > skip 0; an error-code
 * list counts its codes (disabled ones below zero). Per-module sections (`[mypy-legacy.*]`,
 * `[[tool.mypy.overrides]]`) give the files of their modules a scope of their own, so a section
 * that stops checking some modules is a weakening of theirs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { StrengthScope } from '../../core/check-run.js';
import { readText } from '../project-files.js';
import { asTable, parseIni, readPyprojectTool, type TomlTable } from '../python/config-files.js';

type Value = boolean | string | string[];
type Values = Record<string, Value>;

export interface MypyConfig {
  /** Repository-relative, or null when mypy runs on its defaults. */
  file: string | null;
  global: Values;
  /** Per-module sections in the order written: the module patterns each applies to. */
  sections: { patterns: string[]; values: Values }[];
}

/** The flags `strict` turns on (mypy 1.x), with the value it gives each. */
const strictFamily: Values = {
  warn_unused_configs: true,
  disallow_any_generics: true,
  disallow_subclassing_any: true,
  disallow_untyped_calls: true,
  disallow_untyped_defs: true,
  disallow_incomplete_defs: true,
  check_untyped_defs: true,
  disallow_untyped_decorators: true,
  warn_redundant_casts: true,
  warn_unused_ignores: true,
  warn_return_any: true,
  implicit_reexport: false,
  strict_equality: true,
  strict_concatenate: true,
  extra_checks: true,
};

/** Flags that check more when true, with their defaults. */
const stricterWhenTrue: Record<string, boolean> = {
  strict_optional: true,
  warn_no_return: true,
  warn_unreachable: false,
  disallow_any_unimported: false,
  disallow_any_expr: false,
  disallow_any_decorated: false,
  disallow_any_explicit: false,
  local_partial_types: false,
  // The strict family's flags that `strict` turns on are off by default.
  ...Object.fromEntries(
    Object.keys(strictFamily).flatMap((flag) => (strictFamily[flag] === true ? [[flag, false]] : [])),
  ),
};

/** Flags that check less when true, with their defaults. */
const looserWhenTrue: Record<string, boolean> = {
  ignore_missing_imports: false,
  ignore_errors: false,
  allow_untyped_globals: false,
  allow_redefinition: false,
  implicit_optional: false,
  implicit_reexport: true,
  allow_empty_bodies: false,
};

const followImports: Record<string, number> = { error: 3, normal: 2, silent: 1, skip: 0 };

/** Throws `mypy.ini does not parse: …` (mypy itself goes on without it, checking less). */
export function readMypyConfig(root: string): MypyConfig {
  for (const name of ['mypy.ini', '.mypy.ini']) {
    if (existsSync(join(root, name))) return readIniConfig(name, readText(join(root, name)), 'mypy');
  }
  const table = readPyprojectTool(root, 'mypy');
  if (table !== null) return readTomlConfig(table);
  const setup = readText(join(root, 'setup.cfg'));
  if (/^\s*\[mypy/m.test(setup)) return readIniConfig('setup.cfg', setup, 'mypy');
  return { file: null, global: {}, sections: [] };
}

function readIniConfig(name: string, text: string, prefix: string): MypyConfig {
  const sections = parseIni(text, name);
  const config: MypyConfig = { file: name, global: readIniValues(sections.get(prefix)), sections: [] };
  for (const [header, values] of sections) {
    if (!header.startsWith(`${prefix}-`)) continue;
    const patterns = header
      .slice(prefix.length + 1)
      .split(',')
      .map((pattern) => pattern.trim());
    config.sections.push({ patterns, values: readIniValues(values) });
  }
  return config;
}

function readIniValues(section: Map<string, string> | undefined): Values {
  const values: Values = {};
  for (const [key, raw] of section ?? []) {
    if (/^(?:true|false)$/i.test(raw)) values[key] = raw.toLowerCase() === 'true';
    else if (key.endsWith('_error_code')) values[key] = raw.split(/[\s,]+/).filter(Boolean);
    else values[key] = raw;
  }
  return values;
}

function readTomlConfig(table: TomlTable): MypyConfig {
  const toValues = (entries: TomlTable): Values => {
    const values: Values = {};
    for (const [key, raw] of Object.entries(entries)) {
      const name = key.replace(/-/g, '_');
      if (name === 'overrides' || name === 'module') continue;
      if (typeof raw === 'boolean' || typeof raw === 'string') values[name] = raw;
      else if (Array.isArray(raw)) values[name] = raw.filter((item): item is string => typeof item === 'string');
    }
    return values;
  };
  const overrides = Array.isArray(table['overrides']) ? table['overrides'].map(asTable) : [];
  return {
    file: 'pyproject.toml',
    global: toValues(table),
    sections: overrides.map((override) => {
      const module = override['module'];
      const patterns = Array.isArray(module)
        ? module.filter((item): item is string => typeof item === 'string')
        : typeof module === 'string'
          ? [module]
          : [];
      return { patterns, values: toValues(override) };
    }),
  };
}

/**
 * One scope for the whole run, or, when per-module sections apply to some of `modules` (checked
 * file → its module, from mypy's own log), one per set of sections, naming its files.
 */
export function makeMypyStrength(config: MypyConfig, modules: ReadonlyMap<string, string>): StrengthScope[] {
  const groups = new Map<string, { sections: number[]; files: string[] }>();
  for (const [file, module] of [...modules].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const sections = config.sections.flatMap((section, index) =>
      section.patterns.some((pattern) => matchesModule(pattern, module)) ? [index] : [],
    );
    const key = sections.join(',');
    const group = groups.get(key) ?? { sections, files: [] };
    group.files.push(file);
    groups.set(key, group);
  }
  if ([...groups.keys()].every((key) => key === ''))
    return [{ source: config.file, settings: makeSettings([config.global]) }];
  return [...groups.values()].map((group) => ({
    source: config.file,
    files: group.files,
    settings: makeSettings([config.global, ...group.sections.map((index) => config.sections[index]!.values)]),
  }));
}

/** The effective level of every flag that decides what mypy reports, later layers winning. */
function makeSettings(layers: readonly Values[]): StrengthScope['settings'] {
  const merged: Values = Object.assign({}, ...layers) as Values;
  const isStrict = merged['strict'] === true;
  const read = (flag: string, fallback: boolean): boolean => {
    const value = merged[flag];
    if (typeof value === 'boolean') return value;
    const family = strictFamily[flag];
    return isStrict && typeof family === 'boolean' ? family : fallback;
  };
  const settings: StrengthScope['settings'] = { strict: [isStrict ? 1 : 0, String(isStrict)] };
  for (const [flag, fallback] of Object.entries(stricterWhenTrue)) {
    const on = read(flag, fallback);
    settings[flag] = [on ? 1 : 0, String(on)];
  }
  for (const [flag, fallback] of Object.entries(looserWhenTrue)) {
    const on = read(flag, fallback);
    settings[flag] = [on ? 0 : 1, String(on)];
  }
  const follow = typeof merged['follow_imports'] === 'string' ? merged['follow_imports'] : 'normal';
  settings['follow_imports'] = [followImports[follow] ?? 2, follow];
  const codes = (key: string) => (Array.isArray(merged[key]) ? merged[key] : []);
  settings['disable_error_code'] = [-codes('disable_error_code').length, codes('disable_error_code').join(', ')];
  settings['enable_error_code'] = [codes('enable_error_code').length, codes('enable_error_code').join(', ')];
  return settings;
}

/** mypy's module patterns: `a.b` itself, `a.*` a and everything under it, `a.*.c` any one name between. */
export function matchesModule(pattern: string, module: string): boolean {
  const trailing = pattern.endsWith('.*');
  const parts = (trailing ? pattern.slice(0, -2) : pattern).split('.');
  const body = parts.map((part) => (part === '*' ? '[^.]+' : part.replace(/[\\^$+?()[\]{}|*]/g, '\\$&'))).join('\\.');
  return new RegExp(`^${body}${trailing ? '(?:\\..+)?' : ''}$`).test(module);
}
