/**
 * `culprit fix` rewrites the sites of a renamed declaration with real tsc: a member renamed in an
 * interface and a function renamed in the module that exports it, across files. Imports keep
 * their local name (`createStore as makeStore`), so the file's own uses stay as they are; a
 * shorthand destructuring is left for the agent, since the new name there would be a new local.
 */
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const store = `export interface StoreApi<T> {
  getState: () => T;
  setState: (next: T) => void;
}

export function makeStore<T>(initial: T): StoreApi<T> {
  let state = initial;
  return { getState: () => state, setState: (next) => { state = next; } };
}
`;

const files = {
  'package.json': JSON.stringify({ name: 'store', private: true, type: 'module' }),
  'tsconfig.json': bundlerTsconfig,
  'src/store.ts': store,
  'src/count.ts': `import { makeStore, type StoreApi } from './store';

export const counter: StoreApi<number> = makeStore(0);
export const read = (): number => counter.getState();
export const bump = (): void => counter.setState(counter.getState() + 1);
`,
  'src/view.ts': `import { makeStore } from './store';
import { counter } from './count';

const names = makeStore(['a']);
export const first = (): string | undefined => names.getState()[0];
export const twice = (): number => counter.getState() * 2;
const { getState } = counter;
export const again = getState;
`,
};

interface FixJson {
  verdict: string;
  attempt: number;
  shown: { path: string; line: number; column: number; code: string }[];
  fixes: { code: string; path: string; range: { line: number; column: number }; source: string }[];
}

function fixJson(root: string): FixJson {
  const result = runCli(root, ['fix', '--json']);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as FixJson;
}

test('the sites of a renamed member and a renamed function are rewritten to the new names, across files', () => {
  repo = makeRepo({ files });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write(
    'src/store.ts',
    store
      .replace('  getState: () => T;', '  readState: () => T;')
      .replace('{ getState: () => state', '{ readState: () => state')
      .replace('makeStore', 'createStore'),
  );
  const first = fixJson(repo.root);
  expect(first.fixes.map((fix) => [fix.path, fix.range.line, fix.range.column, fix.code, fix.source])).toEqual([
    ['src/count.ts', 1, 10, 'TS2305', 'rename'],
    ['src/count.ts', 4, 43, 'TS2551', 'rename'],
    ['src/count.ts', 5, 58, 'TS2551', 'rename'],
    ['src/view.ts', 1, 10, 'TS2305', 'rename'],
    ['src/view.ts', 6, 44, 'TS2551', 'rename'],
  ]);
  expect(repo.read('src/count.ts')).toBe(`import { createStore as makeStore, type StoreApi } from './store';

export const counter: StoreApi<number> = makeStore(0);
export const read = (): number => counter.readState();
export const bump = (): void => counter.setState(counter.readState() + 1);
`);
  // With its import fixed, `names` has a type again, and its read of the old name is a site
  // of the rename; the shorthand stays, for the agent to write as `readState: getState`.
  expect(first.verdict).toBe('introduced');
  expect(first.attempt).toBe(1);
  expect(first.shown.map((site) => [site.path, site.line, site.column])).toEqual([
    ['src/view.ts', 5, 54],
    ['src/view.ts', 7, 9],
  ]);

  const second = fixJson(repo.root);
  expect(second.fixes.map((fix) => [fix.path, fix.range.line, fix.range.column])).toEqual([['src/view.ts', 5, 54]]);
  expect(second.attempt).toBe(2);
  expect(repo.read('src/view.ts')).toBe(`import { createStore as makeStore } from './store';
import { counter } from './count';

const names = makeStore(['a']);
export const first = (): string | undefined => names.readState()[0];
export const twice = (): number => counter.readState() * 2;
const { getState } = counter;
export const again = getState;
`);
  expect(second.shown.map((site) => [site.path, site.line, site.column, site.code])).toEqual([
    ['src/view.ts', 7, 9, 'TS2339'],
  ]);
});
