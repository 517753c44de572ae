/**
 * One configured check → validated against its kind's schema, then a ResolvedCheck with every
 * default written out (check-options.ts). The kind is the entry's `kind`, else `command` when the
 * entry has a command, else the check's name. Detection resolves what it finds with the same
 * builders, as if listed with no fields, and so has nothing to validate (nor zod to load).
 */
import type { z } from 'zod';
import type { CheckKind, ResolvedCheck } from '../checks/check.js';
import { makeUserError } from '../core/errors.js';
import { checkKinds, makeResolvedCheck, type RawCheckOf } from './check-options.js';
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

const schemas: { readonly [Kind in CheckKind]: z.ZodType<RawCheckOf[Kind]> } = {
  tsc: tscCheckSchema,
  eslint: eslintCheckSchema,
  pyright: pyrightCheckSchema,
  mypy: mypyCheckSchema,
  ruff: ruffCheckSchema,
  cargo: cargoCheckSchema,
  command: commandCheckSchema,
};

const kindList = checkKinds.filter((kind) => kind !== 'command');

/** Null when the entry is disabled. */
export function resolveCheck(name: string, entry: unknown, root: string): ResolvedCheck | null {
  const at = ['checks', name];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw makeUserError(`${configFileName}: ${at.join('.')}: expected an object`);
  }
  const kind = (entry as { kind?: unknown }).kind ?? ('command' in entry ? 'command' : name);
  if (typeof kind !== 'string' || !Object.hasOwn(schemas, kind)) {
    throw makeUserError(
      `${configFileName}: ${at.join('.')}: unknown check; name it after a kind (${kindList.join(', ')}) or set "kind" to one, or give a "command" that prints SARIF`,
    );
  }
  const parsed = schemas[kind as CheckKind].safeParse(entry);
  if (!parsed.success) throw makeConfigError(configFileName, parsed.error.issues, at);
  return makeResolvedCheck(kind as CheckKind, name, parsed.data, root);
}
