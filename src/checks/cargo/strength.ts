/**
 * How strictly cargo checks, from what the workspace writes down: the lint tables of its
 * manifests (`[lints.rust]`, `[lints.clippy]`, `[lints.rustdoc]`, and `[workspace.lints.*]`),
 * each lint at the least strict level any manifest gives it (allow 0, warn 1, deny 2, forbid
 * 3) and how many it allows (`lints allowed`), and the rustflags of .cargo/config.toml, which
 * lower lints for every crate when they hold `-A`/`--allow` or `--cap-lints` (1 with none, 0
 * with them). `#![allow(…)]` in the code is a
 * suppression (suppressions.ts); rustc's defaults for lints no table names are not read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import type { StrengthScope } from '../../core/check-run.js';
import { countTurnedOff, makeLeastStrict } from '../output/least-strict.js';

type Settings = StrengthScope['settings'];

const lintLevels: Record<string, number> = { allow: 0, warn: 1, deny: 2, forbid: 3 };

/** The settings of the manifests (absolute paths) and the root's cargo config; undefined when the root manifest does not read. */
export function readCargoStrength(root: string, manifests: readonly string[]): Settings | undefined {
  const { settings, off: allowed, takeRule } = makeLeastStrict();
  for (const [index, manifest] of manifests.entries()) {
    const table = readToml(manifest);
    if (table === undefined) {
      if (index === 0) return undefined;
      continue;
    }
    const workspace = table['workspace'];
    for (const lints of [table['lints'], isTable(workspace) ? workspace['lints'] : undefined]) {
      if (!isTable(lints)) continue;
      for (const [tool, entries] of Object.entries(lints))
        if (isTable(entries))
          for (const [lint, entry] of Object.entries(entries)) {
            const level = isTable(entry) ? entry['level'] : entry;
            if (typeof level === 'string' && level in lintLevels)
              takeRule(`${tool}::${lint}`, [lintLevels[level]!, level]);
          }
    }
  }
  // A lint no table named is at rustc's default on both sides: allowing it shows only here.
  settings['lints allowed'] = countTurnedOff(allowed);
  const lowering = readLoweringRustflags(root);
  settings['rustflags'] = lowering.length === 0 ? [1, 'none lowering lints'] : [0, lowering.join(' ')];
  return settings;
}

/** The flags of .cargo/config.toml's rustflags (`[build]`, `[target.*]`) that allow lints or cap them. */
function readLoweringRustflags(root: string): string[] {
  const config = ['config.toml', 'config'].map((name) => join(root, '.cargo', name)).find((path) => existsSync(path));
  const table = config === undefined ? undefined : readToml(config);
  if (table === undefined) return [];
  const lists: unknown[] = [];
  if (isTable(table['build'])) lists.push(table['build']['rustflags']);
  if (isTable(table['target']))
    for (const target of Object.values(table['target'])) if (isTable(target)) lists.push(target['rustflags']);
  const flags = lists.flatMap((list) =>
    typeof list === 'string' ? list.split(/\s+/) : Array.isArray(list) ? list.map(String) : [],
  );
  return flags.flatMap((flag, index) => {
    if (flag === '-A' || flag === '--allow' || flag === '--cap-lints')
      return [`${flag} ${flags[index + 1] ?? ''}`.trim()];
    return /^(?:-A.|--allow=|--cap-lints=)/.test(flag) ? [flag] : [];
  });
}

function readToml(path: string): Record<string, unknown> | undefined {
  try {
    return parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
