/**
 * mypy's findings as diagnostics, from either of its outputs: the `-O json` lines of mypy 1.11
 * and later, or the text lines every version prints with `--show-column-numbers
 * --show-error-codes --show-error-end --no-error-summary`. Notes are dropped: they elaborate
 * the error before them (or answer reveal_type) and are not problems of their own. mypy's
 * `syntax` code marks a file that did not parse.
 */
import type { Diagnostic } from '../../core/diagnostic.js';

export type MypyFormat = 'json' | 'text';

/** `path:line:column[:endLine:endColumn]: error: message  [code]`; the column parts are optional. */
const textLine = /^(.+?):(\d+)(?::(\d+))?(?::(\d+):(\d+))?: (error|warning|note): (.*)$/;
const trailingCode = /\s\s\[([a-z0-9-]+)\]$/;

/** mypy's JSON output arrived in 1.11. */
export function chooseMypyFormat(version: string): MypyFormat {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  return major > 1 || (major === 1 && minor >= 11) ? 'json' : 'text';
}

/** `mypy 1.0.1 (compiled: yes)` → `1.0.1`. */
export function parseMypyVersion(output: string): string | null {
  return /\bmypy (\d+\.\d+[^\s]*)/.exec(output)?.[1] ?? null;
}

/** `toRepoPath` receives paths as mypy printed them (relative to the root, or absolute). */
export function parseMypyOutput(
  stdout: string,
  format: MypyFormat,
  toRepoPath: (printed: string) => string,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const diagnostic = format === 'json' ? parseJsonLine(line, toRepoPath) : parseTextLine(line, toRepoPath);
    if (diagnostic !== null) diagnostics.push(diagnostic);
  }
  return diagnostics;
}

function parseTextLine(line: string, toRepoPath: (printed: string) => string): Diagnostic | null {
  const match = textLine.exec(line);
  if (match === null) return null;
  const [, file = '', lineText = '0', columnText, endLineText, endColumnText, severity, rest = ''] = match;
  if (severity === 'note') return null;
  const code = trailingCode.exec(rest);
  return makeDiagnostic({
    path: toRepoPath(file),
    line: Number(lineText),
    // The text columns are already 1-based; the end column is where the span stops.
    column: columnText === undefined ? 0 : Number(columnText),
    endLine: endLineText === undefined ? undefined : Number(endLineText),
    endColumn: endColumnText === undefined ? undefined : Number(endColumnText),
    severity: severity === 'warning' ? 'warning' : 'error',
    code: code?.[1] ?? null,
    message: code === null ? rest : rest.slice(0, code.index),
  });
}

interface JsonFinding {
  file?: unknown;
  line?: unknown;
  column?: unknown;
  end_line?: unknown;
  end_column?: unknown;
  message?: unknown;
  code?: unknown;
  severity?: unknown;
}

function parseJsonLine(line: string, toRepoPath: (printed: string) => string): Diagnostic | null {
  if (!line.startsWith('{')) return null;
  let finding: JsonFinding;
  try {
    finding = JSON.parse(line) as JsonFinding;
  } catch {
    throw new Error(`mypy printed a line that is not JSON: ${line.slice(0, 200)}`);
  }
  if (finding.severity === 'note' || typeof finding.file !== 'string' || typeof finding.message !== 'string')
    return null;
  const line1 = typeof finding.line === 'number' ? Math.max(0, finding.line) : 0;
  // 0-based in JSON, -1 when unknown; the text output prints it plus one.
  const column = typeof finding.column === 'number' && finding.column >= 0 ? finding.column + 1 : 0;
  return makeDiagnostic({
    path: toRepoPath(finding.file),
    line: line1,
    column: line1 === 0 ? 0 : column,
    endLine: typeof finding.end_line === 'number' ? finding.end_line : undefined,
    endColumn: typeof finding.end_column === 'number' ? finding.end_column : undefined,
    severity: finding.severity === 'warning' ? 'warning' : 'error',
    code: typeof finding.code === 'string' ? finding.code : null,
    message: finding.message,
  });
}

interface Parts {
  path: string;
  line: number;
  column: number;
  endLine: number | undefined;
  endColumn: number | undefined;
  severity: Diagnostic['severity'];
  code: string | null;
  message: string;
}

function makeDiagnostic(parts: Parts): Diagnostic {
  const diagnostic: Diagnostic = {
    tool: 'mypy',
    code: parts.code ?? 'mypy',
    severity: parts.severity,
    phase: parts.code === 'syntax' ? 'syntax' : 'semantic',
    path: parts.path,
    line: parts.line,
    column: parts.column,
    message: parts.message.trimEnd(),
  };
  if (parts.endLine !== undefined && parts.endLine > 0) diagnostic.endLine = parts.endLine;
  if (parts.endColumn !== undefined && parts.endLine !== undefined && parts.endLine > 0)
    diagnostic.endColumn = parts.endColumn;
  return diagnostic;
}

/**
 * The files mypy read, from what `--verbose` logs on stderr: each source it was given (`Found
 * source: BuildSource(path='pkg/a.py', module='pkg.a', …)`) and each module it parsed or took
 * fresh from its cache (`Parsing pkg/a.py (pkg.a)`, `Metadata fresh for pkg.a: file pkg/a.py`),
 * as printed path → module; the standard library's are there too, for the caller to leave out.
 */
export function parseMypyReadFiles(stderr: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const line of stderr.split(/\r?\n/)) {
    const source = /^LOG:\s+Found source:\s+BuildSource\(path='((?:[^'\\]|\\.)*)', module='([^']*)'/.exec(line);
    const parsed = /^LOG:\s+Parsing (.+) \(([\w.]+)\)$/.exec(line);
    const fresh = /^LOG:\s+Metadata fresh for ([\w.]+): file (.+)$/.exec(line);
    if (source !== null) files.set(source[1]!, source[2]!);
    else if (parsed !== null) files.set(parsed[1]!, parsed[2]!);
    else if (fresh !== null) files.set(fresh[2]!, fresh[1]!);
  }
  return files;
}
