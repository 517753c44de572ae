/**
 * Every check kind culprit can run, by name. The worker looks the requested kind up here;
 * adding a tool means adding an adapter file and one line below.
 */
import type { CheckAdapter, CheckKind, ResolvedCheck } from './check.js';
import { cargoAdapter } from './cargo.js';
import { eslintAdapter } from './eslint.js';
import { mypyAdapter } from './mypy.js';
import { pyrightAdapter } from './pyright.js';
import { ruffAdapter } from './ruff.js';
import { commandAdapter } from './sarif-command.js';
import { tscAdapter } from './tsc.js';

/** The options type of one check kind, as resolved from the configuration. */
export type OptionsOf<Kind extends CheckKind> = Extract<ResolvedCheck, { kind: Kind }>['options'];

export const adapters: { readonly [Kind in CheckKind]: CheckAdapter<OptionsOf<Kind>> } = {
  tsc: tscAdapter,
  eslint: eslintAdapter,
  pyright: pyrightAdapter,
  mypy: mypyAdapter,
  ruff: ruffAdapter,
  cargo: cargoAdapter,
  command: commandAdapter,
};

export function isCheckKind(kind: unknown): kind is CheckKind {
  return typeof kind === 'string' && Object.hasOwn(adapters, kind);
}
