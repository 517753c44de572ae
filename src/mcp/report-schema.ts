/**
 * The shape of `culprit check --json` (render/json.ts), as the MCP `check` tool's output schema.
 * Every documented field is required with its type; every object also accepts fields it does not
 * name, so a report that grows (echo groups, rings) stays valid for clients holding this schema.
 *
 * The JSON Schema the SDK derives from it is kept portable (MCP Inspector's `--strict` lint):
 * open objects say `additionalProperties: true` rather than an empty schema, a nullable field is
 * `anyOf` string-or-null rather than a type array (Gemini's function declarations take one type
 * per schema), and integers carry no `maximum: 2^53 - 1`. zod writes `meta` over what it
 * derived, and a key set to undefined is left out of the JSON.
 */
import { z } from 'zod';

/** An object schema that names its fields and accepts others. */
function openObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.looseObject(shape).meta({ additionalProperties: true });
}

function integer(min: number) {
  return z.number().int().min(min).meta({ maximum: undefined });
}

/** A described string branch keeps zod from folding the union into `type: ["string", "null"]`. */
function nullableString(description: string) {
  return z.union([z.string().describe(description), z.null()]).describe(description);
}

const count = integer(0);
const position = integer(0);

export const findingSchema = openObject({
  tool: z.string().describe('The check that reported it: tsc, eslint, or a configured check name.'),
  code: z.string().describe('Rule id or error code, e.g. TS2339.'),
  severity: z.enum(['error', 'warning']),
  phase: z.enum(['config', 'syntax', 'semantic', 'lint']),
  path: nullableString('Repository-relative POSIX path; null for findings about no file.'),
  line: position.describe('1-based; 0 when there is no position.'),
  column: position.describe('1-based; 0 when there is no position.'),
  endLine: position.optional(),
  endColumn: position.optional(),
  message: z.string(),
  fingerprint: z.string().describe('Position-independent identity: 16 hex digits and an occurrence suffix.'),
  kind: z
    .enum(['suppression', 'coverage', 'weakened', 'check-removed'])
    .optional()
    .describe(
      'Set when the finding is about how the code is checked: a suppression directive the edit added, a file a check no longer checks, a setting it relaxed, a check that no longer runs.',
    ),
  silenced: z
    .array(openObject({ code: z.string(), path: z.string(), line: position, column: position, message: z.string() }))
    .optional()
    .describe('On a suppression: the findings it hides, which the check would report.'),
});

export const rootSchema = openObject({
  files: z.array(z.string()),
  editable: z.boolean().describe('False for generated, vendored or package files: follow the instruction instead.'),
  selected: z.boolean(),
  introduced: count,
  instruction: z.string().optional(),
});

const withheldPartSchema = openObject({ count, files: z.array(z.string()) });

export const reportSchema = openObject({
  verdict: z
    .enum(['clean', 'introduced', 'stuck', 'check-failed'])
    .describe(
      'clean: nothing introduced. introduced: fix the shown findings. stuck: same findings as the last attempt; stop retrying. check-failed: some check did not finish, so nothing is clean.',
    ),
  attempt: integer(1),
  counts: openObject({
    introduced: count,
    resolved: count,
    standing: count,
    silenced: count.describe('Findings hidden by a suppression the edit added: neither resolved nor fixed.'),
  }),
  shown: z.array(findingSchema).describe('What to fix now: the root causes, in order.'),
  withheld: openObject({
    ...withheldPartSchema.shape,
    reasons: openObject({
      downstream: withheldPartSchema,
      queued: withheldPartSchema,
      nonEditable: withheldPartSchema,
      belowRung: withheldPartSchema,
    }),
  }).describe('Introduced findings not shown, and why; the explain tool lists them.'),
  roots: z.array(rootSchema).describe('Every root unit in display order; selected ones are shown.'),
  checks: z.array(
    openObject({
      name: z.string(),
      status: z.enum(['ok', 'failed', 'timed-out', 'missing', 'deferred']),
      durationMs: z.number().min(0),
      version: nullableString("The check tool's version, or null when it is unknown."),
      error: z.string().optional(),
    }),
  ),
  rung: z.enum(['syntax', 'errors', 'warnings', 'none']),
  width: integer(1),
  widened: z.boolean(),
  resolved: openObject({ count, lineDeleted: count }),
  notes: z.array(z.string()),
});

export type ReportJson = z.infer<typeof reportSchema>;

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
