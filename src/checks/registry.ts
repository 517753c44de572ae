/**
 * Every check kind culprit can run, by name: the only list of kinds. Adding a tool means adding
 * its folder (checks/<kind>/index.ts exporting one CheckDefinition) and one line below; the
 * order is the order detection runs in and errors name kinds in.
 *
 * Like ESLint's rule map it is lazy: importing it loads only each kind's light parts (detection,
 * option defaults); an adapter's run module, its zod schema and its warm session are dynamic
 * imports, loaded when first used. Loading every adapter (with zod, which three use to read their
 * tool's output) cost every worker, and culprit's own process, over 100 ms.
 */
import type { CheckDefinition } from './check-definition.js';
import { biomeCheck } from './biome/index.js';
import { cargoCheck } from './cargo/index.js';
import { eslintCheck } from './eslint/index.js';
import { mypyCheck } from './mypy/index.js';
import { oxlintCheck } from './oxlint/index.js';
import { pyrightCheck } from './pyright/index.js';
import { ruffCheck } from './ruff/index.js';
import { commandCheck } from './sarif/index.js';
import { tscCheck } from './tsc/index.js';

const definitions = {
  tsc: tscCheck,
  eslint: eslintCheck,
  oxlint: oxlintCheck,
  biome: biomeCheck,
  pyright: pyrightCheck,
  mypy: mypyCheck,
  ruff: ruffCheck,
  cargo: cargoCheck,
  command: commandCheck,
};

export type CheckKind = keyof typeof definitions;

/** The options type of one check kind, as resolved from the configuration. */
export type OptionsOf<Kind extends CheckKind> = ReturnType<(typeof definitions)[Kind]['resolveOptions']>;

/** A valid config entry of one check kind, as its schema gives it. */
export type RawEntryOf<Kind extends CheckKind> = Parameters<(typeof definitions)[Kind]['resolveOptions']>[0];

/** Each kind's definition, typed so that a definition filed under another kind's name is a compile error. */
export type DefinitionOf<Kind extends CheckKind> = CheckDefinition<Kind, OptionsOf<Kind>, RawEntryOf<Kind>>;

/** A check after config resolution: every default written out. */
export interface ResolvedCheckOf<Kind extends CheckKind> {
  name: string;
  kind: Kind;
  timeoutMs: number;
  options: OptionsOf<Kind>;
}
export type ResolvedCheck = { [Kind in CheckKind]: ResolvedCheckOf<Kind> }[CheckKind];

export const checkDefinitions: { readonly [Kind in CheckKind]: DefinitionOf<Kind> } = definitions;

/** Every kind, in registry order. */
export const checkKinds = Object.keys(checkDefinitions) as CheckKind[];

export function isCheckKind(kind: unknown): kind is CheckKind {
  return typeof kind === 'string' && Object.hasOwn(checkDefinitions, kind);
}

/** One kind's definition; called with a ResolvedCheck's kind, it takes that check's options. */
export function definitionOf<Kind extends CheckKind>(kind: Kind): DefinitionOf<Kind> {
  return checkDefinitions[kind];
}
