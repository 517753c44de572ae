/** The `pyright` entry of culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';
import { sourceRoots } from '../python/schema.js';

export const pyrightCheckSchema = z.strictObject({
  ...makeCheckFields('pyright'),
  project: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Passed as --project: a pyrightconfig.json or pyproject.toml, or its folder, relative to the root (default: pyright looks in the root).',
    ),
  sourceRoots: sourceRoots.optional(),
});

export type RawPyrightCheck = z.infer<typeof pyrightCheckSchema>;
