/**
 * The tsc check's declaration tables and traces on a real program (TypeScript 6.0): what each
 * row says of a declaration, and which declarations a finding's flagged code depends on.
 */
import { afterEach, expect, test } from 'vitest';
import { runTsc } from '../../../src/checks/tsc/adapter.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../../helpers/repo.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const tsconfig = bundlerTsconfig;

test('rows: names qualified in the file, shapes without names or bodies, inferred types where none is written, overloads as one', async () => {
  const repo = makeRepo({
    git: false,
    files: {
      'tsconfig.json': tsconfig,
      'src/shapes.ts': `export interface Card extends Base {
  readonly id: string;
  price?: number;
  total(quantity: number): number;
  total(quantity: string): number;
}
interface Base { kind: 'card' }
export type Pair = { left: Card; right: Card };
export const limit = 10;
export function make(id: string) {
  return { id, price: 1 };
}
export enum Color { Red = 1, Blue }
export namespace ns { export const inner: number = 1; }
export { make as build };
export class Store { count = 0; constructor(private readonly name: string) {} get size(): number { return this.count; } }
`,
    },
  });
  repos.push(repo);
  const output = await runTsc({ root: repo.root, options: { project: 'tsconfig.json' } });
  const rows = output.declarations!['src/shapes.ts']!.map(([name, kind, line, shape]) => [
    name,
    kind,
    line,
    shape.replaceAll('\u0000', '$'),
  ]);
  expect(rows).toEqual([
    ['Card', 'interface', 1, 'export interface $ extends Base'],
    ['Card.id', 'member', 2, 'readonly $: string'],
    ['Card.price', 'member', 3, '$?: number'],
    ['Card.total', 'method', 4, '$(quantity: number): number ; $(quantity: string): number'],
    ['Base', 'interface', 7, 'interface $'],
    ['Base.kind', 'member', 7, "$: 'card'"],
    ['Pair', 'type', 8, 'export type $ = {…}'],
    ['Pair.left', 'member', 8, '$: Card'],
    ['Pair.right', 'member', 8, '$: Card'],
    ['limit', 'variable', 9, 'export const $: 10'],
    ['Color', 'enum', 13, 'export enum $'],
    ['Color.Red', 'member', 13, '$ = 1'],
    ['Color.Blue', 'member', 13, '$'],
    ['ns', 'namespace', 14, 'export namespace $'],
    ['ns.inner', 'variable', 14, 'export const $: number'],
    ['build', 'export', 15, 'export { make as $ }'],
    ['Store', 'class', 16, 'export class $'],
    ['Store.count', 'member', 16, '$: number'],
    ['Store.constructor', 'method', 16, '$(private readonly name: string)'],
    ['Store.size', 'member', 16, 'get $(): number'],
    ['make', 'function', 10, 'export function $(id: string): { id: string; price: number; }'],
  ]);
});

test('traces: a missing member is named after the type the object has, nearest first, never the declaration the finding is in', async () => {
  const repo = makeRepo({
    git: false,
    files: {
      'tsconfig.json': tsconfig,
      'src/types.ts': 'export interface Base { start: number }\nexport interface Range extends Base { to: number }\n',
      'src/use.ts':
        "import type { Range } from './types';\nexport const size = (range: Range): number => range.to - range.from;\nexport const wrong: number = 'x';\n",
    },
  });
  repos.push(repo);
  const output = await runTsc({ root: repo.root, options: { project: 'tsconfig.json' } });
  const byLine = new Map(output.diagnostics.map((diagnostic) => [diagnostic.line, diagnostic]));
  expect(byLine.get(2)?.dependsOn).toEqual([
    { path: 'src/types.ts', name: 'Range.from' },
    { path: 'src/types.ts', name: 'Base.from' },
    { path: 'src/types.ts', name: 'Range' },
    { path: 'src/types.ts', name: 'Base' },
  ]);
  // The error is inside `wrong` itself: nothing it depends on is another declaration.
  expect(byLine.get(3)?.dependsOn).toBeUndefined();
});

