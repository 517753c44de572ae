/**
 * oxlint's type-aware rules: whether the repository runs them, and with which tsgolint. They run
 * when `.oxlintrc.json` says so (`options.typeAware`, and `options.typeCheck` for the compiler's
 * own diagnostics too) or when the repository's lint script passes `--type-aware` /
 * `--type-check` (culprit passes them as the script does). oxlint runs them through tsgolint,
 * from the `oxlint-tsgolint` package installed beside it; culprit hands oxlint the platform
 * binary that package ships (its `bin` is a Node script that starts that binary: one process
 * less per run), found in the checked tree first, then in the work tree.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseJsonc } from '../output/read-jsonc.js';

export interface TypeAwareMode {
  /** Rules that need type information run. */
  typeAware: boolean;
  /** oxlint reports the compiler's own diagnostics too. */
  typeCheck: boolean;
  /** Where the repository asks for them, in words (`.oxlintrc.json`, `the lint script of package.json`); null when it does not. */
  source: string | null;
  /** Whether oxlint reads it from its configuration itself (else culprit passes `flags`). */
  configured: boolean;
  /** Flags culprit passes, as the lint script does. */
  flags: string[];
}

export function readTypeAwareMode(root: string): TypeAwareMode {
  const options = readConfigOptions(root);
  if (options.typeAware === true || options.typeCheck === true)
    return {
      typeAware: true,
      typeCheck: options.typeCheck === true,
      source: '.oxlintrc.json',
      configured: true,
      flags: [],
    };
  const script = findTypeAwareScript(root);
  if (script === undefined) return { typeAware: false, typeCheck: false, source: null, configured: false, flags: [] };
  return {
    typeAware: true,
    typeCheck: script.flags.includes('--type-check'),
    source: `the ${script.name} script of package.json`,
    configured: false,
    flags: script.flags,
  };
}

function readConfigOptions(root: string): { typeAware?: unknown; typeCheck?: unknown } {
  const path = join(root, '.oxlintrc.json');
  if (!existsSync(path)) return {};
  try {
    const config = parseJsonc(readFileSync(path, 'utf8')) as { options?: { typeAware?: unknown; typeCheck?: unknown } };
    return config.options ?? {};
  } catch {
    // oxlint itself says what is wrong with it.
    return {};
  }
}

/** The first package.json script that runs oxlint with `--type-aware` or `--type-check`. */
function findTypeAwareScript(root: string): { name: string; flags: string[] } | undefined {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: unknown }).scripts;
  } catch {
    return undefined;
  }
  if (typeof scripts !== 'object' || scripts === null) return undefined;
  for (const [name, command] of Object.entries(scripts as Record<string, unknown>)) {
    if (typeof command !== 'string') continue;
    // Each command of the script (`tsc && oxlint --type-aware src`) on its own.
    for (const part of command.split(/&&|\|\||;|\|/)) {
      if (!/(?:^|[\s/])oxlint(?:\s|$)/.test(part)) continue;
      const flags = ['--type-aware', '--type-check'].filter((flag) => new RegExp(`\\s${flag}(?:\\s|=|$)`).test(part));
      if (flags.length > 0) return { name, flags };
    }
  }
  return undefined;
}

/**
 * The tsgolint binary of the `oxlint-tsgolint` package the tree (or the work tree) has, or
 * undefined. oxlint is told it through OXLINT_TSGOLINT_PATH, so a base copy uses the work tree's.
 */
export function findTsgolint(roots: readonly string[]): string | undefined {
  for (const root of new Set(roots)) {
    const require = createRequire(join(root, 'package.json'));
    let manifest: string;
    try {
      manifest = require.resolve('oxlint-tsgolint/package.json');
    } catch {
      continue;
    }
    const binary = `@oxlint-tsgolint/${process.platform}-${process.arch}/tsgolint${process.platform === 'win32' ? '.exe' : ''}`;
    try {
      return createRequire(join(dirname(manifest), 'package.json')).resolve(binary);
    } catch {
      // The package without its platform binary (an install that skipped optional packages): its script says why.
      const script = join(dirname(manifest), 'bin', 'tsgolint.js');
      if (existsSync(script)) return script;
    }
  }
  return undefined;
}
