/** The `ruff` entry of culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';
import { sourceRoots } from '../python/schema.js';

export const ruffCheckSchema = z.strictObject({
  ...makeCheckFields('ruff'),
  targets: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('What `ruff check` lints, relative to the root (default ["."]).'),
  sourceRoots: sourceRoots.optional(),
});

export type RawRuffCheck = z.infer<typeof ruffCheckSchema>;
