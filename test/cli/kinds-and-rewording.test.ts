/**
 * Real tsc and type-aware ESLint on small repositories: a file whose only new findings are lint
 * findings never withholds the type errors of the files importing it, and standing findings that
 * a type change re-words (they now name the new type) stay standing.
 */
import { afterEach, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, typeAwareEslintConfig, type TestRepo } from '../helpers/repo.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const base = {
  'package.json': '{ "name": "kinds", "private": true, "type": "module" }',
  'tsconfig.json': JSON.stringify({
    compilerOptions: { lib: ['es2022'], target: 'es2022', module: 'nodenext', strict: true, noEmit: true, types: [] },
    include: ['src'],
  }),
  'eslint.config.js': typeAwareEslintConfig,
};

test('a changed file with lint findings only does not withhold the type errors below it: they are sites of its change', () => {
  repo = makeRepo({
    eslint: '10',
    files: {
      ...base,
      'src/config.ts': `export interface Config {
  port: number;
}

export function makeConfig(): Config {
  return { port: 80 };
}
`,
      'src/server.ts': `import { makeConfig } from './config.js';

export function port(): number {
  const config = makeConfig();
  return config.port;
}
`,
    },
  });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  // The edit makes port a string (a type error in server.ts, which it never touched) and adds a
  // lint finding of its own in config.ts.
  repo.write(
    'src/config.ts',
    `export interface Config {
  port: string;
}

export function makeConfig(): Config {
  const scratch: any = 'x';
  return { port: String(scratch) };
}
`,
  );
  const { exitCode, report } = checkJson(repo.root, ['--max-files', '5']);
  expect(exitCode).toBe(1);
  // server.ts's error is a site of the retyped Config.port, so config.ts is the root of both.
  expect(report.roots.map((root) => root.files)).toEqual([['src/config.ts']]);
  expect(report.groups[0]?.cause?.change).toMatchObject({ kind: 'retyped', symbol: 'Config.port' });
  expect(report.shown.map((finding) => [finding.path, finding.tool, finding.code])).toEqual([
    ['src/config.ts', 'eslint', '@typescript-eslint/no-explicit-any'],
    ['src/server.ts', 'tsc', 'TS2322'],
  ]);
  expect(report.withheld.count).toBe(0);
});

test('standing findings re-worded by a type change stand; a new one on their line is introduced', () => {
  const observer = `export interface Observer<T> {
  next(value: T): void;
  error(reason: unknown): void;
}

export interface PartialObserver<T> {
  next?: (value: T) => void;
  error?: (reason: unknown) => void;
}

export function subscribe<T>(observer: PartialObserver<T>): void {
  observer.next?.(undefined as T);
}
`;
  repo = makeRepo({
    eslint: '10',
    files: {
      ...base,
      'src/observer.ts': observer,
      'src/use.ts': `import { subscribe } from './observer.js';

export function listen(text: string): void {
  subscribe<number>(JSON.parse(text));
}
`,
    },
  });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  // The parameter's type is now spelled differently: the standing no-unsafe-argument in use.ts,
  // which the edit never touched, names the new type.
  repo.write('src/observer.ts', observer.replace('(observer: PartialObserver<T>)', '(observer: Partial<Observer<T>>)'));
  const reworded = checkJson(repo.root);
  expect([reworded.exitCode, reworded.report.verdict]).toEqual([0, 'clean']);
  expect(reworded.report.counts).toEqual({
    introduced: 0,
    resolved: 0,
    standing: 1,
    reworded: 1,
    reanchored: 0,
    silenced: 0,
  });

  // A second parameter: the call now also fails to compile, on the same line, under another rule.
  repo.write(
    'src/observer.ts',
    observer.replace('(observer: PartialObserver<T>)', '(observer: Partial<Observer<T>>, label: string)'),
  );
  const broken = checkJson(repo.root);
  expect(broken.exitCode).toBe(1);
  // observer.ts has lint findings only, so the compiler error it causes in use.ts shows beside it.
  expect(broken.report.shown.map((finding) => [finding.path, finding.code])).toEqual([
    ['src/observer.ts', '@typescript-eslint/no-unused-vars'],
    ['src/use.ts', 'TS2554'],
  ]);
  expect(broken.report.counts).toMatchObject({ introduced: 2, standing: 1, reworded: 1, reanchored: 0, silenced: 0 });
});
