/**
 * Lint echoes of compiler errors. Where the compiler cannot type an expression (a property that
 * no longer exists, an import that no longer resolves) it gives it its error type, and
 * typescript-eslint's no-unsafe-* rules then flag every use of that value: one renamed field can
 * add several lint findings per compiler error, each restating it in other words. While the
 * compiler reports errors they are withheld; fixing the compiler error makes them go away.
 */
import type { Diagnostic } from '../diagnostic.js';

/**
 * typescript-eslint's wording (8.x) for a value of the error type: "Unsafe assignment of an
 * error typed value.", "Unsafe argument of type error typed …", "Unsafe spread of an error array
 * type.", "Unsafe return of a value of type error.", "'X' is an 'error' type that acts as 'any' …";
 * and oxlint's (tsgolint's ports of those rules): "Unsafe member access .length on an `error` typed
 * value.", "Unsafe call of a(n) `error` type typed value.".
 */
const errorTypeWording =
  /\berror typed\b|\ban error array type\b|\bof type error\b|\bis an 'error' type\b|`error`(?: type)? typed\b/;
/**
 * no-unsafe-call and no-unsafe-member-access say "could not be resolved" / "cannot be resolved"
 * instead; other plugins use those words for unresolved module paths, so only these rules count.
 */
const unresolvedWording = /\b(?:could not|cannot) be resolved\b/;
const unresolvedRules: ReadonlySet<string> = new Set(['no-unsafe-call', 'no-unsafe-member-access']);

/** Whether a lint finding is about a value whose type is the compiler's error type. */
export function isErrorTypeFinding(finding: Diagnostic): boolean {
  if (finding.phase !== 'lint') return false;
  if (errorTypeWording.test(finding.message)) return true;
  const rule = finding.code.slice(finding.code.lastIndexOf('/') + 1);
  return unresolvedRules.has(rule) && unresolvedWording.test(finding.message);
}

export interface LintEchoes<T> {
  kept: T[];
  /** Error-type lint findings withheld because a compiler reports errors. */
  echoes: T[];
}
