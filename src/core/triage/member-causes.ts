/**
 * Member causes: the one fact behind many compiler errors about a type's member. Renaming
 * `Range.from` makes tsc say "Property 'from' does not exist on type 'Range'" where the member is
 * read (TS2339, TS2551 with a suggestion), "Object literal may only specify known properties, and
 * 'from' does not exist in type 'Range'" where it is written (TS2353, TS2561), and "Property 'to'
 * is missing in type … but required in type 'Range'" where a literal lacks it (TS2741): other
 * codes, other words, one cause. The compiler's English wording is the only place the symbol
 * and the member are spelled out in a finding, so it is read here, line by line of the
 * flattened message chain (an elaboration under TS2345 or TS2322 counts too).
 */
import type { Diagnostic } from '../diagnostic.js';

export interface MemberCause {
  /** The type's own name: `Range` for 'Range', `Box` for 'Box<number>', `Config` for 'ns.Config'. */
  symbol: string;
  member: string;
}

/** Each form tsc uses for a member that is missing or no longer exists: [member, type]. */
const memberForms: readonly RegExp[] = [
  // TS2339, TS2551 ("… Did you mean 'x'?"), TS2550, TS2576 (static members, 'typeof X').
  /^Property '([^']+)' does not exist on type '(.+?)'\.(?: |$)/,
  // TS2353, TS2561 ("…, but 'x' does not exist in type 'T'. Did you mean to write 'y'?").
  /^Object literal may only specify known properties, (?:and|but) '([^']+)' does not exist in type '(.+?)'\.(?: |$)/,
];
/** TS2741: the member the target type requires; the type named last is the one declaring it. */
const missingForm = /^Property '([^']+)' is missing in type '.+' but required in type '(.+?)'\.$/;
/** A type name tsc prints for a declared symbol: `RateCard`, `Box<number>`, `typeof Rates`, `ns.Config`. */
const declaredName = /^(?:typeof )?((?:[A-Za-z_$][\w$]*\.)*[A-Za-z_$][\w$]*)(?:<.*>)?$/;

/** The member cause a compiler finding states, or undefined when it states none culprit can read. */
export function readMemberCause(finding: Pick<Diagnostic, 'phase' | 'message'>): MemberCause | undefined {
  if (finding.phase !== 'semantic') return undefined;
  for (const line of finding.message.split('\n')) {
    const text = line.trim();
    for (const form of memberForms) {
      const match = form.exec(text);
      if (match !== null) return makeCause(match[1]!, match[2]!);
    }
    const missing = missingForm.exec(text);
    if (missing !== null) return makeCause(missing[1]!, missing[2]!);
  }
  return undefined;
}

/** Anonymous object types, unions and the like name no symbol to point at. */
function makeCause(member: string, type: string): MemberCause | undefined {
  const name = declaredName.exec(type)?.[1];
  if (name === undefined) return undefined;
  return { symbol: name.slice(name.lastIndexOf('.') + 1), member };
}
