/** The `eslint` entry of culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';

export const eslintCheckSchema = z.strictObject({
  ...makeCheckFields('eslint'),
  patterns: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('What to lint, relative to the repository root (default ["."]), as for `eslint <patterns>`.'),
});

export type RawEslintCheck = z.infer<typeof eslintCheckSchema>;
