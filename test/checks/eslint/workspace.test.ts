/**
 * Per-folder ESLint configs: workspace packages and referenced TypeScript projects with a config
 * of their own are checked each in its own folder, and a config that cannot load fails only its
 * own check, named by its path. Detection reads files only (milliseconds); each real ESLint run
 * is one check worker (1–3 s).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/checks/runner/run-check.js';
import { resolveSettings } from '../../../src/config/resolve-settings.js';
import { readPnpmPackages } from '../../../src/checks/runner/package-folders.js';
import { makeRepo, type RepoOptions, type TestRepo } from '../../helpers/repo.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeLintRepo(options: Omit<RepoOptions, 'git'>): TestRepo {
  const repo = makeRepo({ ...options, git: false });
  repos.push(repo);
  return repo;
}

async function detectEslint(root: string) {
  return (await resolveSettings(root, {})).checks
    .filter((check) => check.kind === 'eslint')
    .map(({ name, options }) => ({ name, options }));
}

const rule = (name: string) => `export default [{ rules: { '${name}': 'error' } }];\n`;
/** What vscode-eslint's playground does: a config whose packages are not installed. */
const uninstalledConfig =
  "import globals from 'globals';\nexport default [{ languageOptions: { globals: globals.node } }];\n";

describe('eslint detection per folder', () => {
  it('makes a check per workspace package with its own config; the root check leaves those to them', async () => {
    const repo = makeLintRepo({
      typescript: false,
      files: {
        'package.json': JSON.stringify({ name: 'root', workspaces: ['packages/*', '!packages/skipped'] }),
        'eslint.config.js': rule('no-console'),
        'packages/a/package.json': '{ "name": "a" }\n',
        'packages/a/eslint.config.mjs': rule('no-console'),
        'packages/b/package.json': '{ "name": "b" }\n',
        'packages/b/.eslintrc.json': '{ "root": true }\n',
        'packages/c/package.json': '{ "name": "c" }\n',
        'packages/skipped/package.json': '{ "name": "skipped" }\n',
        'packages/skipped/eslint.config.js': rule('no-console'),
      },
    });
    expect(await detectEslint(repo.root)).toEqual([
      { name: 'eslint', options: { cwd: '.', patterns: ['.'], ignores: ['packages/a/**', 'packages/b/**'] } },
      { name: 'eslint:packages/a', options: { cwd: 'packages/a', patterns: ['.'], ignores: [] } },
      { name: 'eslint:packages/b', options: { cwd: 'packages/b', patterns: ['.'], ignores: [] } },
    ]);
  });

  it('reads pnpm-workspace.yaml and the folders a root tsconfig references', async () => {
    const pnpm = makeLintRepo({
      typescript: false,
      files: {
        'pnpm-workspace.yaml': 'packages:\n  - \'apps/*\' # the apps\n  - "libs/**"\nonlyBuiltDependencies: []\n',
        'apps/web/package.json': '{}\n',
        'apps/web/eslint.config.js': rule('no-console'),
        'libs/deep/tools/package.json': '{}\n',
        'libs/deep/tools/eslint.config.js': rule('no-console'),
      },
    });
    expect((await detectEslint(pnpm.root)).map((check) => check.name)).toEqual([
      'eslint:apps/web',
      'eslint:libs/deep/tools',
    ]);
    expect(readPnpmPackages('packages: [\'a/*\', "b"]\n')).toEqual(['a/*', 'b']);

    // vscode-eslint's shape: a solution tsconfig, lint configs in the referenced folders only.
    const references = makeLintRepo({
      typescript: false,
      files: {
        'package.json': '{ "name": "extension" }\n',
        'tsconfig.json':
          '{\n  // tsc -b\n  "files": [],\n  "references": [{ "path": "./client" }, { "path": "server/tsconfig.json" }],\n}\n',
        'client/eslint.config.mjs': rule('no-console'),
        'server/eslint.config.mjs': rule('no-console'),
        'playground/eslint.config.mjs': uninstalledConfig,
      },
    });
    expect(await detectEslint(references.root)).toEqual([
      { name: 'eslint:client', options: { cwd: 'client', patterns: ['.'], ignores: [] } },
      { name: 'eslint:server', options: { cwd: 'server', patterns: ['.'], ignores: [] } },
    ]);
  });
});

describe('eslint per folder, run', () => {
  it('runs each package in its folder; a package whose config cannot load fails alone, named', async () => {
    const repo = makeLintRepo({
      eslint: '9',
      typescript: false,
      files: {
        'package.json': JSON.stringify({ name: 'root', type: 'module', workspaces: ['packages/*'] }),
        'eslint.config.js': rule('no-debugger'),
        'scripts/tool.js': 'debugger;\nconsole.log(1);\n',
        'packages/a/package.json': '{ "name": "a", "type": "module" }\n',
        'packages/a/eslint.config.js': rule('no-console'),
        'packages/a/index.js': 'debugger;\nconsole.log(1);\n',
        'packages/b/package.json': '{ "name": "b", "type": "module" }\n',
        'packages/b/eslint.config.js': uninstalledConfig,
        'packages/b/index.js': 'debugger;\n',
      },
    });
    const checks = (await resolveSettings(repo.root, {})).checks;
    const runs = await runChecks(checks, repo.root);
    const summary = runs.map(({ name, status, diagnostics, error }) => ({
      name,
      status,
      found: diagnostics.map((diagnostic) => `${diagnostic.path}:${diagnostic.line} ${diagnostic.code}`),
      ...(error === undefined ? {} : { error }),
    }));
    expect(summary).toEqual([
      // The root's config does not reach into the packages that have their own.
      { name: 'eslint', status: 'ok', found: ['scripts/tool.js:1 no-debugger'] },
      { name: 'eslint:packages/a', status: 'ok', found: ['packages/a/index.js:2 no-console'] },
      {
        name: 'eslint:packages/b',
        status: 'failed',
        found: [],
        // The reason's paths are repository-relative too, wherever the tree lives.
        error:
          "packages/b/eslint.config.js could not be loaded: Cannot find package 'globals' imported from packages/b/eslint.config.js",
      },
    ]);
  });

  it('names the nested config that ESLint 10 could not load while linting from the root', async () => {
    const repo = makeLintRepo({
      eslint: '10',
      typescript: false,
      files: {
        'package.json': '{ "name": "root", "type": "module" }\n',
        'eslint.config.js': rule('no-debugger'),
        'src/a.js': 'debugger;\n',
        'playground/eslint.config.mjs': uninstalledConfig,
        'playground/b.js': 'debugger;\n',
      },
    });
    const [run] = await runChecks(
      [{ name: 'eslint', kind: 'eslint', timeoutMs: 120_000, options: { cwd: '.', patterns: ['.'], ignores: [] } }],
      repo.root,
    );
    expect(run!.status).toBe('failed');
    expect(run!.error).toBe(
      "playground/eslint.config.mjs could not be loaded: Cannot find package 'globals' imported from playground/eslint.config.mjs",
    );
  });
});
