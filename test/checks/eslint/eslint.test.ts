import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import {
  makeRepo,
  projectRoot,
  typeAwareEslintConfig,
  type EslintVersion,
  type RepoOptions,
  type TestRepo,
} from '../../helpers/repo.js';
import { listTree } from '../helpers.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
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

const lintFiles = {
  'package.json': '{ "name": "lint", "type": "module" }\n',
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      lib: ['es2022'],
      strict: true,
      target: 'es2022',
      module: 'nodenext',
      skipLibCheck: true,
      types: [],
    },
    include: ['src'],
  }),
  'eslint.config.js': typeAwareEslintConfig,
  'src/unsafe.ts':
    'declare function parse(): any;\nexport function shout(text: string): string {\n  return text.toUpperCase();\n}\nexport const loud = shout(parse());\n',
  'src/broken.ts': 'export const a = ;\n',
  'src/directive.ts': '// eslint-disable-next-line no-console\nexport const b = 1;\n',
  'src/outside.js': 'export const c = 1;\n',
};

describe.each(['9', '10'] as const)('eslint adapter on ESLint %s', (version: EslintVersion) => {
  it('reports type-aware rules, parse errors, directive reports and project-service misses', async () => {
    const repo = makeLintRepo({ eslint: version, files: lintFiles });
    const before = listTree(repo.root);
    const run = await runCheck(eslintCheck, repo.root);
    expect(run.status).toBe('ok');
    expect(run.version).toMatch(version === '9' ? /^9\./ : /^10\./);
    expect(run.diagnostics).toEqual([
      {
        tool: 'eslint',
        code: 'parse-error',
        severity: 'error',
        phase: 'syntax',
        path: 'src/broken.ts',
        line: 1,
        column: 17,
        message: 'Parsing error: Expression expected.',
      },
      {
        tool: 'eslint',
        code: 'unused-disable-directive',
        severity: 'warning',
        phase: 'lint',
        path: 'src/directive.ts',
        line: 1,
        column: 1,
        message: "Unused eslint-disable directive (no problems were reported from 'no-console').",
        // ESLint's own fix, kept for culprit fix (offsets into the file's text): the directive goes.
        fix: { start: 0, end: 38, text: ' ' },
      },
      {
        // The directive itself is a finding of its own (issue 35); it hid nothing.
        tool: 'eslint',
        code: 'eslint-disable-next-line',
        severity: 'error',
        phase: 'lint',
        path: 'src/directive.ts',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 39,
        message: 'eslint-disable-next-line no-console',
        kind: 'suppression',
        suppression: { codes: ['no-console'], reason: '', from: 2, to: 2, hidden: [] },
      },
      {
        tool: 'eslint',
        code: 'parse-error',
        severity: 'error',
        phase: 'config',
        path: 'src/outside.js',
        line: 0,
        column: 0,
        // The absolute path ESLint put in the message is made repository-relative.
        message:
          'Parsing error: src/outside.js was not found by the project service. Consider either including it in the tsconfig.json or including it in allowDefaultProject.',
      },
      {
        tool: 'eslint',
        code: '@typescript-eslint/no-explicit-any',
        severity: 'error',
        phase: 'lint',
        path: 'src/unsafe.ts',
        line: 1,
        column: 27,
        endLine: 1,
        endColumn: 30,
        message: 'Unexpected any. Specify a different type.',
        // Two suggestions: culprit fix applies a suggestion only when it is the only one.
        suggestions: [
          { start: 26, end: 29, text: 'unknown' },
          { start: 26, end: 29, text: 'never' },
        ],
      },
      {
        tool: 'eslint',
        code: '@typescript-eslint/no-unsafe-argument',
        severity: 'error',
        phase: 'lint',
        path: 'src/unsafe.ts',
        line: 5,
        column: 27,
        endLine: 5,
        endColumn: 34,
        message: 'Unsafe argument of type `any` assigned to a parameter of type `string`.',
        // A type-aware finding is traced to the declarations it depends on (trace-findings.ts).
        dependsOn: [
          { name: 'shout', path: 'src/unsafe.ts' },
          { name: 'parse', path: 'src/unsafe.ts' },
        ],
      },
    ]);
    // No cache file, no fixes.
    expect(listTree(repo.root)).toEqual(before);
  });
});

describe('eslint adapter failures', () => {
  it('fails with the config file named when eslint.config.js is broken', async () => {
    const repo = makeLintRepo({
      eslint: '10',
      files: { 'eslint.config.js': 'export default [ { rules: {} }\n', 'a.js': 'export const a = 1;\n' },
    });
    const run = await runCheck(eslintCheck, repo.root);
    expect(run).toMatchObject({ name: 'eslint', status: 'failed', version: null, diagnostics: [] });
    expect(run.error).toBe('eslint.config.js could not be loaded: SyntaxError: Unexpected end of input');
  });

  it('fails when no flat config exists', async () => {
    const repo = makeLintRepo({ eslint: '9', files: { 'a.js': 'export const a = 1;\n' } });
    const run = await runCheck(eslintCheck, repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      `ESLint 9.39.5 found no flat config (eslint.config.js, .mjs, .cjs or .ts) from ${repo.root} upwards: Could not find config file.`,
    );
  });

  it('is missing when the repository has no ESLint', async () => {
    const repo = makeLintRepo({ typescript: false, files: { 'eslint.config.js': 'export default [];\n' } });
    const run = await runCheck(eslintCheck, repo.root);
    expect(run.status).toBe('missing');
    expect(run.error).toBe(`eslint is not installed in ${repo.root}: no eslint found from ${repo.root} upwards`);
  });

  it('says typescript-eslint refuses TypeScript 7 instead of pretending to be clean', async () => {
    // A real install where typescript-eslint's parser resolves the repository's TypeScript 7.
    const repo = makeLintRepo({
      typescript: '7',
      eslint: '10',
      files: {
        'eslint.config.js':
          "import parser from '@typescript-eslint/parser';\nexport default [{ files: ['**/*.ts'], languageOptions: { parser } }];\n",
        'package.json': '{ "type": "module" }\n',
        'a.ts': 'export const a = 1;\n',
      },
    });
    // A copy, not the link to ours, so its `typescript` resolves from the repository.
    rmSync(join(repo.root, 'node_modules', '@typescript-eslint', 'parser'));
    cpSync(
      join(projectRoot, 'node_modules', '@typescript-eslint', 'parser'),
      join(repo.root, 'node_modules', '@typescript-eslint', 'parser'),
      {
        recursive: true,
        dereference: true,
      },
    );
    const run = await runCheck(eslintCheck, repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      'typescript-eslint refuses this repository\'s TypeScript 7.0, so ESLint cannot run: install TypeScript 6 where typescript-eslint resolves "typescript" (it can sit beside TypeScript 7), or disable the eslint check',
    );
  });
});
