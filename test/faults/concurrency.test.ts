/**
 * Two culprits on one work tree at once. Commands that write its session or its baseline file
 * (start, check, baseline --write/--prune) take the work tree's lock: the second waits for the
 * first, so attempts are recorded in order and none is lost, and gives up with a one-line error
 * naming the holder when the wait is over. Every write is atomic, so files stay whole.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { listLeftovers, readStateFiles, spawnCulprit, waitForHold, type FaultRepo, useFaultRepos } from './helpers.js';
import { waitFor } from '../checks/helpers.js';

/** Repositories whose edit introduces one TODO. */
const setUp = useFaultRepos();

interface SessionFileShape {
  started: { attempts: { attempt: number }[] } | null;
  implicit: { attempts: { attempt: number }[] }[];
}

function readSessionFile(fault: FaultRepo): SessionFileShape {
  const sessions = Object.entries(readStateFiles(fault.repo.root)).filter(([name]) => name.startsWith('sessions/'));
  expect(sessions).toHaveLength(1);
  return sessions[0]![1] as SessionFileShape;
}

test('two checks at once are two attempts in order; with a start racing them, every output is valid', async () => {
  const fault = setUp();
  // Each counted as an attempt although they check one tree, so that a lost attempt would show.
  const runs = [0, 1].map(() => spawnCulprit(fault.repo.root, ['check', '--json', '--no-once-per-tree'], fault.env()));
  const results = await Promise.all(runs.map((run) => run.exited));
  const reports = results.map((result) => {
    expect(result.code, result.stderr).not.toBe(2);
    return JSON.parse(result.stdout) as { verdict: string; attempt: number };
  });
  // Without the lock both would be attempt 1, and one of them would be lost from the session.
  expect(reports.map((report) => [report.attempt, report.verdict]).sort()).toEqual([
    [1, 'introduced'],
    [2, 'stuck'],
  ]);
  expect(readSessionFile(fault).implicit[0]?.attempts.map((attempt) => attempt.attempt)).toEqual([1, 2]);

  const raced = await Promise.all(
    [
      ['check', '--json'],
      ['start', '--json'],
      ['check', '--json'],
    ].map((args) => spawnCulprit(fault.repo.root, args, fault.env()).exited),
  );
  // Whichever order the lock gave them: the start is clean; a check before it checks the tree the
  // stuck attempt 2 checked, so it repeats that attempt; a check after it compares with the
  // started task and is clean.
  const [firstCheck, start, secondCheck] = raced.map((result) => {
    expect(result.code, result.stderr).not.toBe(2);
    return JSON.parse(result.stdout) as { verdict?: string; baseline?: { source: string }; complete?: boolean };
  });
  expect(start).toMatchObject({ complete: true });
  expect(raced[1]!.code).toBe(0);
  for (const [index, check] of [firstCheck!, secondCheck!].entries()) {
    const afterStart = check.baseline?.source === 'started';
    expect(check.verdict).toBe(afterStart ? 'clean' : 'stuck');
    expect(raced[index * 2]!.code).toBe(afterStart ? 0 : 3);
  }
  const session = readSessionFile(fault);
  expect(session.started).not.toBeNull();
  expect(listLeftovers(fault)).toEqual([]);
});

test('a second culprit waits for the first, and gives up after its wait with one line naming the holder', async () => {
  const fault = setUp();
  const holder = spawnCulprit(fault.repo.root, ['check'], fault.env({ CULPRIT_TEST_HOLD: 'after' }));
  await waitForHold(fault, 'after');

  const impatient = runCli(fault.repo.root, ['check'], { env: fault.env({ CULPRIT_LOCK_WAIT_MS: '1000' }) });
  expect(impatient.exitCode).toBe(2);
  expect(impatient.stdout).toBe('');
  const lock = join(fault.repo.root, '.git', 'culprit', 'locks');
  expect(impatient.stderr.split('\n').at(-2)).toMatch(
    new RegExp(
      `^culprit: another culprit \\(pid ${holder.child.pid} on \\S+, \`culprit check\` since \\S+\\) is still working on this repository after 1 s of waiting; try again when it is done, or remove ${lock}/[0-9a-f]{16}\\.lock if no culprit is running$`,
    ),
  );

  // One that waits long enough goes on as soon as the holder is gone.
  const patient = spawnCulprit(fault.repo.root, ['check', '--json'], fault.env());
  let waiting = '';
  patient.child.stderr!.on('data', (chunk: Buffer) => (waiting += chunk.toString()));
  expect(await waitFor(() => waiting.includes('waiting for culprit check'), 30_000)).toBe(true);
  holder.child.kill('SIGTERM');
  expect((await holder.exited).signal).toBe('SIGTERM');
  const result = await patient.exited;
  expect(result.code, result.stderr).toBe(1);
  expect(JSON.parse(result.stdout)).toMatchObject({ verdict: 'introduced', attempt: 1 });
  expect(listLeftovers(fault)).toEqual([]);
});

test('two baseline --write at once both finish, and the file is whole', async () => {
  const fault = setUp();
  const results = await Promise.all(
    [0, 1].map(() => spawnCulprit(fault.repo.root, ['baseline', '--write', '--json'], fault.env()).exited),
  );
  for (const result of results) expect(result.code, result.stderr).toBe(0);
  // One wrote the file, the other found it already saying exactly that.
  expect(results.map((result) => (JSON.parse(result.stdout) as { changed: boolean }).changed).sort()).toEqual([
    false,
    true,
  ]);
  const file = JSON.parse(readFileSync(join(fault.repo.root, 'culprit-baseline.json'), 'utf8')) as {
    checks: { todos: { files: object } };
  };
  expect(Object.keys(file.checks.todos.files)).toEqual(['src/cart.js', 'src/shipping.js', 'src/tax.js']);
  expect(runCli(fault.repo.root, ['gate'], { env: fault.env() }).exitCode).toBe(0);
  expect(listLeftovers(fault)).toEqual([]);
});
