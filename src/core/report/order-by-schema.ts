/**
 * A value laid out as its schema lists it, for JSON output: each object's keys in the schema's
 * order, keys the schema does not name left out (a finding's anchor, a group's members), a missing
 * field with a default given it. Nothing is validated, so output never fails on a value the types
 * already vouch for; a union is laid out by the option whose literal fields the value has.
 */
import { z } from 'zod';

export function orderBySchema<Schema extends z.ZodType>(schema: Schema, value: z.input<Schema>): z.output<Schema> {
  return orderValue(schema, value) as z.output<Schema>;
}

function orderValue(schema: z.ZodType, value: unknown): unknown {
  if (schema instanceof z.ZodDefault)
    return orderValue(schema.def.innerType as z.ZodType, value === undefined ? schema.def.defaultValue : value);
  if (value === undefined || value === null) return value;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return orderValue(schema.unwrap() as z.ZodType, value);
  if (schema instanceof z.ZodArray)
    return Array.isArray(value) ? value.map((item) => orderValue(schema.element as z.ZodType, item)) : value;
  if (schema instanceof z.ZodObject) return isRecord(value) ? orderObject(schema, value) : value;
  if (schema instanceof z.ZodUnion) {
    const option = (schema.options as readonly z.ZodType[]).find((candidate) => hasLiteralsOf(candidate, value));
    return option === undefined ? value : orderValue(option, value);
  }
  return value;
}

function orderObject(schema: z.ZodObject, value: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const item = orderValue(field as z.ZodType, value[key]);
    if (item !== undefined) ordered[key] = item;
  }
  return ordered;
}

/** An object option whose literal fields (a discriminator) all hold the value's. */
function hasLiteralsOf(option: z.ZodType, value: unknown): boolean {
  if (!(option instanceof z.ZodObject) || !isRecord(value)) return false;
  return Object.entries(option.shape).every(
    ([key, field]) => !(field instanceof z.ZodLiteral) || field.values.has(value[key] as z.core.util.Literal),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
