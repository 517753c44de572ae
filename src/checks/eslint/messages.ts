/**
 * ESLint's lint messages as diagnostics. A fatal message means the file did not parse (phase
 * syntax), except the parser's complaint that the file is outside the TypeScript project, which
 * is a configuration problem. Messages without a rule (directive reports) get stable codes of
 * their own so their fingerprints do not depend on wording alone.
 */
import type { Linter, Rule } from 'eslint';
import type { Diagnostic, OfferedEdit, Phase } from '../../core/diagnostic.js';

export function makeEslintDiagnostic(message: Linter.LintMessage, path: string): Diagnostic {
  const { code, phase } = classifyMessage(message);
  const diagnostic: Diagnostic = {
    tool: 'eslint',
    code,
    severity: message.severity === 2 ? 'error' : 'warning',
    phase,
    path,
    // Rules and plugins can report without a position, whatever the type says; positions are made safe later.
    /* eslint-disable @typescript-eslint/no-unnecessary-condition */
    line: message.line ?? 0,
    column: message.column ?? 0,
    /* eslint-enable @typescript-eslint/no-unnecessary-condition */
    message: message.message.trimEnd(),
  };
  if (message.endLine !== undefined) diagnostic.endLine = message.endLine;
  if (message.endColumn !== undefined) diagnostic.endColumn = message.endColumn;
  // Kept for `culprit fix`, which applies them to introduced findings only (never `eslint --fix`'s every finding).
  if (message.fix !== undefined) diagnostic.fix = makeOfferedEdit(message.fix);
  const suggestions = message.suggestions?.map((suggestion) => makeOfferedEdit(suggestion.fix));
  if (suggestions !== undefined && suggestions.length > 0) diagnostic.suggestions = suggestions;
  return diagnostic;
}

function makeOfferedEdit(fix: Rule.Fix): OfferedEdit {
  return { start: fix.range[0], end: fix.range[1], text: fix.text };
}

function classifyMessage(message: Linter.LintMessage): { code: string; phase: Phase } {
  if (message.fatal === true)
    return { code: 'parse-error', phase: isProjectError(message.message) ? 'config' : 'syntax' };
  if (message.ruleId !== null) return { code: message.ruleId, phase: 'lint' };
  if (message.message.startsWith('Unused eslint-disable directive'))
    return { code: 'unused-disable-directive', phase: 'lint' };
  if (message.message.startsWith('Unused eslint-enable directive'))
    return { code: 'unused-enable-directive', phase: 'lint' };
  if (message.message.startsWith('Unused inline config')) return { code: 'unused-inline-config', phase: 'lint' };
  return { code: 'eslint', phase: 'lint' };
}

/**
 * typescript-eslint's parse errors for a file its TypeScript project does not include, or a
 * tsconfig it cannot find or read (`parserOptions.project` naming a missing file gives TypeScript's
 * TS5012/TS5083 "Cannot read file", the project service's default project its own words).
 */
function isProjectError(text: string): boolean {
  return /was not found by the project service|parserOptions\.project|TSConfig does not include this file|not (?:found|included) in (?:the|any) project|Unable to parse the specified 'tsconfig' file|\bTS50(?:12|83)\b|Cannot read file '[^']*'|Could not read Project Service default project|couldn't find any tsconfig/i.test(
    text,
  );
}
