/**
 * Workspace packages with a tsconfig.json of their own that the root tsconfig does not reach get
 * a tsc check each, run as `tsc -p <folder>` would. Detection reads files only (milliseconds);
 * the run is one real tsc worker per check (2–4 s).
 */
import { afterEach, expect, it } from 'vitest';
import { runChecks } from '../../../src/checks/runner/run-check.js';
import { resolveSettings } from '../../../src/config/resolve-settings.js';
import { makeRepo, type RepoOptions, type TestRepo } from '../../helpers/repo.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeTestRepo(options: Omit<RepoOptions, 'git'>): TestRepo {
  const repo = makeRepo({ ...options, git: false });
  repos.push(repo);
  return repo;
}

const project = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ['src'] });
const composite = JSON.stringify({ compilerOptions: { composite: true, strict: true, types: [] }, include: ['src'] });

async function detectTsc(root: string) {
  return (await resolveSettings(root, {})).checks
    .filter((check) => check.kind === 'tsc')
    .map(({ name, options }) => ({ name, options }));
}

it('makes a tsc check per package when the root has no tsconfig', async () => {
  const repo = makeTestRepo({
    typescript: false,
    files: {
      'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
      'packages/a/package.json': '{}\n',
      'packages/a/tsconfig.json': project,
      'packages/b/package.json': '{}\n',
      'packages/b/tsconfig.json': project,
      'packages/c/package.json': '{}\n',
    },
  });
  expect(await detectTsc(repo.root)).toEqual([
    { name: 'tsc:packages/a', options: { project: 'packages/a/tsconfig.json' } },
    { name: 'tsc:packages/b', options: { project: 'packages/b/tsconfig.json' } },
  ]);
});

it('leaves the packages a solution tsconfig reaches, directly or not, to it; a root without references covers all', async () => {
  const files = {
    'package.json': JSON.stringify({ name: 'root', workspaces: ['packages/*'] }),
    'tsconfig.json': JSON.stringify({ files: [], references: [{ path: 'packages/a' }] }),
    'packages/a/package.json': '{}\n',
    'packages/a/tsconfig.json': JSON.stringify({ ...JSON.parse(composite), references: [{ path: '../shared' }] }),
    'packages/shared/package.json': '{}\n',
    'packages/shared/tsconfig.json': composite,
    'packages/shared/src/index.ts': 'export const shared = 1;\n',
    'packages/a/src/index.ts': 'export const a = 1;\n',
    'packages/b/package.json': '{}\n',
    'packages/b/tsconfig.json': project,
    'packages/b/src/index.ts': 'export const b: number = "b";\n',
  };
  const repo = makeTestRepo({ files });
  const checks = (await resolveSettings(repo.root, {})).checks.filter((check) => check.kind === 'tsc');
  expect(checks.map(({ name, options }) => ({ name, options }))).toEqual([
    { name: 'tsc', options: { project: 'tsconfig.json' } },
    { name: 'tsc:packages/b', options: { project: 'packages/b/tsconfig.json' } },
  ]);
  const runs = await runChecks(checks, repo.root);
  expect(
    runs.map(({ name, status, diagnostics }) => ({
      name,
      status,
      found: diagnostics.map((d) => `${d.path}:${d.line} ${d.code}`),
    })),
  ).toEqual([
    { name: 'tsc', status: 'ok', found: [] },
    { name: 'tsc:packages/b', status: 'ok', found: ['packages/b/src/index.ts:1 TS2322'] },
  ]);

  const plain = makeTestRepo({ typescript: false, files: { ...files, 'tsconfig.json': project } });
  expect((await detectTsc(plain.root)).map((check) => check.name)).toEqual(['tsc']);
});
