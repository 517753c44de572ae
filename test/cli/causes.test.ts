/**
 * Causes traced by the type checker, through the CLI with real tsc and type-aware ESLint: an edit
 * that makes a function return `any` has no compiler error at the change, only lint findings
 * where its result is used, in files that import it; they are one cause, rooted at the change.
 * On TypeScript 7 the same table and trace run through its API (the tsgo process), with the same
 * result.
 */
import { afterEach, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, typeAwareEslintConfig, type TestRepo } from '../helpers/repo.js';
import { linkLinter, linkTsgolint, makeTypeAwareOxlintConfig } from '../fixtures/js-linters.js';

let repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos) repo.cleanup();
  repos = [];
});

const tsconfig = bundlerTsconfig;

const files: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'boxes', private: true, type: 'module' }),
  'tsconfig.json': tsconfig,
  'eslint.config.js': typeAwareEslintConfig,
  'src/inner.ts': `export interface Box {
  value: string;
}

export function innerFrom(input: string): Box {
  return { value: input };
}
`,
  'src/first.ts': `import { innerFrom } from './inner';

export const first = (): string => innerFrom('a').value;
`,
  'src/second.ts': `import { innerFrom } from './inner';

export function second(): number {
  const box = innerFrom('b');
  return box.value.length;
}
`,
  'src/third.ts': `import { second } from './second';

export const third = (): number => second() + 1;
`,
};

