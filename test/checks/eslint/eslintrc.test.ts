/**
 * eslintrc configs through the repository's own ESLint: 8.57 (its default), and 9 with
 * `ESLINT_USE_FLAT_CONFIG=false` or without it (then culprit says it ran it so). Real ESLint and
 * typescript-eslint on small repositories; each run is one check worker (1.5–4 s).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { resolveSettings } from '../../../src/config/resolve-settings.js';
import { makeRepo, typeAwareEslintrc, type RepoOptions, type TestRepo } from '../../helpers/repo.js';
import { listTree } from '../helpers.js';

const repos: TestRepo[] = [];
const flatConfigSetting = process.env.ESLINT_USE_FLAT_CONFIG;
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
  if (flatConfigSetting === undefined) delete process.env.ESLINT_USE_FLAT_CONFIG;
  else process.env.ESLINT_USE_FLAT_CONFIG = flatConfigSetting;
});

function makeLintRepo(options: Omit<RepoOptions, 'git'>): TestRepo {
  const repo = makeRepo({ ...options, git: false });
  repos.push(repo);
  return repo;
}

const eslintCheck: ResolvedCheck = {
  name: 'eslint',
  kind: 'eslint',
  timeoutMs: 120_000,
  options: { cwd: '.', patterns: ['.'], ignores: [] },
};

const typeAwareFiles = {
  'package.json': '{ "name": "legacy" }\n',
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      lib: ['es2022'],
      strict: true,
      target: 'es2022',
      module: 'commonjs',
      skipLibCheck: true,
      types: [],
    },
    include: ['src'],
  }),
  '.eslintrc.json': typeAwareEslintrc,
  'src/unsafe.ts':
    'declare function parse(): any;\nexport function shout(text: string): string {\n  return text.toUpperCase();\n}\nexport const loud = shout(parse());\n',
  'src/view.tsx': 'export const view = (value: any) => value;\n',
};

const typeAwareFindings = [
  { path: 'src/unsafe.ts', line: 1, code: '@typescript-eslint/no-explicit-any' },
  { path: 'src/unsafe.ts', line: 5, code: '@typescript-eslint/no-unsafe-argument' },
  { path: 'src/view.tsx', line: 1, code: '@typescript-eslint/no-explicit-any' },
  { path: 'src/view.tsx', line: 1, code: '@typescript-eslint/no-unsafe-return' },
];

const extensionsNote =
  "its eslintrc parses TypeScript, so culprit lints .js .mjs .cjs .jsx .ts .tsx .mts .cts files, as a lint script with --ext does (ESLint's own `eslint .` lints only .js there); set eslint.patterns to lint other files";

function summarize(diagnostics: readonly { path: string | null; line: number; code: string }[]) {
  return diagnostics.map(({ path, line, code }) => ({ path, line, code }));
}

describe('eslint adapter on eslintrc', () => {
  it('runs ESLint 8.57 with a type-aware .eslintrc.json and its TypeScript files', async () => {
    const repo = makeLintRepo({ eslint: '8', files: typeAwareFiles });
    const before = listTree(repo.root);
    const run = await runCheck(eslintCheck, repo.root);
    expect(run.error).toBeUndefined();
    expect(run.status).toBe('ok');
    expect(run.version).toBe('8.57.1');
    expect(summarize(run.diagnostics)).toEqual(typeAwareFindings);
    expect(run.notes).toEqual([extensionsNote]);
    expect(listTree(repo.root)).toEqual(before);
  });

  it('lints only the patterns given, with no note, when eslint.patterns is set', async () => {
    const repo = makeLintRepo({ eslint: '8', files: typeAwareFiles });
    const run = await runCheck(
      { ...eslintCheck, options: { ...eslintCheck.options, patterns: ['src/unsafe.ts'] } },
      repo.root,
    );
    expect(run.status).toBe('ok');
    expect(summarize(run.diagnostics)).toEqual(typeAwareFindings.slice(0, 2));
    expect(run.notes).toBeUndefined();
  });

  it('reads eslintConfig in package.json', async () => {
    const repo = makeLintRepo({
      eslint: '8',
      typescript: false,
      files: {
        'package.json': JSON.stringify({
          name: 'legacy',
          eslintConfig: { root: true, parserOptions: { ecmaVersion: 2022 }, rules: { 'no-unused-vars': 'error' } },
        }),
        'a.js': 'const unused = 1;\n',
      },
    });
    const run = await runCheck(eslintCheck, repo.root);
    expect(run.status).toBe('ok');
    expect(summarize(run.diagnostics)).toEqual([{ path: 'a.js', line: 1, code: 'no-unused-vars' }]);
  });

  it('runs ESLint 9 on an eslintrc with ESLINT_USE_FLAT_CONFIG=false, and says so without it', async () => {
    const repo = makeLintRepo({ eslint: '9', files: typeAwareFiles });
    process.env.ESLINT_USE_FLAT_CONFIG = 'false';
    const asked = await runCheck(eslintCheck, repo.root);
    expect(asked.version).toMatch(/^9\./);
    expect(summarize(asked.diagnostics)).toEqual(typeAwareFindings);
    expect(asked.notes).toEqual([extensionsNote]);

    delete process.env.ESLINT_USE_FLAT_CONFIG;
    const unasked = await runCheck(eslintCheck, repo.root);
    expect(summarize(unasked.diagnostics)).toEqual(typeAwareFindings);
    expect(unasked.notes).toEqual([
      'ESLint 9 reads .eslintrc.json only with ESLINT_USE_FLAT_CONFIG=false; culprit ran it so, as a lint script that sets it would',
      extensionsNote,
    ]);
  });

  it('fails naming the eslintrc that cannot be loaded, never clean', async () => {
    const repo = makeLintRepo({
      eslint: '8',
      typescript: false,
      files: { '.eslintrc.json': '{ "root": true, "extends": ["plugin:missing/recommended"] }\n', 'a.js': 'x;\n' },
    });
    const run = await runCheck(eslintCheck, repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      ".eslintrc.json could not be loaded: Failed to load plugin 'missing' declared in '.eslintrc.json': Cannot find module 'eslint-plugin-missing'",
    );
  });

  it('is detected from .eslintrc.* and from eslintConfig in package.json', async () => {
    const detect = async (files: Record<string, string>) => {
      const repo = makeLintRepo({ typescript: false, files });
      return (await resolveSettings(repo.root, {})).checks.map(({ name, kind, options }) => ({ name, kind, options }));
    };
    const rootCheck = { name: 'eslint', kind: 'eslint', options: { cwd: '.', patterns: ['.'], ignores: [] } };
    expect(await detect({ '.eslintrc.cjs': 'module.exports = {};\n' })).toEqual([rootCheck]);
    expect(await detect({ '.eslintrc': '{}\n' })).toEqual([rootCheck]);
    expect(await detect({ 'package.json': '{ "eslintConfig": {} }\n' })).toEqual([rootCheck]);
    await expect(detect({ 'package.json': '{ "name": "no-lint" }\n' })).rejects.toThrow(/^nothing to check in /);
  });
});
