/**
 * A check's entry, once valid, → a ResolvedCheck with every default written out. Apart from
 * validation (resolve-check.ts) so that detected checks, which have no fields to validate, are
 * resolved without loading zod: most repositories have no culprit.config.json, and zod is a
 * tenth of a second of every cold `culprit check`'s start-up.
 */
import type { OptionsOf } from '../checks/registry.js';
import type { CheckKind, ResolvedCheck } from '../checks/check.js';
import { defaults } from './defaults.js';
import { hasClippyConfig } from './project-files.js';
import type { RawCargoCheck, RawCommandCheck, RawEslintCheck, RawMypyCheck, RawPyrightCheck, RawRuffCheck, RawTscCheck } from './schema.js';

/** Each kind's valid entry, as its schema gives it. */
export interface RawCheckOf {
  tsc: RawTscCheck;
  eslint: RawEslintCheck;
  pyright: RawPyrightCheck;
  mypy: RawMypyCheck;
  ruff: RawRuffCheck;
  cargo: RawCargoCheck;
  command: RawCommandCheck;
}

const optionBuilders: { readonly [Kind in CheckKind]: (raw: RawCheckOf[Kind], root: string) => OptionsOf<Kind> } = {
  tsc: (raw) => ({ project: raw.project ?? defaults.tsconfig }),
  eslint: (raw) => ({ patterns: raw.patterns ?? [...defaults.eslintPatterns] }),
  pyright: (raw, root) => ({
    workTree: root,
    project: raw.project ?? null,
    sourceRoots: raw.sourceRoots ?? [...defaults.pythonSourceRoots],
  }),
  mypy: (raw, root) => ({
    workTree: root,
    targets: raw.targets ?? [...defaults.mypyTargets],
    sourceRoots: raw.sourceRoots ?? [...defaults.pythonSourceRoots],
  }),
  ruff: (raw, root) => ({
    workTree: root,
    targets: raw.targets ?? [...defaults.ruffTargets],
    sourceRoots: raw.sourceRoots ?? [...defaults.pythonSourceRoots],
  }),
  cargo: (raw, root) => {
    const manifestPath = raw.manifestPath ?? defaults.cargoManifest;
    return {
      workTree: root,
      manifestPath,
      clippy: raw.clippy ?? hasClippyConfig(root, manifestPath),
      allTargets: raw.allTargets ?? false,
      targetDir: raw.targetDir ?? null,
    };
  },
  command: (raw, root) => ({
    workTree: root,
    command: raw.command,
    format: raw.format ?? 'sarif',
    phase: raw.phase ?? defaults.commandPhase,
    maxOutputBytes: raw.maxOutputBytes ?? defaults.maxOutputBytes,
  }),
};

/** The check a valid entry describes; null when the entry is disabled. */
export function makeResolvedCheck<Kind extends CheckKind>(kind: Kind, name: string, raw: RawCheckOf[Kind], root: string): ResolvedCheck | null {
  if (raw.enabled === false) return null;
  // The pairing of kind and options holds by optionBuilders' type; the union cannot see it.
  return { name, kind, timeoutMs: raw.timeoutMs ?? defaults.timeoutMs, options: optionBuilders[kind](raw, root) } as ResolvedCheck;
}

/** Every kind, in the order they are named in errors. */
export const checkKinds = Object.keys(optionBuilders) as CheckKind[];
