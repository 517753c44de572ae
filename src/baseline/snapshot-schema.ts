/**
 * What a snapshot from elsewhere must look like before culprit compares with it: the shape the
 * snapshot store writes, every field typed. Loaded only to read a remote artifact (zod costs
 * ~100 ms of start-up, which a local check should not pay). Stored fingerprint hashes are not
 * part of it: they are computed again here rather than trusted.
 */
import { z } from 'zod';

const position = z.number().int().min(0);

const diagnosticSchema = z.object({
  tool: z.string(),
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  phase: z.enum(['config', 'syntax', 'semantic', 'lint']),
  path: z.string().nullable(),
  line: position,
  column: position,
  endLine: position.optional(),
  endColumn: position.optional(),
  message: z.string(),
  anchor: z.string(),
});

const checkSchema = z.object({
  name: z.string().min(1),
  status: z.enum(['ok', 'failed', 'timed-out', 'missing']),
  durationMs: z.number().min(0),
  version: z.string().nullable(),
  error: z.string().optional(),
  notes: z.array(z.string()).optional(),
  diagnostics: z.array(diagnosticSchema),
  // The files ESLint linted, so a cold check against a remote baseline lints again only what an edit reaches.
  checkedPaths: z.array(z.string()).optional(),
  // The baseline's side of the declaration tables (tsc 5/6), so a remote baseline traces causes too.
  declarations: z
    .record(
      z.string(),
      z.array(
        z.tuple([
          z.string(),
          z.enum([
            'interface',
            'type',
            'class',
            'function',
            'variable',
            'enum',
            'namespace',
            'member',
            'method',
            'export',
          ]),
          position,
          z.string(),
        ]),
      ),
    )
    .optional(),
});

export const snapshotSchema = z.object({
  version: z.literal(1),
  takenAt: z.string(),
  tree: z.object({ kind: z.literal('git'), treeId: z.string().regex(/^[0-9a-f]{40,64}$/) }),
  checks: z.array(checkSchema).min(1),
});
