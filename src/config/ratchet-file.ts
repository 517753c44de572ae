/**
 * Reading `culprit-baseline.json` (core/gate/ratchet-file.ts holds what it means): its JSON
 * text, validated strictly, every failure naming the file and the field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ratchetFileName, normalizeRatchetFile, type RatchetFile } from '../core/gate/ratchet-file.js';
import { makeUserError } from '../core/errors.js';
import { makeConfigError, parseJsonText } from './load-config.js';

const entrySchema = z.strictObject({
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .describe('The identity, without the `#n` occurrence suffix.'),
  count: z.number().int().positive().describe('How many findings with this identity the file may have.'),
  code: z.string().describe('Rule id or error code.'),
  severity: z.enum(['error', 'warning']),
  message: z.string().describe('The message of the first occurrence when the entry was written.'),
  source: z.string().describe('The flagged source line, whitespace folded; empty when the finding has no line.'),
});

const checkSchema = z.strictObject({
  version: z.string().nullable().describe('The tool version the entries were last verified with.'),
  files: z
    .record(z.string(), z.array(entrySchema))
    .describe('Repository-relative path → entries; "" holds findings tied to no file.'),
  strength: z
    .record(z.string(), z.record(z.string(), z.tuple([z.number(), z.string()])))
    .optional()
    .describe('Config file → setting → [level, value]: how strictly the check checked; the gate fails on less.'),
});

// Typed by the core's interfaces, so the schema and the data model cannot drift apart.
const fileSchema: z.ZodType<RatchetFile> = z.strictObject({
  version: z.literal(1),
  commit: z
    .string()
    .regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/)
    .optional()
    .describe('The commit HEAD was at when the entries were written; the gate maps them through the diff from it.'),
  suppressions: z
    .literal(true)
    .optional()
    .describe('The file lists suppression directives among its entries: the gate fails on one it does not list.'),
  checks: z.record(z.string(), checkSchema).describe('Check name → its accepted findings.'),
});

export function parseRatchetFile(text: string, source = ratchetFileName): RatchetFile {
  const json = parseJsonText(text, source, 'fix it or write it again with `culprit baseline --write`');
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw makeConfigError(source, parsed.error.issues, [], fileSchema);
  return normalizeRatchetFile(parsed.data);
}

/** The file at the repository root, or null when there is none. */
export function loadRatchetFile(root: string): { file: RatchetFile; text: string } | null {
  let text: string;
  try {
    text = readFileSync(join(root, ratchetFileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw makeUserError(`${ratchetFileName}: cannot be read: ${(error as Error).message}`, error);
  }
  return { file: parseRatchetFile(text), text };
}
