import { describe, expect, it } from 'vitest';
import { readMemberCause } from '../../../src/core/triage/member-causes.js';

const semantic = (message: string) => ({ phase: 'semantic' as const, message });

describe('readMemberCause', () => {
  it.each([
    ["Property 'tr' does not exist on type 'CommandProps'.", 'CommandProps', 'tr'],
    ["Property 'from' does not exist on type 'Range'. Did you mean 'fromPos'?", 'Range', 'from'],
    ["Object literal may only specify known properties, and 'from' does not exist in type 'Range'.", 'Range', 'from'],
    [
      "Object literal may only specify known properties, but 'from' does not exist in type 'Range'. Did you mean to write 'fromPos'?",
      'Range',
      'from',
    ],
    ["Property 'to' is missing in type '{ from: number; }' but required in type 'Range'.", 'Range', 'to'],
    ["Property 'value' does not exist on type 'Box<number>'.", 'Box', 'value'],
    ["Property 'create' does not exist on type 'typeof Rates'.", 'Rates', 'create'],
    ["Property 'x' does not exist on type 'ns.Config'.", 'Config', 'x'],
    [
      "Argument of type '{ id: string; }' is not assignable to parameter of type 'RateCard'.\n  Property 'price' is missing in type '{ id: string; }' but required in type 'RateCard'.",
      'RateCard',
      'price',
    ],
  ])('%s', (message, symbol, member) => {
    expect(readMemberCause(semantic(message))).toEqual({ symbol, member });
  });

  it('names no cause for anonymous types, unions, other errors and lint findings', () => {
    expect(readMemberCause(semantic("Property 'x' does not exist on type '{ a: number; }'."))).toBeUndefined();
    expect(readMemberCause(semantic("Property 'x' does not exist on type 'A | B'."))).toBeUndefined();
    expect(readMemberCause(semantic("Type 'string' is not assignable to type 'number'."))).toBeUndefined();
    expect(
      readMemberCause({ phase: 'lint', message: "Property 'tr' does not exist on type 'CommandProps'." }),
    ).toBeUndefined();
  });
});
