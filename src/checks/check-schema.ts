/**
 * The fields every check's config entry has, for the schema in each adapter folder
 * (checks/<kind>/schema.ts). Loaded with zod, only when culprit.config.json is read.
 */
import { z } from 'zod';

const timeoutMs = z
  .number()
  .int()
  .positive()
  .describe('Kill the check and report it as timed out after this many milliseconds (default 600000).');

const enabled = z.boolean().describe('false turns the check off.');

/** The fields every check has; `kind` is needed only when the check is not named after its kind. */
export function makeCheckFields<Kind extends string>(kind: Kind) {
  return {
    kind: z.literal(kind).optional().describe(`Needed only when the check is not named "${kind}".`),
    enabled: enabled.optional(),
    timeoutMs: timeoutMs.optional(),
  };
}
