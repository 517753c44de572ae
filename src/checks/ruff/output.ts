/**
 * `ruff check --output-format json` as diagnostics. Ruff has no severities: every violation
 * fails `ruff check`, so every one is an error of phase lint. A file ruff could not parse comes
 * as E999 (before 0.5) or without a code and with a "SyntaxError: " message (after), phase
 * syntax either way. Locations are 1-based rows and columns.
 */
import { z } from 'zod';
import type { Diagnostic } from '../../core/diagnostic.js';

const location = z.looseObject({ row: z.number().int(), column: z.number().int() });

const outputSchema = z.array(
  z.looseObject({
    code: z.string().nullable().optional(),
    filename: z.string(),
    message: z.string(),
    location: location.nullable().optional(),
    end_location: location.nullable().optional(),
  }),
);

/** `ruff 0.6.9` → `0.6.9`. */
export function parseRuffVersion(output: string): string | null {
  return /\bruff (\d+\.\d+[^\s]*)/.exec(output)?.[1] ?? null;
}

export function parseRuffOutput(stdout: string, toRepoPath: (absolute: string) => string): Diagnostic[] {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    throw new Error(`ruff printed no JSON list: ${JSON.stringify(stdout.trim().slice(0, 200))}`);
  }
  const parsed = outputSchema.safeParse(json);
  if (!parsed.success) throw new Error('ruff printed JSON that is not its --output-format json list of violations');
  return parsed.data.map((violation) => {
    const isSyntax =
      violation.code === 'E999' || ((violation.code ?? null) === null && /^SyntaxError\b/.test(violation.message));
    const diagnostic: Diagnostic = {
      tool: 'ruff',
      code: violation.code ?? (isSyntax ? 'syntax' : 'ruff'),
      severity: 'error',
      phase: isSyntax ? 'syntax' : 'lint',
      path: toRepoPath(violation.filename),
      line: violation.location?.row ?? 0,
      column: violation.location?.column ?? 0,
      message: violation.message.trimEnd(),
    };
    if (violation.end_location !== null && violation.end_location !== undefined) {
      diagnostic.endLine = violation.end_location.row;
      diagnostic.endColumn = violation.end_location.column;
    }
    return diagnostic;
  });
}
