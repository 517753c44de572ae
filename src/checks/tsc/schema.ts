/** The `tsc` entry of culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';

export const tscCheckSchema = z.strictObject({
  ...makeCheckFields('tsc'),
  project: z
    .string()
    .min(1)
    .optional()
    .describe(
      'tsconfig to check, relative to the repository root (default tsconfig.json). A solution config with references is followed.',
    ),
});

export type RawTscCheck = z.infer<typeof tscCheckSchema>;
