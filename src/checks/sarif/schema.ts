/** The entry of a SARIF command in culprit.config.json (loaded with zod, only when that file exists). */
import { z } from 'zod';
import { makeCheckFields } from '../check-schema.js';

export const commandCheckSchema = z.strictObject({
  ...makeCheckFields('command'),
  kind: z.literal('command').optional().describe('Inferred when "command" is set.'),
  command: z
    .array(z.string().min(1))
    .min(1)
    .describe(
      'The program and its arguments, run in the repository root without a shell, e.g. ["node", "todo-check.mjs"].',
    ),
  format: z
    .literal('sarif')
    .optional()
    .describe('What the command prints on stdout: a SARIF 2.1.0 log (default "sarif", the only format).'),
  phase: z
    .enum(['semantic', 'lint'])
    .optional()
    .describe('The phase of its findings, for the ladder (default "lint").'),
  maxOutputBytes: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Fail the check when the command prints more than this many bytes on stdout (default 67108864, 64 MiB).'),
});

export type RawCommandCheck = z.infer<typeof commandCheckSchema>;
