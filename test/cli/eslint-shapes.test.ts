/**
 * Two repository shapes a new user brings, through the built CLI with no culprit config: an
 * eslintrc with ESLint 8.57 (react-hook-form), and lint configs per referenced project with one
 * that cannot load (vscode-eslint). Each test is a `start` and a `check` (10–20 s on 2 cores).
 */
import { afterEach, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { commonjsTsconfig, makeRepo, typeAwareEslintrc, type TestRepo } from '../helpers/repo.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

interface StartJson {
  clean: boolean;
  notes?: string[];
  checks: { name: string; status: string; version: string | null; findings: number; error?: string }[];
}

test('an ESLint 8 eslintrc is detected, run type-aware, and attributes what an edit introduced', () => {
  repo = makeRepo({
    eslint: '8',
    files: {
      'package.json': '{ "name": "forms", "private": true }\n',
      'tsconfig.json': commonjsTsconfig,
      '.eslintrc.json': typeAwareEslintrc,
      'src/form.ts': 'export function field(name: string): string {\n  return name.trim();\n}\n',
    },
  });
  const started = runCli(repo.root, ['start', '--json']);
  expect(started.exitCode).toBe(0);
  const start = JSON.parse(started.stdout) as StartJson;
  expect(start.checks.map(({ name, status, version }) => ({ name, status, version }))).toEqual([
    { name: 'tsc', status: 'ok', version: expect.stringMatching(/^6\./) as unknown },
    { name: 'eslint', status: 'ok', version: '8.57.1' },
  ]);
  expect(start.notes).toEqual([expect.stringMatching(/^eslint: its eslintrc parses TypeScript, so culprit lints /)]);

  repo.write('src/form.ts', 'export function field(name: any): string {\n  return name.trim();\n}\n');
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.shown.map((finding) => `${finding.path}:${finding.line} ${finding.code}`)).toEqual([
    'src/form.ts:1 @typescript-eslint/no-explicit-any',
    'src/form.ts:2 @typescript-eslint/no-unsafe-return',
  ]);
});

test('per-project lint configs run in their folders; one that cannot load is named and never clean', () => {
  const project = {
    compilerOptions: { lib: ['es2022'], composite: true, strict: true, target: 'es2022', types: [] },
    include: ['src'],
  };
  const lintConfig = "export default [{ rules: { 'no-debugger': 'error' } }];\n";
  repo = makeRepo({
    eslint: '10',
    files: {
      'package.json': '{ "name": "extension", "private": true, "type": "module" }\n',
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './client' }, { path: './server' }] }),
      'client/tsconfig.json': JSON.stringify(project),
      'client/eslint.config.mjs': lintConfig,
      'client/src/main.ts': 'export const client = 1;\n',
      'server/tsconfig.json': JSON.stringify(project),
      'server/eslint.config.mjs':
        "import globals from 'globals';\nexport default [{ languageOptions: { globals } }];\n",
      'server/src/main.ts': 'export const server = 1;\n',
      // Not a package of the workspace: not linted, as the repository's own lint does not.
      'playground/eslint.config.mjs': "import globals from 'globals';\nexport default [];\n",
    },
  });
  const text = runCli(repo.root, ['start']);
  expect(text.exitCode).toBe(2);
  expect(text.stdout).toMatch(
    /^culprit: the baseline is incomplete, so check cannot attribute eslint:server until start succeeds: eslint:server failed: server\/eslint\.config\.mjs could not be loaded: Cannot find package 'globals' imported from server\/eslint\.config\.mjs; the other checks found 0 findings \(tsc [\d.]+: 0, eslint:client 10\.16\.0: 0\)\.\n$/,
  );

  // A flat config with no `files` lints .js files only.
  repo.write('client/build.js', 'debugger;\n');
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(2);
  expect(report.verdict).toBe('check-failed');
  expect(report.checks.map(({ name, status }) => ({ name, status }))).toEqual([
    { name: 'tsc', status: 'ok' },
    { name: 'eslint:client', status: 'ok' },
    { name: 'eslint:server', status: 'failed' },
  ]);
  // The packages that could run are still attributed.
  expect(report.shown.map((finding) => `${finding.path}:${finding.line} ${finding.code}`)).toEqual([
    'client/build.js:1 no-debugger',
  ]);
});
