/** The pieces every schema of the JSON reports is built of, kept portable (see report-schema.ts). */
import { z } from 'zod';

/** An object schema whose JSON Schema accepts fields it does not name (parsing strips them). */
export function makeOpenObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape).meta({ additionalProperties: true });
}

export function makeInteger(min: number) {
  return z.number().int().min(min).meta({ maximum: undefined });
}

/** A described branch keeps zod from folding the union into a type array (`["string", "null"]`). */
export function makeNullable<Schema extends z.ZodType>(schema: Schema, description: string) {
  return z.union([schema.describe(description), z.null()]).describe(description);
}
