/**
 * The shape of `culprit check --json` (render/json.ts), as the MCP `check` tool's output schema.
 * Every documented field is required with its type; every object also accepts fields it does not
 * name, so a report that grows (echo groups, rings) stays valid for clients holding this schema.
 */
import { z } from 'zod';

const count = z.number().int().min(0);
const position = z.number().int().min(0);

export const findingSchema = z.looseObject({
  tool: z.string().describe('The check that reported it: tsc, eslint, or a configured check name.'),
  code: z.string().describe('Rule id or error code, e.g. TS2339.'),
  severity: z.enum(['error', 'warning']),
  phase: z.enum(['config', 'syntax', 'semantic', 'lint']),
  path: z.string().nullable().describe('Repository-relative POSIX path; null for findings about no file.'),
  line: position.describe('1-based; 0 when there is no position.'),
  column: position.describe('1-based; 0 when there is no position.'),
  endLine: position.optional(),
  endColumn: position.optional(),
  message: z.string(),
  fingerprint: z.string().describe('Position-independent identity: 16 hex digits and an occurrence suffix.'),
});

export const rootSchema = z.looseObject({
  files: z.array(z.string()),
  editable: z.boolean().describe('False for generated, vendored or package files: follow the instruction instead.'),
  selected: z.boolean(),
  introduced: count,
  instruction: z.string().optional(),
});

const withheldPartSchema = z.looseObject({ count, files: z.array(z.string()) });

export const reportSchema = z.looseObject({
  verdict: z
    .enum(['clean', 'introduced', 'stuck', 'check-failed'])
    .describe('clean: nothing introduced. introduced: fix the shown findings. stuck: same findings as the last attempt; stop retrying. check-failed: some check did not finish, so nothing is clean.'),
  attempt: z.number().int().min(1),
  counts: z.looseObject({ introduced: count, resolved: count, standing: count }),
  shown: z.array(findingSchema).describe('What to fix now: the root causes, in order.'),
  withheld: withheldPartSchema
    .extend({
      reasons: z.looseObject({
        downstream: withheldPartSchema,
        queued: withheldPartSchema,
        nonEditable: withheldPartSchema,
        belowRung: withheldPartSchema,
      }),
    })
    .describe('Introduced findings not shown, and why; the explain tool lists them.'),
  roots: z.array(rootSchema).describe('Every root unit in display order; selected ones are shown.'),
  checks: z.array(
    z.looseObject({
      name: z.string(),
      status: z.enum(['ok', 'failed', 'timed-out', 'missing', 'deferred']),
      durationMs: z.number().min(0),
      version: z.string().nullable(),
      error: z.string().optional(),
    }),
  ),
  rung: z.enum(['syntax', 'errors', 'warnings', 'none']),
  width: z.number().int().min(1),
  widened: z.boolean(),
  resolved: z.looseObject({ count, lineDeleted: count }),
  notes: z.array(z.string()),
});

export type ReportJson = z.infer<typeof reportSchema>;

export const explanationSchema = z.looseObject({
  file: z.string(),
  root: rootSchema.nullable().describe('The root unit the file belongs to, or null.'),
  dependsOnRoots: z.array(z.string()).describe('For a file outside the root units: the root files it imports.'),
  findings: z.array(findingSchema.extend({ withheldAs: z.array(z.string()) })),
  shownInFile: count,
});
