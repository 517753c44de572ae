/**
 * Every check kind culprit can run, by name. The worker looks the requested kind up here;
 * adding a tool means adding an adapter file and one line below. Adapters are loaded when a
 * worker runs one: a worker runs one kind, and loading all of them (with zod, which three use to
 * read their tool's output) cost every worker, and culprit's own process, over 100 ms.
 */
import type { CheckAdapter, CheckKind, ResolvedCheck } from './check.js';

/** The options type of one check kind, as resolved from the configuration. */
export type OptionsOf<Kind extends CheckKind> = Extract<ResolvedCheck, { kind: Kind }>['options'];

const loaders: { readonly [Kind in CheckKind]: () => Promise<CheckAdapter<OptionsOf<Kind>>> } = {
  tsc: async () => (await import('./tsc/adapter.js')).tscAdapter,
  eslint: async () => (await import('./eslint/adapter.js')).eslintAdapter,
  pyright: async () => (await import('./pyright/adapter.js')).pyrightAdapter,
  mypy: async () => (await import('./mypy/adapter.js')).mypyAdapter,
  ruff: async () => (await import('./ruff/adapter.js')).ruffAdapter,
  cargo: async () => (await import('./cargo/adapter.js')).cargoAdapter,
  command: async () => (await import('./sarif/adapter.js')).commandAdapter,
};

export function loadAdapter<Kind extends CheckKind>(kind: Kind): Promise<CheckAdapter<OptionsOf<Kind>>> {
  return loaders[kind]();
}

export function isCheckKind(kind: unknown): kind is CheckKind {
  return typeof kind === 'string' && Object.hasOwn(loaders, kind);
}
