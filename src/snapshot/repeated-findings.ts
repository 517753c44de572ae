/**
 * The compiler's diagnostics a linter reports too: oxlint with `typeCheck` adds TypeScript's own
 * errors (`TS2551` at the same place tsc reports it) to its lint findings. Beside a tsc check that
 * ran, they are the same findings twice, so the linter's copies are dropped; without one (tsc not
 * configured, or it failed), they are the only compiler errors and stay.
 */
import type { CheckRun } from '../checks/check.js';
import type { Diagnostic } from '../core/diagnostic.js';

const placeOf = (diagnostic: Diagnostic) =>
  `${diagnostic.path ?? ''}\0${diagnostic.line}\0${diagnostic.column}\0${diagnostic.code}`;

/** The runs with each non-tsc run's compiler findings that an ok tsc run of the same tree reports too left out. */
export function dropRepeatedCompilerFindings(runs: readonly CheckRun[]): CheckRun[] {
  const compiler = runs.filter((run) => run.status === 'ok' && run.diagnostics.some((d) => d.tool === 'tsc'));
  if (compiler.length === 0) return [...runs];
  const reported = new Set(compiler.flatMap((run) => run.diagnostics.filter((d) => d.tool === 'tsc').map(placeOf)));
  return runs.map((run) => {
    if (compiler.includes(run)) return run;
    const kept = run.diagnostics.filter(
      (diagnostic) =>
        diagnostic.phase !== 'semantic' || !/^TS\d+$/.test(diagnostic.code) || !reported.has(placeOf(diagnostic)),
    );
    return kept.length === run.diagnostics.length ? run : { ...run, diagnostics: kept };
  });
}
