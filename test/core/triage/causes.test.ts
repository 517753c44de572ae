import { describe, expect, test } from 'vitest';
import type { DeclarationRow, DeclarationTables } from '../../../src/core/declaration-table.js';
import {
  findRenameOrigins,
  listDeclarationChanges,
  makeCauseFinder,
  namePlaceholder as name,
  splitSignature,
} from '../../../src/core/triage/causes.js';

const rateCard: DeclarationRow[] = [
  ['RateCard', 'interface', 1, `export interface ${name}`],
  ['RateCard.id', 'member', 2, `${name}: string`],
  ['RateCard.price', 'member', 3, `${name}: number`],
  ['totalFor', 'function', 6, `export function ${name}(card: RateCard): number`],
];

function changesOf(before: DeclarationRow[], after: DeclarationRow[], path = 'src/types.ts') {
  const base: DeclarationTables = { [path]: before };
  const current: DeclarationTables = { [path]: after };
  return listDeclarationChanges({ base, current, changedFiles: [path], renames: new Map() });
}

describe('listDeclarationChanges', () => {
  test('a member removed with one of the same shape added in its place is a rename', () => {
    const after = rateCard.map((row): DeclarationRow =>
      row[0] === 'RateCard.price' ? ['RateCard.unitPrice', 'member', 3, row[3]] : row,
    );
    expect(changesOf(rateCard, after)).toEqual([
      {
        kind: 'renamed',
        symbol: 'RateCard.price',
        path: 'src/types.ts',
        line: 3,
        before: 'price: number',
        after: 'unitPrice: number',
        renamedTo: 'RateCard.unitPrice',
        declarationKind: 'member',
      },
    ]);
  });

  test('another shape is a removal and an addition; a new type is a retyping; a new return type a signature change', () => {
    const after: DeclarationRow[] = [
      rateCard[0]!,
      ['RateCard.id', 'member', 2, `${name}: number`],
      ['RateCard.unitPrice', 'member', 3, `${name}: string`],
      ['totalFor', 'function', 6, `export function ${name}(card: RateCard): any`],
    ];
    expect(
      changesOf(rateCard, after).map((change) => [change.kind, change.symbol, change.before, change.after]),
    ).toEqual([
      ['retyped', 'RateCard.id', 'id: string', 'id: number'],
      ['removed', 'RateCard.price', 'price: number', ''],
      ['added', 'RateCard.unitPrice', '', 'unitPrice: string'],
      [
        'signature',
        'totalFor',
        'export function totalFor(card: RateCard): number',
        'export function totalFor(card: RateCard): any',
      ],
    ]);
  });

  test('a renamed container takes its members along; dropping `export` is an export change', () => {
    const after: DeclarationRow[] = [
      ['Tariff', 'interface', 1, `export interface ${name}`],
      ['Tariff.id', 'member', 2, `${name}: string`],
      ['Tariff.price', 'member', 3, `${name}: number`],
      ['totalFor', 'function', 6, `function ${name}(card: RateCard): number`],
    ];
    expect(changesOf(rateCard, after).map((change) => [change.kind, change.symbol, change.renamedTo])).toEqual([
      ['renamed', 'RateCard', 'Tariff'],
      ['export', 'totalFor', undefined],
    ]);
  });

  test('union members printed in another order are the same shape; files without a base table have no changes', () => {
    const before: DeclarationRow[] = [['pick', 'variable', 1, `export const ${name}: Box<A | B> | C`]];
    expect(changesOf(before, [['pick', 'variable', 1, `export const ${name}: C | Box<B | A>`]])).toEqual([]);
    expect(
      listDeclarationChanges({
        base: {},
        current: { 'src/new.ts': rateCard },
        changedFiles: ['src/new.ts'],
        renames: new Map(),
      }),
    ).toEqual([]);
  });

  test('a renamed file is compared with its base path', () => {
    const after = rateCard.filter((row) => row[0] !== 'RateCard.id');
    const changes = listDeclarationChanges({
      base: { 'src/old.ts': rateCard },
      current: { 'src/new.ts': after },
      changedFiles: ['src/new.ts'],
      renames: new Map([['src/old.ts', 'src/new.ts']]),
    });
    expect(changes.map((change) => [change.kind, change.symbol, change.path])).toEqual([
      ['removed', 'RateCard.id', 'src/new.ts'],
    ]);
  });
});

