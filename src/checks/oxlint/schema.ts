/** The `oxlint` entry of culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';

export const oxlintCheckSchema = z.strictObject({
  ...makeCheckFields('oxlint'),
  targets: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('What oxlint lints: files or folders relative to the root (default ["."]).'),
});

export type RawOxlintCheck = z.infer<typeof oxlintCheckSchema>;
