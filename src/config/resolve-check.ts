/**
 * One configured check → a ResolvedCheck with every default written out. The kind is the
 * entry's `kind`, else `command` when the entry has a command, else the check's name. Detection
 * resolves what it finds through the same functions, as if listed with no fields.
 */
import type { z } from 'zod';
import type { ResolvedCheck } from '../checks/check.js';
import { makeUserError } from '../errors.js';
import { defaults } from './defaults.js';
import { hasClippyConfig } from './project-files.js';
import { configFileName, makeConfigError } from './load-config.js';
import {
  cargoCheckSchema,
  commandCheckSchema,
  eslintCheckSchema,
  mypyCheckSchema,
  pyrightCheckSchema,
  ruffCheckSchema,
  tscCheckSchema,
} from './schema.js';

type CheckKind = ResolvedCheck['kind'];

interface ResolveInput {
  name: string;
  entry: unknown;
  /** Where the entry is in the config file, for errors. */
  at: readonly string[];
  /** The work tree's absolute root. */
  root: string;
}

type Resolver = (input: ResolveInput) => ResolvedCheck | null;

type OptionsOf<Kind extends CheckKind> = Extract<ResolvedCheck, { kind: Kind }>['options'];

/** A resolver that validates the entry, drops it when disabled, and builds its options. */
function makeResolver<Kind extends CheckKind, Raw extends { enabled?: boolean | undefined; timeoutMs?: number | undefined }>(
  kind: Kind,
  schema: z.ZodType<Raw>,
  makeOptions: (raw: Raw, root: string) => OptionsOf<Kind>,
): Resolver {
  return (input) => {
    const raw = parseEntry(schema, input);
    if (raw.enabled === false) return null;
    // The pairing of kind and options holds by makeOptions' type; the union cannot see it.
    return { name: input.name, kind, timeoutMs: raw.timeoutMs ?? defaults.timeoutMs, options: makeOptions(raw, input.root) } as ResolvedCheck;
  };
}

const resolvers: { readonly [Kind in CheckKind]: Resolver } = {
  tsc: makeResolver('tsc', tscCheckSchema, (raw) => ({ project: raw.project ?? defaults.tsconfig })),
  eslint: makeResolver('eslint', eslintCheckSchema, (raw) => ({ patterns: raw.patterns ?? [...defaults.eslintPatterns] })),
  pyright: makeResolver('pyright', pyrightCheckSchema, (raw, root) => ({
    workTree: root,
    project: raw.project ?? null,
    sourceRoots: raw.sourceRoots ?? [...defaults.pythonSourceRoots],
  })),
  mypy: makeResolver('mypy', mypyCheckSchema, (raw, root) => ({
    workTree: root,
    targets: raw.targets ?? [...defaults.mypyTargets],
    sourceRoots: raw.sourceRoots ?? [...defaults.pythonSourceRoots],
  })),
  ruff: makeResolver('ruff', ruffCheckSchema, (raw, root) => ({
    workTree: root,
    targets: raw.targets ?? [...defaults.ruffTargets],
    sourceRoots: raw.sourceRoots ?? [...defaults.pythonSourceRoots],
  })),
  cargo: makeResolver('cargo', cargoCheckSchema, (raw, root) => {
    const manifestPath = raw.manifestPath ?? defaults.cargoManifest;
    return {
      workTree: root,
      manifestPath,
      clippy: raw.clippy ?? hasClippyConfig(root, manifestPath),
      allTargets: raw.allTargets ?? false,
      targetDir: raw.targetDir ?? null,
    };
  }),
  command: makeResolver('command', commandCheckSchema, (raw, root) => ({
    workTree: root,
    command: raw.command,
    format: raw.format ?? 'sarif',
    phase: raw.phase ?? defaults.commandPhase,
    maxOutputBytes: raw.maxOutputBytes ?? defaults.maxOutputBytes,
  })),
};

const kindList = Object.keys(resolvers).filter((kind) => kind !== 'command');

/** Null when the entry is disabled. */
export function resolveCheck(name: string, entry: unknown, root: string): ResolvedCheck | null {
  const at = ['checks', name];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw makeUserError(`${configFileName}: ${at.join('.')}: expected an object`);
  }
  const kind = (entry as { kind?: unknown }).kind ?? ('command' in entry ? 'command' : name);
  if (typeof kind !== 'string' || !Object.hasOwn(resolvers, kind)) {
    throw makeUserError(
      `${configFileName}: ${at.join('.')}: unknown check; name it after a kind (${kindList.join(', ')}) or set "kind" to one, or give a "command" that prints SARIF`,
    );
  }
  return resolvers[kind as CheckKind]({ name, entry, at, root });
}

function parseEntry<Raw>(schema: z.ZodType<Raw>, input: ResolveInput): Raw {
  const parsed = schema.safeParse(input.entry);
  if (!parsed.success) throw makeConfigError(configFileName, parsed.error.issues, input.at);
  return parsed.data;
}
