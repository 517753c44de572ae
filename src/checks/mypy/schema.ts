/** The `mypy` entry of culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';
import { sourceRoots } from '../python/schema.js';

export const mypyCheckSchema = z.strictObject({
  ...makeCheckFields('mypy'),
  targets: z
    .array(z.string().min(1))
    .optional()
    .describe(
      'What mypy checks, as on its command line (default ["."]); [] leaves it to the `files` setting of the mypy configuration.',
    ),
  sourceRoots: sourceRoots.optional(),
});

export type RawMypyCheck = z.infer<typeof mypyCheckSchema>;
