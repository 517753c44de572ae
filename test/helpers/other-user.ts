/**
 * Another local user, for the tests of what one can do to culprit (plant a socket, own a
 * repository): commands run with `setpriv` under a uid nobody else uses. Only root can switch
 * users; elsewhere such a test is skipped with a note, except in CI (CI=true), which runs as
 * root: there a test that cannot run fails, so it is never skipped unnoticed.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { it } from 'vitest';

/** A uid (and gid) no account on the machine is expected to use. */
export const otherUid = 48_219;

function findProblem(): string | undefined {
  if (process.getuid?.() !== 0) return 'the tests do not run as root, so they cannot switch to another uid';
  const probe = spawnSync(
    'setpriv',
    ['--reuid', String(otherUid), '--regid', String(otherUid), '--clear-groups', 'id', '-u'],
    {
      encoding: 'utf8',
    },
  );
  if (probe.error !== undefined || probe.status !== 0 || probe.stdout.trim() !== String(otherUid))
    return `setpriv cannot switch to uid ${otherUid} (${probe.error?.message ?? probe.stderr.trim()})`;
  return undefined;
}

const problem = findProblem();

/** `it`, for a test that needs another uid: skipped with the reason outside CI where that cannot be had. */
export function itAsOtherUser(name: string, test: () => Promise<void> | void, timeoutMs?: number): void {
  if (problem !== undefined && process.env['CI'] !== 'true') {
    it.skip(`${name} (skipped: ${problem})`, test);
    return;
  }
  it(
    name,
    async () => {
      if (problem !== undefined) throw new Error(`CI runs as root, and this test needs another uid: ${problem}`);
      await test();
    },
    timeoutMs,
  );
}

/**
 * The arguments that run `command` as the other user. `readEverything`: it may also read and
 * search every file (CAP_DAC_READ_SEARCH), never write one: culprit's own checkout may sit in a
 * folder only its owner enters (`mktemp -d`), and a test that runs culprit's CLI as the other user
 * is about what it may write and own, not what it may read.
 */
export function asOtherUser(command: readonly string[], readEverything = false): [string, string[]] {
  const reading = readEverything ? ['--inh-caps', '+dac_read_search', '--ambient-caps', '+dac_read_search'] : [];
  return [
    'setpriv',
    ['--reuid', String(otherUid), '--regid', String(otherUid), '--clear-groups', ...reading, ...command],
  ];
}

/** Runs `command` as the other user to completion. */
export function runAsOtherUser(
  command: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string; readEverything?: boolean } = {},
): SpawnSyncReturns<string> {
  const { readEverything = false, ...spawnOptions } = options;
  const [file, args] = asOtherUser(command, readEverything);
  return spawnSync(file, args, { ...spawnOptions, encoding: 'utf8', env: { ...process.env, ...options.env } });
}
