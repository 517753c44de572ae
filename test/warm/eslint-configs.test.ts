/**
 * The warm engine answers what a cold run answers for the ESLint shapes beyond one root flat
 * config: an eslintrc on ESLint 8 (kept loaded, every file re-linted with fresh types each run),
 * and checks per package folder. Each step runs warm and cold side by side (5–15 s on 2 cores).
 */
import { expect, it } from 'vitest';
import { makeWarmComparison, useRepos, useWarmEngine } from './helpers.js';
import { commonjsTsconfig, makeRepo, typeAwareEslintrc } from '../helpers/repo.js';

const repos = useRepos();
const makeEngine = useWarmEngine();

it('keeps an ESLint 8 eslintrc warm, and its type-aware findings follow an edit into an importer', async () => {
  const repo = repos.add(
    makeRepo({
      eslint: '8',
      files: {
        'package.json': '{ "name": "legacy", "private": true }\n',
        'tsconfig.json': commonjsTsconfig,
        '.eslintrc.json': typeAwareEslintrc,
        'src/load.ts': 'export function load(): string {\n  return "x";\n}\n',
        'src/use.ts': "import { load } from './load';\nexport function use(): string {\n  return load();\n}\n",
      },
    }),
  );
  const engine = makeEngine();
  const comparison = await makeWarmComparison(engine, repo.root);
  const first = await comparison.compare('before the edit');
  repo.write('src/load.ts', 'export function load(): any {\n  return "x";\n}\n');
  const second = await comparison.compare('load() returns any');
  expect(second.pid).toBe(first.pid);
  expect(
    second.warm
      .find((run) => run.name === 'eslint')
      ?.diagnostics.map((text) => JSON.parse(text) as { path: string; code: string })
      .map(({ path, code }) => `${path} ${code}`),
  ).toEqual(['src/load.ts @typescript-eslint/no-explicit-any', 'src/use.ts @typescript-eslint/no-unsafe-return']);
  repo.write(
    'src/use.ts',
    "import { load } from './load';\nexport function use(): string {\n  // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- for now\n  return load();\n}\n",
  );
  const third = await comparison.compare('a directive hides the unsafe return');
  expect(third.pid).toBe(first.pid);
  expect(
    third.warm
      .find((run) => run.name === 'eslint')
      ?.diagnostics.map(
        (text) => JSON.parse(text) as { path: string; code: string; suppression?: { hidden?: unknown[] } },
      )
      .map(({ path, code, suppression }) => `${path} ${code} ${suppression?.hidden?.length ?? ''}`),
  ).toEqual(['src/load.ts @typescript-eslint/no-explicit-any ', 'src/use.ts eslint-disable-next-line 1']);
});

it('keeps each package folder check warm in its own folder', async () => {
  const rule = (name: string) => `export default [{ rules: { '${name}': 'error' } }];\n`;
  const repo = repos.add(
    makeRepo({
      eslint: '9',
      typescript: false,
      files: {
        'package.json': JSON.stringify({ name: 'root', private: true, type: 'module', workspaces: ['packages/*'] }),
        'eslint.config.js': rule('no-debugger'),
        'tool.js': 'export const tool = 1;\n',
        'packages/a/package.json': '{ "name": "a", "type": "module" }\n',
        'packages/a/eslint.config.js': rule('no-console'),
        'packages/a/index.js': 'export const a = 1;\n',
      },
    }),
  );
  const engine = makeEngine();
  const comparison = await makeWarmComparison(engine, repo.root);
  const first = await comparison.compare('before the edit');
  repo.write('packages/a/index.js', 'debugger;\nconsole.log(1);\n');
  const second = await comparison.compare('a package file breaks its own rule, not the root one');
  expect(second.pid).toBe(first.pid);
  expect(second.warm.map((run) => ({ name: run.name, found: run.diagnostics.length }))).toEqual([
    { name: 'eslint', found: 0 },
    { name: 'eslint:packages/a', found: 1 },
  ]);
});
