/**
 * The shape of `culprit.config.json`. Every field is optional and documented here; defaults are
 * written out once, in resolve-settings.ts. Unknown keys are errors, so a typo is reported
 * instead of silently ignored.
 */
import { z } from 'zod';

const timeoutMs = z
  .number()
  .int()
  .positive()
  .describe('Kill the check and report it as timed out after this many milliseconds (default 600000).');

const enabled = z.boolean().describe('false turns the check off.');

export const tscCheckSchema = z.strictObject({
  kind: z.literal('tsc').optional().describe('Needed only when the check is not named "tsc".'),
  enabled: enabled.optional(),
  timeoutMs: timeoutMs.optional(),
  project: z
    .string()
    .min(1)
    .optional()
    .describe('tsconfig to check, relative to the repository root (default tsconfig.json). A solution config with references is followed.'),
});

export const eslintCheckSchema = z.strictObject({
  kind: z.literal('eslint').optional().describe('Needed only when the check is not named "eslint".'),
  enabled: enabled.optional(),
  timeoutMs: timeoutMs.optional(),
  patterns: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('What to lint, relative to the repository root (default ["."]), as for `eslint <patterns>`.'),
});

export const checkSchema = z.union([tscCheckSchema, eslintCheckSchema]);

export const configSchema = z.strictObject({
  checks: z
    .record(z.string().min(1), z.unknown())
    .optional()
    .describe('Checks by name. Setting this replaces detection: only the checks listed run.'),
  maxFiles: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Root units shown per attempt before widening (default 2).'),
  nonEditable: z
    .array(
      z.strictObject({
        glob: z.string().min(1).describe('Files the agent must not hand-edit, relative to the root.'),
        hint: z.string().min(1).optional().describe('What to do instead, e.g. "run npm run codegen".'),
      }),
    )
    .optional()
    .describe('Generated or vendored files beyond the ones culprit recognises by itself.'),
  outputLimit: z
    .number()
    .int()
    .min(200)
    .optional()
    .describe('Maximum characters of the text payload (default 8000).'),
});

export type RawConfig = z.infer<typeof configSchema>;
export type RawTscCheck = z.infer<typeof tscCheckSchema>;
export type RawEslintCheck = z.infer<typeof eslintCheckSchema>;