test('an edit that makes a function return any is one cause: every unsafe use of its result, in every file, rooted at the change', () => {
  const repo = makeRepo({ files, eslint: '10' });
  repos.push(repo);
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/inner.ts', repo.read('src/inner.ts').replace('(input: string): Box {', '(input: string): any {'));

  const { report, exitCode } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  // No compiler error anywhere: the `any` written in the changed file, then typescript-eslint's
  // findings at every use of innerFrom's result, in the files that import it.
  expect(report.shown.every((finding) => finding.tool === 'eslint')).toBe(true);
  expect(report.shown[0]).toMatchObject({ path: 'src/inner.ts', code: '@typescript-eslint/no-explicit-any' });
  const sites = report.shown.slice(1);
  expect(new Set(sites.map((finding) => finding.path))).toEqual(new Set(['src/first.ts', 'src/second.ts']));
  expect(sites.every((finding) => finding.code.startsWith('@typescript-eslint/no-unsafe-'))).toBe(true);
  expect(report.shown.length).toBe(report.counts.introduced);
  expect(report.roots).toEqual([
    { files: ['src/inner.ts'], editable: true, selected: true, introduced: report.counts.introduced },
  ]);
  expect(report.groups).toHaveLength(1);
  expect(report.groups[0]).toMatchObject({
    sites: sites.length,
    files: 2,
    cause: {
      symbol: 'innerFrom',
      change: {
        kind: 'signature',
        symbol: 'innerFrom',
        path: 'src/inner.ts',
        line: 5,
        before: 'export function innerFrom(input: string): Box',
        after: 'export function innerFrom(input: string): any',
      },
    },
  });
  expect(report.groups[0]!.cause!.member).toBeUndefined();

  const text = runCli(repo.root, ['check']).stdout;
  expect(text).toContain(
    'src/inner.ts:5 One cause: your edit made `innerFrom(input: string)` return `any` (it returned `Box`).',
  );

  repo.write('src/inner.ts', files['src/inner.ts']!);
  expect(checkJson(repo.root).report.verdict).toBe('clean');
});

test('a removed member and a required one added in its place are one rename, whatever the codes', () => {
  const repo = makeRepo({
    files: {
      'package.json': JSON.stringify({ name: 'ranges', private: true, type: 'module' }),
      'tsconfig.json': tsconfig,
      'src/range.ts': 'export interface Range {\n  from: number;\n  to: number;\n}\n',
      'src/make.ts':
        "import type { Range } from './range';\n\nexport const empty: Range = { from: 0, to: 0 };\nexport const size = (range: Range): number => range.to - range.from;\n",
      'src/use.ts':
        "import type { Range } from './range';\nimport { size } from './make';\n\nexport const whole = (): number => size({ from: 1, to: 3 });\nconst origin = { from: 0 };\nexport const spread: Range = { ...origin, to: 2 };\n",
    },
  });
  repos.push(repo);
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/range.ts', 'export interface Range {\n  start: number;\n  to: number;\n}\n');
  const { report } = checkJson(repo.root);
  // TS2353 where `from` is written, TS2339 where it is read, TS2741 where `start` is missing: one change.
  expect(report.groups).toHaveLength(1);
  expect(report.groups[0]!.codes.slice().sort()).toEqual(['TS2339', 'TS2353', 'TS2741']);
  expect(report.groups[0]!.sites).toBe(report.counts.introduced);
  expect(report.groups[0]!.cause!.change).toMatchObject({
    kind: 'renamed',
    symbol: 'Range.from',
    renamedTo: 'Range.start',
  });
});

test('on TypeScript 7 the checker is asked through its API: a renamed member is one renamed cause with every site, as on TypeScript 6', () => {
  const repo = makeRepo({
    typescript: '7',
    files: {
      'package.json': JSON.stringify({ name: 'native', private: true, type: 'module' }),
      'tsconfig.json': tsconfig,
      'src/range.ts': 'export interface Range {\n  from: number;\n  to: number;\n}\n',
      'src/measure.ts':
        "import type { Range } from './range';\n\nexport const size = (range: Range): number => range.to - range.from;\n",
      'src/report.ts':
        "import { size } from './measure';\nimport type { Range } from './range';\n\nexport const describe = (range: Range): string => `${range.from}: ${size(range)}`;\n",
    },
  });
  repos.push(repo);
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/range.ts', 'export interface Range {\n  start: number;\n  to: number;\n}\n');
  const { report } = checkJson(repo.root);
  expect(report.counts.introduced).toBe(2);
  // Both sites at once, though report.ts imports the failing measure.ts: they are sites of one change.
  expect(report.shown.map((finding) => `${finding.path}:${finding.code}`)).toEqual([
    'src/measure.ts:TS2339',
    'src/report.ts:TS2339',
  ]);
  expect(report.roots.map((root) => root.files)).toEqual([['src/range.ts']]);
  expect(report.groups).toHaveLength(1);
  expect(report.groups[0]).toMatchObject({
    sites: 2,
    files: 2,
    cause: {
      change: {
        kind: 'renamed',
        symbol: 'Range.from',
        renamedTo: 'Range.start',
        path: 'src/range.ts',
        before: 'from: number',
        after: 'start: number',
      },
    },
  });
  expect(report.notes).not.toContainEqual(expect.stringMatching(/not traced|getRootSymbols/));
});

test("on TypeScript 7 with oxlint's type-aware rules: an any return is one cause listing oxlint's findings at its call sites, and typeCheck's compiler errors are shown once", () => {
  const repo = makeRepo({
    typescript: '7',
    files: {
      // oxlint lints this repository, not ESLint.
      ...Object.fromEntries(Object.entries(files).filter(([path]) => path !== 'eslint.config.js')),
      '.oxlintrc.json': makeTypeAwareOxlintConfig({ typeAware: true, typeCheck: true }),
    },
  });
  linkLinter(repo.root, 'oxlint');
  linkTsgolint(repo.root);
  repos.push(repo);
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/inner.ts', repo.read('src/inner.ts').replace('(input: string): Box {', '(input: string): any {'));

  const { report, exitCode } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.shown.every((finding) => finding.tool === 'oxlint')).toBe(true);
  expect(report.shown[0]).toMatchObject({ path: 'src/inner.ts', code: 'typescript/no-explicit-any' });
  const sites = report.shown.slice(1);
  expect(new Set(sites.map((finding) => finding.path))).toEqual(new Set(['src/first.ts', 'src/second.ts']));
  expect(sites.every((finding) => finding.code.startsWith('typescript/no-unsafe-'))).toBe(true);
  expect(report.shown.length).toBe(report.counts.introduced);
  expect(report.groups).toHaveLength(1);
  expect(report.groups[0]).toMatchObject({
    sites: sites.length,
    files: 2,
    cause: {
      symbol: 'innerFrom',
      change: { kind: 'signature', symbol: 'innerFrom', path: 'src/inner.ts', line: 5 },
    },
  });

  // A renamed member: tsc and oxlint's typeCheck both report each TS2339 (shown once, tsc's), and
  // oxlint's findings on the error-typed values are echoes, withheld while the compiler errors stand.
  repo.write('src/inner.ts', files['src/inner.ts']!.replace('value: string', 'text: string'));
  const renamed = checkJson(repo.root).report;
  expect(renamed.shown.map((finding) => `${finding.tool} ${finding.path} ${finding.code}`).sort()).toEqual([
    'tsc src/first.ts TS2339',
    'tsc src/inner.ts TS2353',
    'tsc src/second.ts TS2339',
  ]);
  expect(renamed.groups).toHaveLength(1);
  expect(renamed.groups[0]!.cause!.change).toMatchObject({
    kind: 'renamed',
    symbol: 'Box.value',
    renamedTo: 'Box.text',
  });
});
