/**
 * A run that only failed is a failure. A tool that could not check most of its files because of
 * its configuration (typescript-eslint's "parserOptions.project" errors on every file, say) still
 * exits with findings; filed as findings, they would stand behind a baseline that has them too,
 * and the check would silently do nothing. Such a run is reported `failed`, with its first errors,
 * on the baseline as on the checked tree, so the verdict is `check-failed`, never clean.
 */
import type { CheckRun } from './check-run.js';
import type { Diagnostic } from './diagnostic.js';

/** Files named after the quoted error in the failed run's message; the rest are counted. */
const namedFiles = 5;
/** Characters of the quoted error (typescript-eslint's run to a paragraph of advice, worth reading once). */
const quotedChars = 600;

/**
 * An error about a file that the tool could not check because of its configuration (phase
 * `config`). A syntax error is not one: it is about the file's content, which the edit may have
 * broken, and is shown like any finding.
 */
export function isFatalFinding(diagnostic: Diagnostic): boolean {
  return diagnostic.phase === 'config' && diagnostic.severity === 'error' && diagnostic.path !== null;
}

/**
 * The run, or, when fatal errors stand on more than half of the files it checked (and at least
 * one), the run failed with its first fatal errors as the reason. Only a run that says how many
 * files it checked (`checkedFiles`) can be judged: a count of the files with findings would call
 * a clean repository with one file outside the project a failure.
 */
export function failFatalRun(run: CheckRun): CheckRun {
  const checked = run.checkedFiles;
  if (run.status !== 'ok' || checked === undefined) return run;
  const firstByFile = new Map<string, Diagnostic>();
  for (const diagnostic of run.diagnostics)
    if (isFatalFinding(diagnostic) && !firstByFile.has(diagnostic.path!)) firstByFile.set(diagnostic.path!, diagnostic);
  const fatal = firstByFile.size;
  if (fatal === 0 || fatal * 2 <= checked) return run;
  const [first, ...others] = [...firstByFile.values()];
  const named = others.slice(0, namedFiles).map((diagnostic) => diagnostic.path!);
  const rest = others.length - named.length;
  const also = named.length === 0 ? '' : ` (the same on ${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''})`;
  const error = `${run.name} could not check ${fatal} of the ${checked} files it was given, because of its configuration. ${describeFatalFinding(first!)}${also}`;
  const { version, notes } = run;
  return {
    name: run.name,
    status: 'failed',
    durationMs: run.durationMs,
    version,
    diagnostics: [],
    ...(notes === undefined ? {} : { notes }),
    error,
  };
}

/** `path:line:column: message`, on one line and bounded. */
function describeFatalFinding(diagnostic: Diagnostic): string {
  const at = diagnostic.line > 0 ? `:${diagnostic.line}:${diagnostic.column}` : '';
  const message = diagnostic.message.replace(/\s+/g, ' ').trim();
  const bounded = message.length > quotedChars ? `${message.slice(0, quotedChars - 1)}…` : message;
  return `${diagnostic.path}${at}: ${bounded}`;
}
