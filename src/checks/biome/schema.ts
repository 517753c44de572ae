/** The `biome` entry of culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';

export const biomeCheckSchema = z.strictObject({
  ...makeCheckFields('biome'),
  targets: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('What `biome lint` lints: files or folders relative to the root (default ["."]).'),
});

export type RawBiomeCheck = z.infer<typeof biomeCheckSchema>;