test("traces: a never inferred through a generic's conditional type, read from a helper's returned object, leads to the store it was built from", async () => {
  // The program after `StoreApi.getState` was renamed: `ExtractState` still asks for `getState`,
  // so every state read through it is `never`; nothing in the flagged code names `StoreApi`.
  const repo = makeRepo({
    git: false,
    files: {
      'tsconfig.json': tsconfig,
      'src/store.ts': `export interface StoreApi<T> {
  readState: () => T;
  setState: (next: T) => void;
}
export type ExtractState<S> = S extends { getState: () => infer T } ? T : never;
export type Bound<S> = <U>(select: (state: ExtractState<S>) => U) => U;
export declare function create<T>(initial: T): Bound<StoreApi<T>>;
export type ReadonlyStore<T> = Pick<StoreApi<T>, 'getState'>;
export function peek<S extends ReadonlyStore<number>>(store: S): number {
  return store.getState();
}
`,
      'src/use.ts': `import { create } from './store';
const make = () => {
  const useStore = create({ count: 0 });
  return { useStore };
};
const { useStore } = make();
export const count = useStore((state) => state.count);
`,
    },
  });
  repos.push(repo);
  const output = await runTsc({ root: repo.root, options: { project: 'tsconfig.json' } });
  const traced = (path: string, line: number) =>
    output.diagnostics.find((diagnostic) => diagnostic.path === path && diagnostic.line === line)?.dependsOn ?? [];
  expect(traced('src/use.ts', 7)).toContainEqual({ path: 'src/store.ts', name: 'StoreApi' });
  // A member read through a mapped type (`Pick`) on a type parameter's constraint.
  expect(traced('src/store.ts', 10)).toContainEqual({ path: 'src/store.ts', name: 'StoreApi' });
});

/**
 * TypeScript 7 through its API (the tsgo process) gives what TypeScript 6 gives in process: the
 * same rows and the same dependencies for every finding, since one table and one trace run over
 * both checkers (checks/typescript/checker-view.ts). Fixtures whose inferred types both print alike.
 */
test('TypeScript 7 gives the rows and traces TypeScript 6 gives, on the same program', async () => {
  const files = {
    'tsconfig.json': tsconfig,
    'src/store.ts': `export interface StoreApi<T> {
  readState: () => T;
  setState: (next: T) => void;
}
export type ExtractState<S> = S extends { getState: () => infer T } ? T : never;
export type Bound<S> = <U>(select: (state: ExtractState<S>) => U) => U;
export declare function create<T>(initial: T): Bound<StoreApi<T>>;
export type ReadonlyStore<T> = Pick<StoreApi<T>, 'getState'>;
export function peek<S extends ReadonlyStore<number>>(store: S): number {
  return store.getState();
}
export interface Base { start: number }
export interface Range extends Base { to: number }
export function load(): any { return 1; }
export class Shelf { constructor(readonly size: number) {} get half(): number { return this.size / 2; } }
export enum Color { Red = 1, Blue }
export namespace ns { export const inner: number = 1; }
export const make = (id: string) => ({ id, price: 1 });
`,
    'src/use.ts': `import { create, load, make, Shelf, type Range } from './store';
const build = () => {
  const useStore = create({ count: 0 });
  return { useStore };
};
const { useStore } = build();
export const count = useStore((state) => state.count);
export const size = (range: Range): number => range.to - range.from;
export const wide: Range = { start: 1, end: 2 };
export function spread({ from }: Range): number { return from; }
export const loaded: number = load().deep;
export const shelf = new Shelf('3').width;
export const made = make(1).cost;
`,
  };
  const run = async (typescript: '6.0' | '7') => {
    const repo = makeRepo({ git: false, typescript, files });
    repos.push(repo);
    return runTsc({ root: repo.root, options: { project: 'tsconfig.json' } });
  };
  const [six, seven] = [await run('6.0'), await run('7')];
  expect(seven.declarations).toEqual(six.declarations);
  const traces = (output: typeof six) =>
    output.diagnostics
      .filter((diagnostic) => diagnostic.phase === 'semantic')
      .map(({ path, line, column, code, dependsOn }) => ({ at: `${path}:${line}:${column} ${code}`, dependsOn }));
  expect(traces(six).length).toBeGreaterThan(6);
  expect(traces(seven)).toEqual(traces(six));
  expect(seven.notes).toBeUndefined();
});
