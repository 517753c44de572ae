/**
 * fixTask through the library with the real ESLint: it writes nothing when the work tree changes
 * between its check and its writes. The change is made by a runner that runs the real checks and
 * then edits a file, as an agent working meanwhile would.
 */
import { afterEach, expect, test } from 'vitest';
import { runChecks, type CheckRunner } from '../../src/checks/runner/run-check.js';
import { isUserError } from '../../src/core/errors.js';
import { fixTask } from '../../src/tasks/fix-task.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { introducedLet, preferConstFiles } from '../fixtures/prefer-const.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

test('fix refuses when the tree changes while it runs, and writes nothing', async () => {
  repo = makeRepo({
    typescript: false,
    eslint: '10',
    files: preferConstFiles,
  });
  repo.write('src/a.js', introducedLet);
  const { root, write } = repo;
  const editingMeanwhile: CheckRunner = async (checks, at) => {
    const runs = await runChecks(checks, at);
    write('notes.md', 'written while culprit fix ran\n');
    return runs;
  };
  const error = await fixTask({ cwd: root, runChecks: editingMeanwhile }).catch((caught: unknown) => caught);
  expect(isUserError(error)).toBe(true);
  expect((error as Error).message).toBe(
    'the work tree changed while culprit fix ran; nothing was written (run it again)',
  );
  expect(repo.read('src/a.js')).toBe(introducedLet);

  // Held still, the same fix is written.
  const fixed = await fixTask({ cwd: root });
  expect(fixed.plan.fixes.map((fix) => [fix.path, fix.code])).toEqual([['src/a.js', 'prefer-const']]);
  expect(repo.read('src/a.js')).toBe(introducedLet.replace('let introduced', 'const introduced'));
});
