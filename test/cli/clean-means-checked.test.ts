/**
 * Clean means checked (issue 35): an edit that switches a check off, narrows what it checks or
 * relaxes how strictly is never told "no new findings". Real ESLint and tsc on small repositories,
 * with `start` and against HEAD alike.
 */
import { afterEach, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { preferConstFiles } from '../fixtures/prefer-const.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeLintRepo(): TestRepo {
  const repo = makeRepo({
    files: {
      ...preferConstFiles,
      'src/routing/route.js': 'export const route = 1;\n',
      'src/routing/table.js': 'export const table = 2;\n',
    },
    typescript: false,
    eslint: '10',
  });
  repos.push(repo);
  return repo;
}

test('deleting the ESLint config after start is a removed check, never clean', () => {
  const repo = makeLintRepo();
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/routing/route.js', 'let route = 1;\nexport { route };\n');
  repo.remove('eslint.config.js');
  const { exitCode, report } = checkJson(repo.root);
  expect(report.verdict).toBe('introduced');
  expect(exitCode).toBe(1);
  expect(report.shown).toEqual([
    expect.objectContaining({
      tool: 'eslint',
      code: 'check-removed',
      kind: 'check-removed',
      path: 'eslint.config.js',
      message: 'eslint no longer runs: eslint.config.js was deleted',
    }),
  ]);
  const text = runCli(repo.root, ['check']);
  expect(text.stdout).toContain(
    'your edit stopped a check of the baseline: eslint no longer runs: eslint.config.js was deleted.',
  );
});

test('a folder added to ESLint ignores is files no longer checked, shown as one group', () => {
  const repo = makeLintRepo();
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/routing/route.js', 'let route = 1;\nexport { route };\n');
  repo.write(
    'eslint.config.js',
    "export default [{ ignores: ['src/routing/**'] }, { files: ['**/*.js'], rules: { 'prefer-const': 'error' } }];\n",
  );
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.verdict).toBe('introduced');
  expect(report.shown.map((finding) => [finding.kind, finding.path, finding.message])).toEqual([
    ['coverage', 'src/routing/route.js', 'no longer checked by eslint (eslint.config.js changed)'],
    ['coverage', 'src/routing/table.js', 'no longer checked by eslint (eslint.config.js changed)'],
  ]);
  const text = runCli(repo.root, ['check']).stdout;
  expect(text).toContain('your edit left 2 files unchecked: no longer checked by eslint (eslint.config.js changed).');
  expect(text).toContain('  src/routing/route.js\n  src/routing/table.js');
});

test('against HEAD too: a removed check and narrowed coverage are findings', () => {
  const repo = makeLintRepo();
  repo.write(
    'eslint.config.js',
    "export default [{ ignores: ['src/routing/**'] }, { files: ['**/*.js'], rules: { 'prefer-const': 'error' } }];\n",
  );
  const narrowed = checkJson(repo.root);
  expect(narrowed.report.verdict).toBe('introduced');
  expect(narrowed.report.shown.map((finding) => finding.kind)).toEqual(['coverage', 'coverage']);
  repo.remove('eslint.config.js');
  repo.write('culprit.config.json', '{ "checks": { "todo": { "command": ["node", "-e", "1"] } } }\n');
  const removed = checkJson(repo.root);
  expect(removed.report.shown).toContainEqual(
    expect.objectContaining({ kind: 'check-removed', tool: 'eslint', path: 'eslint.config.js' }),
  );
});
