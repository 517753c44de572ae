/**
 * What every diagnostic must look like once it leaves an adapter, whatever the tool printed:
 * positions are non-negative safe integers (0 when the tool gave none, a negative one, or one
 * past any file), a finding about no file has no position, and an end is kept only beside a
 * start. Tools do print such things (a SARIF `startLine` of -1, a mypy `end_line` of 1e300), and
 * everything downstream — anchors, excerpts, the frontier's ordering — relies on these rules.
 */
import type { Diagnostic } from '../../core/diagnostic.js';

export function normalizeDiagnostic(diagnostic: Diagnostic): Diagnostic {
  const { endLine, endColumn, ...rest } = diagnostic;
  const line = readPosition(diagnostic.line);
  const normalized: Diagnostic = {
    ...rest,
    // Adapters fill these from tool output: the type is what they promise, String() is what holds.
    /* eslint-disable @typescript-eslint/no-unnecessary-type-conversion */
    tool: String(diagnostic.tool),
    code: String(diagnostic.code),
    message: String(diagnostic.message),
    /* eslint-enable @typescript-eslint/no-unnecessary-type-conversion */
    line: diagnostic.path === null ? 0 : line,
    column: diagnostic.path === null || line === 0 ? 0 : readPosition(diagnostic.column),
  };
  if (normalized.line > 0 && readPosition(endLine) > 0) {
    normalized.endLine = readPosition(endLine);
    if (readPosition(endColumn) > 0) normalized.endColumn = readPosition(endColumn);
  }
  return normalized;
}

function readPosition(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
