/** The `eslint` entry of culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';

export const eslintCheckSchema = z.strictObject({
  ...makeCheckFields('eslint'),
  cwd: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The folder ESLint runs in, relative to the repository root (default "."), as `cd <cwd> && npx eslint <patterns>`: where ESLint finds its config and resolves patterns.',
    ),
  patterns: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('What to lint, relative to cwd (default ["."]), as for `eslint <patterns>`.'),
  ignores: z
    .array(z.string().min(1))
    .optional()
    .describe(
      "Patterns, relative to cwd, not to lint (ESLint's `ignorePatterns`), besides the config's own ignores. Detection sets it on the root check to leave the packages that have their own config to their own checks.",
    ),
});

export type RawEslintCheck = z.infer<typeof eslintCheckSchema>;
