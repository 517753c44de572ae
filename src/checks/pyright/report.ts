/**
 * pyright's `--outputjson` report as diagnostics. Positions are 0-based there and 1-based here.
 * pyright gives every type-checking finding a rule; the errors it reports without one are the
 * parser's and the binder's (an unclosed bracket, `return` outside a function, a duplicate
 * parameter) — exactly the ones CPython itself rejects as SyntaxError — so they are phase
 * `syntax`, which lets the ladder show them alone.
 */
import { z } from 'zod';
import type { Diagnostic } from '../../core/diagnostic.js';

const position = z.looseObject({ line: z.number().int(), character: z.number().int() });

const reportSchema = z.looseObject({
  version: z.string().optional(),
  generalDiagnostics: z.array(
    z.looseObject({
      file: z.string().optional(),
      severity: z.string(),
      message: z.string(),
      rule: z.string().optional(),
      range: z.looseObject({ start: position, end: position }).optional(),
    }),
  ),
  summary: z.looseObject({ filesAnalyzed: z.number().int().optional() }).optional(),
});

export interface PyrightReport {
  version: string | null;
  diagnostics: Diagnostic[];
  /** How many source files pyright analyzed, when its summary says. */
  filesAnalyzed: number | undefined;
}

/** Parses the report; `toRepoPath` turns pyright's absolute file paths into repository paths. */
export function parsePyrightReport(stdout: string, toRepoPath: (absolute: string) => string): PyrightReport {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    throw new Error(`pyright printed no JSON report: ${describeStart(stdout)}`);
  }
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success)
    throw new Error('pyright printed JSON that is not an --outputjson report (no generalDiagnostics list)');
  const diagnostics: Diagnostic[] = [];
  for (const entry of parsed.data.generalDiagnostics) {
    // pyright's hints (unused, unreachable) only reach editors; "information" is a rule set that low, or reveal_type.
    if (entry.severity !== 'error' && entry.severity !== 'warning' && entry.severity !== 'information') continue;
    const severity = entry.severity === 'error' ? 'error' : 'warning';
    const isSyntax = entry.rule === undefined && severity === 'error';
    const diagnostic: Diagnostic = {
      tool: 'pyright',
      code: entry.rule ?? (isSyntax ? 'syntax' : 'pyright'),
      severity,
      phase: isSyntax ? 'syntax' : 'semantic',
      path: entry.file === undefined || entry.file === '' ? null : toRepoPath(entry.file),
      line: 0,
      column: 0,
      // pyright indents the lines of a chained message with no-break spaces.
      message: entry.message.replace(/\u00a0/g, ' ').trimEnd(),
    };
    if (diagnostic.path !== null && entry.range !== undefined) {
      diagnostic.line = entry.range.start.line + 1;
      diagnostic.column = entry.range.start.character + 1;
      diagnostic.endLine = entry.range.end.line + 1;
      diagnostic.endColumn = entry.range.end.character + 1;
    }
    diagnostics.push(diagnostic);
  }
  return { version: parsed.data.version ?? null, diagnostics, filesAnalyzed: parsed.data.summary?.filesAnalyzed };
}

function describeStart(text: string): string {
  const first = text.trim().split('\n')[0] ?? '';
  if (first === '') return 'stdout was empty';
  return JSON.stringify(first.length > 200 ? `${first.slice(0, 199)}…` : first);
}
