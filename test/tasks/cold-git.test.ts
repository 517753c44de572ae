/**
 * What a cold check (CULPRIT_NO_SERVE=1) asks git, through the built CLI with a `git` on PATH that
 * logs each command: HEAD's commit and tree, the work tree's tree, and after an edit the tree
 * diff once, though the base's checks, the seeding and the attribution each need it. Runs
 * dist/cli/main.js: `npm run build` first (npm test does).
 */
import { expect, test } from 'vitest';
import type { JsonReport } from '../helpers/cli.js';
import { makeLoggingGit } from '../helpers/logging-git.js';
import { makeRepo } from '../helpers/repo.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';
import { todoFiles } from '../fixtures/sarif-todos.js';
import { runCliAsync, useRepos } from '../warm/helpers.js';

const repos = useRepos();
const makeDir = useTemporaryDirectories();

test('a cold check asks git for each tree diff once', async () => {
  const repo = repos.add(
    makeRepo({
      typescript: false,
      files: {
        ...todoFiles,
        'culprit.config.json': `${JSON.stringify({ checks: { todos: { command: ['node', 'todo-check.mjs'], format: 'sarif' } } })}\n`,
      },
    }),
  );
  const git = makeLoggingGit(makeDir('culprit-git-log-'));
  const env = { CULPRIT_NO_SERVE: '1', PATH: `${git.bin}:${process.env['PATH'] ?? ''}` };
  const check = async () => {
    const run = await runCliAsync(repo.root, ['check', '--json'], env);
    const report = JSON.parse(run.stdout) as JsonReport;
    return {
      verdict: report.verdict,
      introduced: report.counts.introduced,
      git: git.take().map((call) => call.split(' ')[0]),
    };
  };
  expect(await check()).toEqual({
    verdict: 'clean',
    introduced: 0,
    git: ['rev-parse', 'add', 'write-tree', 'cat-file'],
  });
  repo.write('src/new.js', 'export const later = 2; // TODO: more\n');
  expect(await check()).toEqual({
    verdict: 'introduced',
    introduced: 1,
    git: ['rev-parse', 'add', 'write-tree', 'cat-file', 'diff-tree'],
  });
});
