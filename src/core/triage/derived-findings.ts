/**
 * Derived findings: those that follow from a compiler error and go away with it. Three kinds:
 *
 * - the compiler's own implicit anys that the tsc check traced to an error-typed value
 *   (`derivedFrom`: a callback passed to an untyped call, a binding of such a callback);
 * - lint findings about `any` values at the spans the tsc check traced to one
 *   (`CheckRun.derived`): typescript-eslint calls them plain `any`, so only the type checker's
 *   trace can tell them from a value that is `any` by declaration;
 * - lint findings about values of the compiler's error type, recognised by their wording
 *   (lint-echoes.ts).
 *
 * A traced finding is withheld only while the error it derives from is among this check's
 * introduced compiler errors: the trace is made from the current program on every check, so once
 * the cause is fixed nothing derives from it and whatever is left is shown. A finding culprit
 * cannot trace stays shown.
 */
import type { CheckRun } from '../check-run.js';
import type { Diagnostic, SourceSpan } from '../diagnostic.js';
import { isErrorTypeFinding, type LintEchoes } from './lint-echoes.js';

export interface DerivedFindings<T> extends LintEchoes<T> {
  /** How many of `echoes` only the type checker's trace tells apart (the rest are recognised by wording too). */
  traced: number;
}

/** Rules whose findings about an `any` value a traced span explains. */
const anyRules = /^(?:no-unsafe-[a-z-]+|restrict-template-expressions|restrict-plus-operands)$/;

/**
 * Splits findings into kept and derived (`echoes`), order preserved. `runs`: the checks that
 * produced the findings; those that traced derived values say where they are.
 */
export function splitDerivedFindings<T extends Diagnostic>(
  findings: readonly T[],
  runs: readonly Pick<CheckRun, 'name' | 'status' | 'derived'>[],
): DerivedFindings<T> {
  const compilerErrors = findings.filter((finding) => isCompilerError(finding) && finding.derivedFrom === undefined);
  const compilerTools = new Set(compilerErrors.map((finding) => finding.tool));
  const isReported = makeOriginCheck(compilerErrors);
  const traced = makeSpanIndex(runs);
  const kept: T[] = [];
  const echoes: T[] = [];
  let tracedOnly = 0;
  for (const finding of findings) {
    const byWording = isErrorTypeFinding(finding) && [...compilerTools].some((tool) => tool !== finding.tool);
    const origins =
      finding.derivedFrom !== undefined ? [finding.derivedFrom] : isAnyRule(finding) ? traced(finding) : [];
    const byTrace = origins.some(isReported);
    if (byTrace && !byWording) tracedOnly += 1;
    (byWording || byTrace ? echoes : kept).push(finding);
  }
  return { kept, echoes, traced: tracedOnly };
}

function isCompilerError(finding: Diagnostic): boolean {
  return (finding.phase === 'semantic' || finding.phase === 'syntax') && finding.severity === 'error';
}

function isAnyRule(finding: Diagnostic): boolean {
  return finding.phase === 'lint' && anyRules.test(finding.code.slice(finding.code.lastIndexOf('/') + 1));
}

/** Whether one of `errors` is reported inside an origin's span (the compiler reports an error at or within the expression it cannot type). */
function makeOriginCheck(errors: readonly Diagnostic[]): (origin: SourceSpan) => boolean {
  const byPath = new Map<string, Diagnostic[]>();
  for (const error of errors)
    if (error.path !== null) byPath.set(error.path, [...(byPath.get(error.path) ?? []), error]);
  return (origin) =>
    (byPath.get(origin.path) ?? []).some(
      (error) =>
        comparePositions(error.line, error.column, origin.line, origin.column) >= 0 &&
        comparePositions(error.line, error.column, origin.endLine, origin.endColumn) < 0,
    );
}

function comparePositions(line: number, column: number, otherLine: number, otherColumn: number): number {
  return line - otherLine || column - otherColumn;
}

/** The origins of the traced spans a finding's exact range is, over every run that traced some. */
function makeSpanIndex(
  runs: readonly Pick<CheckRun, 'name' | 'status' | 'derived'>[],
): (finding: Diagnostic) => SourceSpan[] {
  const index = new Map<string, SourceSpan[]>();
  for (const run of runs) {
    if (run.status !== 'ok' || run.derived === undefined) continue;
    const { origins, spans } = run.derived;
    for (const [path, quintuples] of Object.entries(spans)) {
      for (let at = 0; at + 4 < quintuples.length; at += 5) {
        const origin = origins[quintuples[at + 4]!];
        if (origin === undefined) continue;
        const key = makeRangeKey(path, quintuples[at]!, quintuples[at + 1]!, quintuples[at + 2]!, quintuples[at + 3]!);
        index.set(key, [...(index.get(key) ?? []), origin]);
      }
    }
  }
  return (finding) =>
    finding.path === null || finding.endLine === undefined || finding.endColumn === undefined
      ? []
      : (index.get(makeRangeKey(finding.path, finding.line, finding.column, finding.endLine, finding.endColumn)) ?? []);
}

function makeRangeKey(path: string, line: number, column: number, endLine: number, endColumn: number): string {
  return `${path}\0${line}:${column}:${endLine}:${endColumn}`;
}
