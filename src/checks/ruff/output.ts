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

/** `ruff check --show-files`: one file a line, absolute; only Python files and notebooks are kept. */
export function parseRuffFileList(stdout: string): string[] {
  return stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /\.(?:pyi?|ipynb)$/.test(line));
}

export interface RuffSettings {
  /** The configuration file ruff resolved (absolute), or null when it runs on its defaults. */
  settingsPath: string | null;
  /** The codes of the rules it enforces, with their names: `F401` → `unused-import`. */
  enabled: Map<string, string>;
}

/**
 * `ruff check --show-settings`: its `Settings path: "…"` line and its `linter.rules.enabled`
 * list (`\tunused-import (F401),` a line); null when the list is not there.
 */
export function parseRuffSettings(stdout: string): RuffSettings | null {
  const lines = stdout.split(/\r?\n/);
  const start = lines.findIndex((line) => /^linter\.rules\.enabled\s*=\s*\[\s*$/.test(line.trim()));
  if (start === -1) return null;
  const enabled = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (/^\s*\]/.test(line)) break;
    const rule = /^\s*([\w-]+) \(([A-Z]+[0-9]+)\),?\s*$/.exec(line);
    if (rule !== null) enabled.set(rule[2]!, rule[1]!);
  }
  const path = /^Settings path:\s*"(.*)"\s*$/m.exec(stdout)?.[1] ?? null;
  return { settingsPath: path, enabled };
}
