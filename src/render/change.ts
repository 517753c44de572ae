/**
 * A changed declaration in one line: what the edit did to it, with its text before and after
 * where that says more than the name (`innerFrom(input: O)` returns `any`, was `Observable<…>`).
 */
import { splitSignature } from '../core/triage/causes.js';
import type { CauseChange } from '../core/triage/echo-groups.js';

/** Quoted text longer than this is cut: the sentence must stay one readable line. */
const maxQuoted = 120;

/** "renamed `RateCard.price` to `unitPrice`", "made `innerFrom(input: O)` return `any` (it returned `Observable<T>`)", … */
export function describeChange(change: CauseChange): string {
  const name = `\`${change.symbol}\``;
  switch (change.kind) {
    case 'renamed': {
      const to = change.renamedTo ?? change.after;
      return `renamed ${name} to \`${to.slice(to.lastIndexOf('.') + 1)}\``;
    }
    case 'removed':
      return `removed ${name} (it was ${quote(change.before)})`;
    case 'added':
      return `added ${name} (${quote(change.after)})`;
    case 'export':
      if (change.after === '') return `removed the export ${name} (${quote(change.before)})`;
      if (change.before === '') return `added the export ${name} (${quote(change.after)})`;
      return `changed the export of ${name} from ${quote(change.before)} to ${quote(change.after)}`;
    case 'signature': {
      const before = splitSignature(change.before);
      const after = splitSignature(change.after);
      if (before !== undefined && after !== undefined && before.parameters === after.parameters)
        return `made ${quote(`${lastName(change.symbol)}${after.parameters}`)} return ${quote(after.returns || 'void')} (it returned ${quote(before.returns || 'void')})`;
      return `changed the signature of ${name} from ${quote(change.before)} to ${quote(change.after)}`;
    }
    case 'retyped':
      return `changed ${name} from ${quote(change.before)} to ${quote(change.after)}`;
  }
}

function lastName(symbol: string): string {
  return symbol.slice(symbol.lastIndexOf('.') + 1);
}

function quote(text: string): string {
  const clipped = text.length > maxQuoted ? `${text.slice(0, maxQuoted - 1)}…` : text;
  return `\`${clipped.replaceAll('`', "'")}\``;
}
