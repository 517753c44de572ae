/**
 * The fields a schema accepts at one place in a document, so that an unknown field's error can
 * say what would have been valid there (`checks.tsc.projct: unknown field; valid here: enabled,
 * kind, project, timeoutMs`). zod's issue names the unknown keys but not the known ones.
 *
 * The schema is read through its definition (`_zod.def`, zod 4's documented shape for library
 * authors), so this module needs no zod at run time: the config loader stays free of it.
 */
import type { z } from 'zod';

/** Just what is read of a definition; every kind of schema has `type`, the rest depends on it. */
interface SchemaDefinition {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  in?: z.core.$ZodType;
}

/** Wrappers whose inner schema is what the document holds at the same place. */
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/**
 * The field names, sorted, of the object (or objects, for a union) that `schema` expects at
 * `path`; empty when nothing there is an object with known fields.
 */
export function listValidFields(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  const fields = new Set<string>();
  for (const object of findObjects(schema, path)) for (const name of Object.keys(object.shape ?? {})) fields.add(name);
  return [...fields].sort();
}

function findObjects(schema: z.core.$ZodType, path: readonly PropertyKey[]): SchemaDefinition[] {
  const def = readDefinition(schema);
  if (wrappers.has(def.type) && def.innerType !== undefined) return findObjects(def.innerType, path);
  if (def.type === 'pipe' && def.in !== undefined) return findObjects(def.in, path);
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => findObjects(option, path));
  const [head, ...rest] = path;
  if (head === undefined) return def.type === 'object' ? [def] : [];
  const next = stepInto(def, head);
  return next === undefined ? [] : findObjects(next, rest);
}

function stepInto(def: SchemaDefinition, part: PropertyKey): z.core.$ZodType | undefined {
  switch (def.type) {
    case 'object':
      return def.shape?.[String(part)];
    case 'array':
      return def.element;
    case 'record':
      return def.valueType;
    default:
      return undefined;
  }
}

function readDefinition(schema: z.core.$ZodType): SchemaDefinition {
  return schema._zod.def;
}
