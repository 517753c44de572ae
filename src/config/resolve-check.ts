/**
 * One configured check → validated against its kind's schema (checks/<kind>/schema.ts, loaded
 * here, with zod), then a ResolvedCheck with every default written out (check-options.ts). The
 * kind is the entry's `kind`, else `command` when the entry has a command, else the check's name.
 * Detection resolves what it finds through the same defaults, as if listed with no fields, and
 * so has nothing to validate (nor zod to load).
 */
import { checkKinds, definitionOf, isCheckKind, type ResolvedCheck } from '../checks/registry.js';
import { makeUserError } from '../core/errors.js';
import { makeResolvedCheck } from './check-options.js';
import { configFileName, makeConfigError } from './load-config.js';

/** Null when the entry is disabled. */
export async function resolveCheck(name: string, entry: unknown, root: string): Promise<ResolvedCheck | null> {
  const at = ['checks', name];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw makeUserError(`${configFileName}: ${at.join('.')}: expected an object`);
  }
  const kind = (entry as { kind?: unknown }).kind ?? ('command' in entry ? 'command' : name);
  if (!isCheckKind(kind)) {
    const kindList = checkKinds.filter((known) => known !== 'command');
    throw makeUserError(
      `${configFileName}: ${at.join('.')}: unknown check; name it after a kind (${kindList.join(', ')}) or set "kind" to one, or give a "command" that prints SARIF`,
    );
  }
  const schema = await definitionOf(kind).loadSchema();
  const parsed = schema.safeParse(entry);
  if (!parsed.success) throw makeConfigError(configFileName, parsed.error.issues, at, schema);
  return makeResolvedCheck(kind, name, parsed.data, root);
}
