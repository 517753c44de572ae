import { describe, expect, it } from 'vitest';
import { describeChange } from '../../src/render/change.js';

const stateCreator =
  "export type StateCreator< T, Mis extends [StoreMutatorIdentifier, unknown][] = [], Mos extends [StoreMutatorIdentifier, unknown][] = [], U = T, > = (( setState: Get<Mutate<StoreApi<T>, Mis>, 'setState', never>, getState: Get<Mutate<StoreApi<T>, Mis>, 'getState', never>, store: Mutate<StoreApi<T>, Mis>, ) => U) & { $$storeMutators?: Mos }";

function retyped(before: string, after: string) {
  return { kind: 'retyped' as const, symbol: 'StateCreator', path: 'src/vanilla.ts', line: 28, before, after };
}

describe('describeChange', () => {
  it('shows a long declaration around the part that differs, the same stretch on each side', () => {
    const after = stateCreator.replace("'getState', never>", "'getState', undefined>");
    expect(describeChange(retyped(stateCreator, after))).toBe(
      "changed `StateCreator` from `…StoreApi<T>, Mis>, 'getState', never>, store: Mutate<StoreApi…` to `…StoreApi<T>, Mis>, 'getState', undefined>, store: Mutate<StoreApi…`",
    );
    // Never two identical cuts: the start both sides share is not what is shown.
    const [, before, , now] = describeChange(retyped(stateCreator, `${stateCreator} & Extra`)).split('`');
    expect(before).not.toBe(now);
  });

  it('quotes short declarations whole', () => {
    expect(describeChange(retyped('type X = string', 'type X = number'))).toBe(
      'changed `StateCreator` from `type X = string` to `type X = number`',
    );
  });

  it('says so when the difference lies past what the table keeps of either side', () => {
    const kept = `${'x'.repeat(980)}…#0123456789ab`;
    expect(describeChange(retyped(kept, kept.replace('0123456789ab', 'ba9876543210')))).toBe(
      `changed \`StateCreator\` (it differs past its first 980 characters: \`${'x'.repeat(119)}…\`)`,
    );
  });
});
