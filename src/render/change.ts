/**
 * A changed declaration in one line: what the edit did to it, with its text before and after
 * where that says more than the name (`innerFrom(input: O)` returns `any`, was `Observable<…>`).
 * A long declaration is shown around the part that differs, the same stretch of it on each side,
 * never two cuts of the same start.
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
      return `changed the export of ${name} ${quoteDifference(change.before, change.after)}`;
    case 'signature':
      return (
        describeReturnChange(change) ??
        `changed the signature of ${name} ${quoteDifference(change.before, change.after)}`
      );
    case 'retyped':
      return `changed ${name} ${quoteDifference(change.before, change.after)}`;
  }
}

/** Context kept on each side of the part that differs. */
const contextWidth = 24;

/**
 * `from \`a\` to \`b\``: both whole when they fit, otherwise the same stretch of each around
 * the part that differs (`…Get<Mutate<StoreApi<T>, Mis>, 'getState', never>…`).
 */
function quoteDifference(before: string, after: string): string {
  if (before.length <= maxQuoted && after.length <= maxQuoted) return `from ${quote(before)} to ${quote(after)}`;
  const hidden = /…#[0-9a-f]{12}$/;
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix += 1;
  // Both cut to the same start, differing only in the hash of what was cut: the difference is past what the table keeps.
  if (hidden.test(before) && hidden.test(after) && prefix >= before.lastIndexOf('…'))
    return `(it differs past its first ${before.lastIndexOf('…')} characters: ${quote(before)})`;
  const start = findWordStart(before, Math.max(0, prefix - contextWidth));
  const window = (text: string) => {
    const end = findWordEnd(text, Math.min(text.length, text.length - suffix + contextWidth));
    const middle = text.slice(start, end);
    const clipped = middle.length > maxQuoted - 2 ? `${middle.slice(0, maxQuoted - 3)}…` : middle;
    return `${start > 0 ? '…' : ''}${clipped}${end < text.length && !clipped.endsWith('…') ? '…' : ''}`;
  };
  return `from ${quoteWhole(window(before))} to ${quoteWhole(window(after))}`;
}

/** Back to the start of the word at `at`, so a window never opens in the middle of a name. */
function findWordStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && /[\w$]/.test(text[start - 1] ?? '')) start -= 1;
  return start;
}

function findWordEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && /[\w$]/.test(text[end] ?? '')) end += 1;
  return end;
}

/** Only the return type changed: said as such, with the parameters for the call's shape. */
function describeReturnChange(change: CauseChange): string | undefined {
  const before = splitSignature(change.before);
  if (before === undefined) return undefined;
  const after = splitSignature(change.after);
  if (after?.parameters !== before.parameters) return undefined;
  return `made ${quote(`${lastName(change.symbol)}${after.parameters}`)} return ${quote(after.returns || 'void')} (it returned ${quote(before.returns || 'void')})`;
}

function lastName(symbol: string): string {
  return symbol.slice(symbol.lastIndexOf('.') + 1);
}

function quote(text: string): string {
  return quoteWhole(text.length > maxQuoted ? `${text.slice(0, maxQuoted - 1)}…` : text);
}

function quoteWhole(text: string): string {
  return `\`${text.replaceAll('`', "'")}\``;
}
