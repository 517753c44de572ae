/**
 * A run that only failed is a failure. A tool that could not check most of its files because of
 * its configuration (typescript-eslint's "parserOptions.project" errors on every file, say) still
 * exits with findings; filed as findings, they would stand behind a baseline that has them too,
 * and the check would silently do nothing. Such a run is reported `failed`, with its first errors,
 * on the baseline as on the checked tree, so the verdict is `check-failed`, never clean. So is a
 * run that checked no file at all (its coverage, `checkedPaths`, is empty: ESLint whose patterns
 * match nothing it lints, a tsconfig whose `include` matches nothing), and one with a finding
 * whose code its check declares a failure of the tool itself (tsc's TS18003 "No inputs were
 * found"), which must not stand as debt behind a baseline that has it too.
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
 * The run, or the run failed with why: it checked no file; a finding says the tool failed
 * (`failureCodes`, what its check definition declares); or fatal errors stand on more than half
 * of the files it checked (and at least one), quoting the first. Only a run that says how many
 * files it checked (`checkedFiles`) can be judged on that last count: a count of the files with
 * findings would call a clean repository with one file outside the project a failure.
 */
export function failFatalRun(run: CheckRun, failureCodes: readonly string[] = []): CheckRun {
  if (run.status !== 'ok') return run;
  const failure = run.diagnostics.find((diagnostic) => failureCodes.includes(diagnostic.code));
  if (run.checkedPaths?.length === 0) {
    const why =
      failure === undefined
        ? 'what it was configured to check matched no file, or only files its configuration ignores; a run that covers nothing cannot say the code is clean'
        : describeFatalFinding(failure);
    return makeFailedRun(run, `${run.name} checked no file: ${why}`);
  }
  if (failure !== undefined)
    return makeFailedRun(run, `${run.name} did not check all it was configured to: ${describeFatalFinding(failure)}`);
  return failConfigurationRun(run);
}

function failConfigurationRun(run: CheckRun): CheckRun {
  const checked = run.checkedFiles;
  if (checked === undefined) return run;
  const firstByFile = new Map<string, Diagnostic>();
  for (const diagnostic of run.diagnostics)
    if (isFatalFinding(diagnostic) && !firstByFile.has(diagnostic.path!)) firstByFile.set(diagnostic.path!, diagnostic);
  const fatal = firstByFile.size;
  if (fatal === 0 || fatal * 2 <= checked) return run;
  const [first, ...others] = [...firstByFile.values()];
  const named = others.slice(0, namedFiles).map((diagnostic) => diagnostic.path!);
  const rest = others.length - named.length;
  const also = named.length === 0 ? '' : ` (the same on ${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''})`;
  return makeFailedRun(
    run,
    `${run.name} could not check ${fatal} of the ${checked} files it was given, because of its configuration. ${describeFatalFinding(first!)}${also}`,
  );
}

function makeFailedRun(run: CheckRun, error: string): CheckRun {
  const { version, notes } = run;
  return {
    name: run.name,
    status: 'failed',
    durationMs: run.durationMs,
    version,
    diagnostics: [],
    notes,
    error,
  };
}

/** `path:line:column: message` (without a path for a finding about no file), on one line and bounded. */
function describeFatalFinding(diagnostic: Diagnostic): string {
  const at = diagnostic.line > 0 ? `:${diagnostic.line}:${diagnostic.column}` : '';
  const message = diagnostic.message.replace(/\s+/g, ' ').trim();
  const bounded = message.length > quotedChars ? `${message.slice(0, quotedChars - 1)}…` : message;
  return diagnostic.path === null ? bounded : `${diagnostic.path}${at}: ${bounded}`;
}
