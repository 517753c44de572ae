/**
 * What a snapshot from elsewhere must look like before culprit compares with it: the shape the
 * snapshot store writes, every field typed. Loaded only to read a remote artifact (zod costs
 * ~100 ms of start-up, which a local check should not pay). Stored fingerprint hashes are not
 * part of it: they are computed again here rather than trusted.
 */
import { z } from 'zod';
import { isTreePath } from '../core/is-inside.js';

const position = z.number().int().min(0);

/** A file of the tree, relative to its root: an artifact's paths are read, so none may lead out of the tree. */
const treePath = z.string().refine(isTreePath, 'not a relative path inside the tree');

const diagnosticSchema = z.object({
  tool: z.string(),
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  phase: z.enum(['config', 'syntax', 'semantic', 'lint']),
  path: treePath.nullable(),
  line: position,
  column: position,
  endLine: position.optional(),
  endColumn: position.optional(),
  message: z.string(),
  anchor: z.string(),
  kind: z.enum(['suppression', 'coverage', 'weakened', 'check-removed']).optional(),
  suppression: z
    .object({
      codes: z.array(z.string()),
      reason: z.string(),
      from: position,
      to: position,
      hidden: z.array(z.object({ code: z.string(), line: position, column: position, message: z.string() })).optional(),
    })
    .optional(),
});

const checkSchema = z.object({
  name: z.string().min(1),
  status: z.enum(['ok', 'failed', 'timed-out', 'missing']),
  durationMs: z.number().min(0),
  version: z.string().nullable(),
  error: z.string().optional(),
  notes: z.array(z.string()).optional(),
  diagnostics: z.array(diagnosticSchema),
  // The files the check covered: compared with the checked tree's, and ESLint's let a cold check lint only what an edit reaches.
  checkedPaths: z.array(treePath).optional(),
  configFiles: z.array(treePath).optional(),
  strength: z
    .array(
      z.object({
        source: treePath.nullable(),
        files: z.array(treePath).optional(),
        settings: z.record(z.string(), z.tuple([z.number(), z.string()])),
      }),
    )
    .optional(),
  unchecked: z.array(z.object({ paths: z.array(treePath), reason: z.string() })).optional(),
  // The baseline's side of the declaration tables (tsc 5/6), so a remote baseline traces causes too.
  declarations: z
    .record(
      treePath,
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