describe('makeCauseFinder', () => {
  const after = rateCard.map((row): DeclarationRow =>
    row[0] === 'RateCard.price' ? ['RateCard.unitPrice', 'member', 3, row[3]] : row,
  );
  const changes = changesOf(rateCard, after);
  const find = makeCauseFinder(changes);
  const path = 'src/types.ts';

  test('matches either name of a rename, nearest dependency first', () => {
    expect(
      find({
        dependsOn: [
          { path: 'src/rates.ts', name: 'totalFor' },
          { path, name: 'RateCard.price' },
        ],
      }),
    ).toBe(0);
    expect(find({ dependsOn: [{ path, name: 'RateCard.unitPrice' }] })).toBe(0);
  });

  test('a finding about the container whose members changed joins the change; another file or name does not', () => {
    expect(find({ dependsOn: [{ path, name: 'RateCard' }] })).toBe(0);
    expect(find({ dependsOn: [{ path: 'src/other.ts', name: 'RateCard.price' }] })).toBeUndefined();
    expect(find({ dependsOn: [{ path, name: 'Invoice' }] })).toBeUndefined();
    expect(find({})).toBeUndefined();
  });

  test('members of a renamed container match it', () => {
    const renamed = changesOf(rateCard, [
      ['Tariff', 'interface', 1, `export interface ${name}`],
      ['Tariff.id', 'member', 2, `${name}: string`],
      ['Tariff.price', 'member', 3, `${name}: number`],
      rateCard[3]!,
    ]);
    expect(makeCauseFinder(renamed)({ dependsOn: [{ path, name: 'RateCard.price' }] })).toBe(0);
  });
});

test('splitSignature reads parameters and return type after type parameters', () => {
  expect(splitSignature('export function f<T extends Box<U>>(a: T, b: () => void): Observable<T>')).toEqual({
    parameters: '(a: T, b: () => void)',
    returns: 'Observable<T>',
  });
  expect(splitSignature('const x: number')).toBeUndefined();
});

describe('findRenameOrigins', () => {
  const store: DeclarationRow[] = [
    ['StoreApi', 'interface', 1, `export interface ${name}<T>`],
    ['StoreApi.getState', 'member', 2, `${name}: () => T`],
    ['StateCreator', 'type', 4, `export type ${name}<T> = (getState: Get<StoreApi<T>, 'getState'>) => T`],
    ['Other', 'type', 5, `export type ${name} = 'getState' | 'x'`],
  ];
  const rename = (row: DeclarationRow): DeclarationRow =>
    row[0] === 'StoreApi.getState' ? ['StoreApi.readState', 'member', 2, row[3]] : row;

  test("a declaration whose only difference is the renamed member's key is that rename, not a cause of its own", () => {
    const after = store
      .map(rename)
      .map((row): DeclarationRow =>
        row[0] === 'StateCreator' ? [row[0], row[1], row[2], row[3].replace("'getState'", "'readState'")] : row,
      );
    const changes = changesOf(store, after);
    expect(changes.map((change) => change.kind)).toEqual(['renamed', 'retyped']);
    expect(findRenameOrigins(changes)).toEqual([0, 0]);
    // A finding traced to StateCreator is a site of the rename.
    expect(makeCauseFinder(changes)({ dependsOn: [{ path: 'src/types.ts', name: 'StateCreator' }] })).toBe(0);
  });

  test('a declaration changed in another way as well stays a cause of its own', () => {
    const after = store
      .map(rename)
      .map((row): DeclarationRow =>
        row[0] === 'Other' ? [row[0], row[1], row[2], row[3].replace("'getState' | 'x'", "'readState' | 'y'")] : row,
      );
    const changes = changesOf(store, after);
    expect(findRenameOrigins(changes)).toEqual([0, 1]);
  });
});
