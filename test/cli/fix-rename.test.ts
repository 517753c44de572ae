/**
 * `culprit fix` finishes a rename as an editor does, with real tsc (5.9 and 6.0): the sites come
 * from TypeScript's rename provider asked at the old declaration in the program before the edit,
 * and are placed on the files as they are now. A store API shaped like zustand's: every
 * `getState()` read, destructured `{ getState }` (`{ readState: getState }`), a destructured
 * parameter, a shorthand property, the keys `Pick<StoreApi<T>, 'getState'>` and `Omit<…>` and
 * `StoreApi<T>['getState']`, a JSX attribute, an import that keeps its local name and a
 * re-export that keeps its exported one. No line gets a name the edit did not ask for: TypeScript
 * suggests `setState` for `getState`, and that is never applied.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import {
  bundlerTsconfig,
  linkTypescript6Beside,
  makeRepo,
  type TestRepo,
  type TypeScriptVersion,
} from '../helpers/repo.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const bundler = JSON.parse(bundlerTsconfig) as { compilerOptions: object };
const tsconfig = JSON.stringify({ ...bundler, compilerOptions: { ...bundler.compilerOptions, jsx: 'preserve' } });

const store = `export interface StoreApi<T> {
  setState: (next: T) => void;
  getState: () => T;
  subscribe: (listener: (state: T) => void) => () => void;
}

export type StateCreator<T> = (set: StoreApi<T>['setState'], get: StoreApi<T>['getState']) => T;

export function makeStore<T>(create: StateCreator<T>): StoreApi<T> {
  let state: T;
  const setState: StoreApi<T>['setState'] = (next) => {
    state = next;
  };
  const getState: StoreApi<T>['getState'] = () => state;
  const subscribe: StoreApi<T>['subscribe'] = () => () => undefined;
  state = create(setState, getState);
  return { setState, getState, subscribe };
}
`;

const files = {
  'package.json': JSON.stringify({ name: 'store', private: true, type: 'module' }),
  'tsconfig.json': tsconfig,
  'src/store.ts': store,
  'src/index.ts': "export { makeStore } from './store';\nexport type { StoreApi } from './store';\n",
  'src/readonly.ts': `import type { StoreApi } from './store';

export type ReadonlyStore<T> = Pick<StoreApi<T>, 'getState' | 'subscribe'>;
export type WriteOnly<T> = Omit<StoreApi<T>, 'getState' | 'subscribe'>;

export function peek<S extends ReadonlyStore<number>>(api: S): number {
  return api.getState();
}
`,
  'src/counter.ts': `import { makeStore } from './index';

export const counter = makeStore<number>(() => 0);
export const read = (): number => counter.getState();
export const bump = (): void => counter.setState(counter.getState() + 1);
const { getState } = counter;
export const again = (): number => getState();
export const twice = ({ getState: get }: typeof counter): number => get() * 2;
export function half({ getState }: typeof counter): number {
  return getState() / 2;
}
`,
  'src/direct.ts': "import { makeStore } from './store';\nexport const direct = makeStore<string>(() => '');\n",
  'src/view.tsx': `import { counter } from './counter';

declare global {
  namespace JSX {
    interface IntrinsicElements {
      span: { children?: unknown };
    }
  }
}

export interface CountProps {
  value: () => number;
}

function Count({ value }: CountProps) {
  return <span>{value()}</span>;
}

export const view = <Count value={counter.getState} />;
`,
};

interface FixJson {
  verdict: string;
  attempt: number;
  counts: { introduced: number };
  shown: { path: string; line: number; code: string }[];
  fixes: { code: string; path: string; range: { line: number; column: number }; source: string; cause?: string }[];
  skipped: { path: string; line?: number; reason: string; source: string; cause?: string }[];
}

function fixJson(root: string, args: string[] = []): FixJson {
  const result = runCli(root, ['fix', '--json', ...args]);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as FixJson;
}

describe.each<TypeScriptVersion>(['6.0', '5.9'])('TypeScript %s', (typescript) => {
  test("one fix finishes the rename of a store's member: reads, destructuring, keys, JSX, imports and re-exports", () => {
    repo = makeRepo({ files, typescript });
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
    repo.write('src/store.ts', store.replace('  getState: () => T;', '  readState: () => T;'));
    const fixed = fixJson(repo.root);
    expect(fixed.fixes.every((fix) => fix.source === 'rename' && fix.cause === 'StoreApi.getState')).toBe(true);
    expect(fixed.skipped).toEqual([]);
    expect(fixed).toMatchObject({ verdict: 'clean', attempt: 1, counts: { introduced: 0 } });
    expect(repo.read('src/store.ts')).toBe(
      store
        .replace('  getState: () => T;', '  readState: () => T;')
        .replaceAll("StoreApi<T>['getState']", "StoreApi<T>['readState']")
        .replace('return { setState, getState, subscribe };', 'return { setState, readState: getState, subscribe };'),
    );
    expect(repo.read('src/readonly.ts')).toBe(
      files['src/readonly.ts'].replaceAll("'getState'", "'readState'").replace('api.getState()', 'api.readState()'),
    );
    expect(repo.read('src/counter.ts')).toBe(`import { makeStore } from './index';

export const counter = makeStore<number>(() => 0);
export const read = (): number => counter.readState();
export const bump = (): void => counter.setState(counter.readState() + 1);
const { readState: getState } = counter;
export const again = (): number => getState();
export const twice = ({ readState: get }: typeof counter): number => get() * 2;
export function half({ readState: getState }: typeof counter): number {
  return getState() / 2;
}
`);
    expect(repo.read('src/view.tsx')).toBe(
      files['src/view.tsx'].replace('<Count value={counter.getState} />', '<Count value={counter.readState} />'),
    );
    // TypeScript's "Did you mean 'setState'?" is never taken: no line gained a setState.
    for (const path of ['src/counter.ts', 'src/readonly.ts', 'src/view.tsx'])
      expect(repo.read(path).split('setState').length).toBe(files[path as keyof typeof files].split('setState').length);
  });

  test('an exported function renamed: imports keep their local name, a re-export keeps its exported one', () => {
    repo = makeRepo({ files, typescript });
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
    repo.write('src/store.ts', store.replace('export function makeStore<T>', 'export function createStore<T>'));
    const fixed = fixJson(repo.root);
    expect(fixed.verdict).toBe('clean');
    expect(repo.read('src/index.ts')).toBe(
      "export { createStore as makeStore } from './store';\nexport type { StoreApi } from './store';\n",
    );
    expect(repo.read('src/direct.ts')).toBe(
      "import { createStore as makeStore } from './store';\nexport const direct = makeStore<string>(() => '');\n",
    );
    expect(repo.read('src/counter.ts')).toBe(files['src/counter.ts']);
  });
});

test('on TypeScript 7, which has no rename provider, TypeScript 6 beside it finishes the rename as on 6; without it, the text-only rename', () => {
  const renamed = store.replace('  getState: () => T;', '  readState: () => T;');
  repo = makeRepo({ files, typescript: '7' });
  linkTypescript6Beside(repo.root);
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/store.ts', renamed);
  const fixed = fixJson(repo.root);
  expect(fixed.fixes.every((fix) => fix.source === 'rename' && fix.cause === 'StoreApi.getState')).toBe(true);
  expect(fixed).toMatchObject({ verdict: 'clean', attempt: 1, counts: { introduced: 0 }, skipped: [] });
  // The provider's answer: the destructured name keeps its local one, as on TypeScript 6.
  expect(repo.read('src/counter.ts')).toContain('const { readState: getState } = counter;');
  expect(repo.read('src/readonly.ts')).toContain("Pick<StoreApi<T>, 'readState' | 'subscribe'>");
  repo.cleanup();

  repo = makeRepo({ files, typescript: '7' });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/store.ts', renamed);
  runCli(repo.root, ['fix', '--json']);
  // No provider: only shown sites whose text is the old name are rewritten; the destructuring is not.
  expect(repo.read('src/counter.ts')).toContain('const { getState } = counter;');
});

test('a site in a generated file is named, not edited', () => {
  repo = makeRepo({
    files: {
      ...files,
      'src/generated/client.ts':
        "// @generated by codegen\nimport { counter } from '../counter';\nexport const now = counter.getState();\n",
    },
  });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/store.ts', store.replace('  getState: () => T;', '  readState: () => T;'));
  const dry = runCli(repo.root, ['fix', '--dry-run']);
  expect(dry.stdout).toContain(
    'Left for you: 1 site in a generated, vendored or package file, to regenerate or upgrade (src/generated/client.ts:3).',
  );
  const fixed = fixJson(repo.root);
  expect(fixed.skipped).toEqual([
    {
      path: 'src/generated/client.ts',
      line: 3,
      column: 28,
      reason: 'not-editable',
      source: 'rename',
      cause: 'StoreApi.getState',
    },
  ]);
  expect(repo.read('src/generated/client.ts')).toContain('counter.getState()');
  expect(repo.read('src/counter.ts')).toContain('counter.readState()');
});

test("a component's prop renamed: its JSX attributes and its destructured parameter follow", () => {
  repo = makeRepo({ files });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/view.tsx', files['src/view.tsx'].replace('  value: () => number;', '  read: () => number;'));
  const fixed = fixJson(repo.root);
  expect(fixed).toMatchObject({ verdict: 'clean', skipped: [] });
  expect(repo.read('src/view.tsx')).toBe(
    files['src/view.tsx']
      .replace('  value: () => number;', '  read: () => number;')
      .replace('function Count({ value }: CountProps)', 'function Count({ read: value }: CountProps)')
      .replace('<Count value={counter.getState} />', '<Count read={counter.getState} />'),
  );
});

test('a site on a line the agent changed in another way is left and named; a typo it typed is still fixed', () => {
  repo = makeRepo({ files });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/store.ts', store.replace('  getState: () => T;', '  readState: () => T;'));
  // The agent also rewrote a line that reads the old name, and typed a misspelt name on a new line.
  const counter = files['src/counter.ts']
    .replace(
      'export const bump = (): void => counter.setState(counter.getState() + 1);',
      'export const bump = (): void => counter.setState(counter.getState() + 2);',
    )
    .concat('export const limit = Math.flor(counter.readState() / 2);\n');
  repo.write('src/counter.ts', counter);
  const dry = runCli(repo.root, ['fix', '--dry-run']);
  expect(dry.stderr).toBe('');
  expect(dry.stdout).toContain('Left for you: 1 site on a line you changed in another way (src/counter.ts:5).');
  // The dry run is a patch git accepts.
  const patch = dry.stdout.slice(dry.stdout.indexOf('--- a/'));
  execFileSync('git', ['apply', '--check', '-'], { cwd: repo.root, input: patch });
  const fixed = fixJson(repo.root);
  expect(fixed.skipped).toEqual([
    { path: 'src/counter.ts', line: 5, reason: 'changed-line', source: 'rename', cause: 'StoreApi.getState' },
  ]);
  expect(fixed.fixes.filter((fix) => fix.source === 'typescript').map((fix) => [fix.path, fix.range.line])).toEqual([
    ['src/counter.ts', 12],
  ]);
  const after = repo.read('src/counter.ts');
  expect(after).toContain('export const bump = (): void => counter.setState(counter.getState() + 2);');
  expect(after).toContain('export const limit = Math.floor(counter.readState() / 2);');
  expect(after).toContain('export const read = (): number => counter.readState();');
  // What is left is the agent's line, shown under the rename's cause.
  expect(fixed.verdict).toBe('introduced');
  expect(fixed.shown.map((site) => [site.path, site.line])).toEqual([['src/counter.ts', 5]]);
});
