/**
 * The MCP tools' output schemas. The check report's is `culprit check --json`'s, defined once in
 * core/report/report-schema.ts (which also says how its JSON Schema is kept portable); `fix` and
 * `explain` add their own fields to it here.
 */
import { z } from 'zod';
import {
  findingSchema,
  makeInteger,
  makeOpenObject as openObject,
  reportSchema,
  rootSchema,
} from '../core/report/report-schema.js';

export { reportSchema };

const count = makeInteger(0);
const position = makeInteger(0);

/**
 * The text a tool returns, inside its structured result too: clients that prefer
 * `structuredContent` (Claude Code hands the model only that, as JSON) must still show the model
 * the payload, and it is the first field so it is read first.
 */
const textField = z
  .string()
  .describe('The payload to act on, as in the text content: what to fix, with code frames and notes.');

export const checkOutputSchema = openObject({ text: textField, ...reportSchema.shape });

const fixSchema = openObject({
  fingerprint: z.string().describe('The fixed finding: its fingerprint in the report before the fix.'),
  code: z.string(),
  path: z.string(),
  range: openObject({ line: position, column: position, endLine: position, endColumn: position }).describe(
    'What the fix replaced, in the file as it was before it: 1-based, the end exclusive.',
  ),
  source: z
    .enum(['eslint', 'typescript', 'rename'])
    .describe("Where the fix came from: ESLint's own fix, TypeScript's code fix, or a renamed declaration's new name."),
  cause: z
    .string()
    .optional()
    .describe(
      'For a site of a renamed declaration the rename provider found: the declaration (its old qualified name).',
    ),
});

const skippedSchema = openObject({
  path: z.string(),
  line: position.optional(),
  column: position.optional(),
  reason: z
    .enum(['outside-tree', 'not-editable', 'unreadable', 'standing', 'overlaps', 'changed-line'])
    .describe(
      'Why it was left: outside the work tree, in a generated, vendored or package file, a file that changed, over a standing finding, overlapping another fix, or (a rename site) on a line the edit changed in another way.',
    ),
  source: z.enum(['eslint', 'typescript', 'rename']),
  cause: z.string().optional(),
});

/** `fix`: the report of the check after the fixes (a dry run's: of the tree as it is), and the fixes. */
export const fixOutputSchema = openObject({
  text: textField,
  ...reportSchema.shape,
  fixes: z
    .array(fixSchema)
    .describe('Each fix applied (with dryRun: that would be applied), in path and position order.'),
  skipped: z.array(skippedSchema).describe('Fixes on offer that were left, and where.'),
  dryRun: z.boolean(),
  refused: z
    .array(openObject({ path: z.string(), problem: z.enum(['read-only', 'owner', 'not-file']) }))
    .describe(
      "Files the fixes needed that culprit may not replace (read-only, another user's): then nothing was written.",
    ),
});

export const explanationSchema = openObject({
  file: z.string(),
  root: rootSchema.nullable().describe('The root unit the file belongs to, or null.'),
  dependsOnRoots: z.array(z.string()).describe('For a file outside the root units: the root files it imports.'),
  findings: z.array(openObject({ ...findingSchema.shape, withheldAs: z.array(z.string()) })),
  shownInFile: count,
});

export const explainOutputSchema = openObject({ text: textField, ...explanationSchema.shape });
