/**
 * Outside git: start takes the baseline and check compares with it, changed and renamed files
 * coming from content hashes; check without start says how to get a baseline; the gate and the
 * baseline file work as in git (they compare the tree with a file, and need no history).
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useFaultRepos } from './helpers.js';

const makeFaultRepos = useFaultRepos();
const setUp = () => makeFaultRepos({ git: false, edited: false });

interface Report {
  verdict: string;
  counts: { introduced: number; resolved: number; standing: number };
  shown: { path: string; message: string }[];
}

test('start and check work: a new finding is introduced, a moved file keeps its findings, a deleted one resolves them', () => {
  const { repo, env } = setUp();
  // Symbolic link loops are part of the tree and are not followed.
  symlinkSync('.', join(repo.root, 'loop'));
  symlinkSync('self', join(repo.root, 'self'));
  const start = runCli(repo.root, ['start'], { env: env() });
  expect(start.exitCode, start.stderr).toBe(0);

  repo.move('src/cart.js', 'src/checkout/cart.js');
  repo.remove('src/shipping.js');
  repo.write('src/tax.js', 'export const rate = 0.2; // TODO: regional rates\n');
  const check = runCli(repo.root, ['check', '--json'], { env: env() });
  expect(check.exitCode, check.stderr).toBe(1);
  const report = JSON.parse(check.stdout) as Report;
  expect(report.counts).toEqual({ introduced: 1, resolved: 1, standing: 1, reworded: 0, reanchored: 0, silenced: 0 });
  expect(report.shown.map(({ path, message }) => [path, message])).toEqual([
    ['src/tax.js', 'Unfinished work: regional rates'],
  ]);
});

test('check without start says how to get a baseline, in one line', () => {
  const { repo, env } = setUp();
  for (const [args, message] of [
    [
      ['check'],
      `no baseline for ${repo.root}: it is not a git repository, so run \`culprit start\` before the agent's first edit`,
    ],
    [['check', '--base', 'main'], `--base needs a git repository; ${repo.root} is not one`],
  ] as const) {
    const result = runCli(repo.root, args, { env: env() });
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([2, '', `culprit: ${message}\n`]);
  }
});

test('baseline --write, gate and baseline --prune work as in git, renames included', () => {
  const { repo, env } = setUp();
  expect(runCli(repo.root, ['gate'], { env: env() })).toMatchObject({
    exitCode: 2,
    stderr: `culprit: no culprit-baseline.json in ${repo.root}: run \`culprit baseline --write\` and commit it\n`,
  });
  expect(runCli(repo.root, ['baseline', '--write'], { env: env() }).exitCode).toBe(0);
  expect(runCli(repo.root, ['gate'], { env: env() }).exitCode).toBe(0);

  repo.move('src/shipping.js', 'src/rates/shipping.js');
  expect(runCli(repo.root, ['gate'], { env: env() }).exitCode).toBe(0);
  repo.write('src/tax.js', 'export const rate = 0.2; // TODO: regional rates\n');
  const failing = runCli(repo.root, ['gate', '--json'], { env: env() });
  expect(failing.exitCode).toBe(1);
  expect(JSON.parse(failing.stdout)).toMatchObject({
    verdict: 'new-findings',
    counts: { new: 1, unchanged: 2, absent: 0 },
  });

  repo.write('src/tax.js', 'export const rate = 0.2;\n');
  repo.remove('src/cart.js');
  expect(runCli(repo.root, ['gate'], { env: env() }).exitCode).toBe(1);
  const prune = runCli(repo.root, ['baseline', '--prune', '--json'], { env: env() });
  expect(JSON.parse(prune.stdout)).toMatchObject({
    removed: 1,
    renames: [{ from: 'src/shipping.js', to: 'src/rates/shipping.js' }],
  });
  expect(runCli(repo.root, ['gate'], { env: env() }).exitCode).toBe(0);
});
