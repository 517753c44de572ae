/**
 * SIGINT or SIGTERM at any moment of a run: during the base run, during the after run, during
 * start, or at arbitrary moments (while the tree id is taken, while state is written). Afterwards
 * no base copy, private index, lock, temporary state file or check process remains, the state on
 * disk is whole, the repository is as it was, and the next run works. A culprit killed with
 * SIGKILL cannot clean up; the next run removes what it left.
 */
import { writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { captureRepoState } from '../baseline/repo-state.js';
import { waitFor } from '../checks/helpers.js';
import { runCli } from '../helpers/cli.js';
import {
  killAll,
  listLeftovers,
  readHeld,
  readStateFiles,
  spawnCulprit,
  waitForHold,
  type FaultRepo,
  useFaultRepos,
} from './helpers.js';

/** Repositories whose edit introduces one TODO. */
const setUp = useFaultRepos();

function readSessions(fault: FaultRepo): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(readStateFiles(fault.repo.root)).filter(([name]) => name.startsWith('sessions/')),
  );
}

async function expectNothingLeft(fault: FaultRepo): Promise<void> {
  await waitFor(() => listLeftovers(fault).length === 0, 10_000);
  expect(listLeftovers(fault)).toEqual([]);
}

function hasStartedTask(fault: FaultRepo): boolean {
  return Object.values(readSessions(fault)).some(
    (file) => (file as { started?: unknown }).started !== null && (file as { started?: unknown }).started !== undefined,
  );
}

function expectNextCheckWorks(fault: FaultRepo): void {
  const next = runCli(fault.repo.root, ['check', '--json'], { env: fault.env() });
  expect(next.exitCode, next.stderr).toBe(1);
  expect(JSON.parse(next.stdout)).toMatchObject({ verdict: 'introduced', counts: { introduced: 1 } });
}

test.each([
  ['check', 'base', 'SIGINT'],
  ['check', 'base', 'SIGTERM'],
  ['check', 'after', 'SIGINT'],
  ['check', 'after', 'SIGTERM'],
  ['start', 'after', 'SIGINT'],
  ['start', 'after', 'SIGTERM'],
] as const)('culprit %s interrupted during its %s run by %s leaves nothing behind', async (command, where, signal) => {
  const fault = setUp();
  const repository = captureRepoState(fault.repo.root);
  const sessions = readSessions(fault);
  const run = spawnCulprit(fault.repo.root, [command], fault.env({ CULPRIT_TEST_HOLD: where }));
  await waitForHold(fault, where);

  run.child.kill(signal);
  const exit = await run.exited;
  expect([exit.code, exit.signal], exit.stderr).toEqual([null, signal]);
  await expectNothingLeft(fault);
  expect(captureRepoState(fault.repo.root)).toEqual(repository);
  // No attempt or task was recorded by a run that did not finish; what is stored still parses.
  expect(readSessions(fault)).toEqual(sessions);
  expectNextCheckWorks(fault);
  await expectNothingLeft(fault);
});

test('signals at arbitrary moments of check and start leave whole state and nothing else', async () => {
  const fault = setUp();
  // Spread the signals over a whole run, as long as it takes on this machine.
  expect(runCli(fault.repo.root, ['check'], { env: fault.env() }).exitCode).toBe(1);
  const started = performance.now();
  // The same tree again: the check repeats attempt 1 (a check of the same tree is one attempt).
  expect(runCli(fault.repo.root, ['check'], { env: fault.env() }).exitCode).toBe(1);
  const duration = performance.now() - started;
  const delays = [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 0.95, 1.0].map((share) => share * duration);
  const outcomes: string[] = [];
  for (const [index, delay] of delays.entries()) {
    const signal = index % 2 === 0 ? 'SIGINT' : 'SIGTERM';
    const command = index % 3 === 2 ? 'start' : 'check';
    // Once a start has recorded its task, the TODO is part of the baseline and a check is clean.
    const started = hasStartedTask(fault);
    const run = spawnCulprit(fault.repo.root, [command], fault.env());
    await new Promise((resolve) => setTimeout(resolve, delay));
    run.child.kill(signal);
    const exit = await run.exited;
    // Either the signal ended it, or it had already answered, with the exact verdict of the tree.
    if (exit.signal === null) expect(exit.code, exit.stderr).toBe(command === 'start' || started ? 0 : 1);
    outcomes.push(exit.signal ?? `exit ${exit.code}`);
    await expectNothingLeft(fault);
    expect(() => readStateFiles(fault.repo.root)).not.toThrow();
  }
  expect(
    outcomes.some((outcome) => outcome === 'SIGINT' || outcome === 'SIGTERM'),
    outcomes.join(),
  ).toBe(true);
  // A start may have finished last: then the TODO is part of its baseline.
  const next = runCli(fault.repo.root, ['check', '--json', '--base', 'HEAD'], { env: fault.env() });
  expect(next.exitCode, next.stderr).not.toBe(2);
});

test('what a culprit killed with SIGKILL left is ignored and removed by the next run', async () => {
  const fault = setUp();
  const run = spawnCulprit(fault.repo.root, ['check'], fault.env({ CULPRIT_TEST_HOLD: 'base' }));
  await waitForHold(fault, 'base');
  run.child.kill('SIGKILL');
  await run.exited;
  const dead = run.child.pid!;
  // Nothing could clean up: the copy, the locks (the work tree's, and the baseline's it was
  // computing) and the orphaned check stay until someone acts.
  const leftovers = listLeftovers(fault).filter(
    (left) => !left.startsWith('process') && !left.startsWith('held') && !left.startsWith('its'),
  );
  expect(leftovers).toHaveLength(3);
  expect(leftovers).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^TMPDIR\/culprit-base-\d+-/),
      expect.stringMatching(/^locks\/[0-9a-f]{16}\.lock$/),
      expect.stringMatching(/^locks\/baseline-[0-9a-f]{40}\.lock$/),
    ]),
  );
  for (const pids of readHeld(fault.signals)) killAll(pids);
  // And as if it had also died in the middle of writing state and of taking a tree id.
  const state = join(fault.repo.root, '.git', 'culprit');
  mkdirSync(join(state, 'sessions'), { recursive: true });
  const workTreeLock = readdirSync(join(state, 'locks')).find((name) => /^[0-9a-f]{16}\.lock$/.test(name));
  const sessionFile = `${workTreeLock!.replace(/\.lock$/, '')}.json`;
  writeFileSync(join(state, 'sessions', `${sessionFile}.${dead}.0badf00d.tmp`), '{"version":2,"root":"/half-wr');
  mkdirSync(join(state, 'tmp', `index-${dead}-0badf00d`), { recursive: true });
  writeFileSync(join(state, 'tmp', `index-${dead}-0badf00d`, 'index.lock'), 'DIRC');

  expectNextCheckWorks(fault);
  await expectNothingLeft(fault);
  expect(Object.keys(readStateFiles(fault.repo.root)).filter((name) => name.startsWith('sessions/'))).toEqual([
    `sessions/${sessionFile}`,
  ]);
});
