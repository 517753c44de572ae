/**
 * The client side of `culprit serve`: `culprit start`, `check`, `fix` and `hook` ask the server
 * running for their work tree. When none answers (no socket, a refused connection, a server of
 * another culprit version, one whose tools or configuration changed, one stopping), the command
 * runs cold, so it never fails because of the server; where that is allowed it starts a fresh
 * server first (autostart.ts), runs cold beside its start-up, and then tells it to prime.
 * `CULPRIT_NO_SERVE=1` always runs cold.
 */
import { makeUserError } from '../core/errors.js';
import { findRepository } from '../git/git.js';
import { logDebug } from '../debug/log-debug.js';
import { describeNoServer, describeServerStarted, type SocketRefusal } from '../render/serve-messages.js';
import { resolveStateLayout } from '../state/state-dir.js';
import { isAutostartAllowed, spawnServer, waitForServer, type StartedServer } from './autostart.js';
import { checkServerSocket, resolveServePaths, type ServePaths } from './paths.js';
import type { CheckProgress } from '../checks/runner/progress.js';
import {
  askServer,
  askWorkTreeServer,
  isSettled,
  makeServedCheckRequest,
  readServedAnswer,
  type ServedOutcome,
} from './ask-server.js';
import { isServeOff } from './connect-server.js';
import { defaultIdleSeconds, type ServedCheckOptions, type ServedCommandRequest } from './protocol.js';

/** Where the server for the work tree containing `cwd` would listen and log. */
export async function findServeSocket(cwd: string): Promise<ServePaths & { root: string }> {
  const repo = await findRepository(cwd);
  const root = repo?.root ?? cwd;
  return { root, ...resolveServePaths(resolveStateLayout(root, repo), root) };
}

/**
 * Why the socket is not to be asked, though something is there (a folder or a socket of another
 * user, a link, a loose mode); undefined when it may be asked or there is nothing to ask.
 */
export function findSocketRefusal(socket: string): SocketRefusal | undefined {
  const found = checkServerSocket(socket);
  return found === 'absent' ? undefined : found;
}

/**
 * What a command does about the work tree's server: `served`, the server answered; `cold`, the
 * command runs cold and then calls `afterCold`, which tells a server this command started to
 * prime and says on stderr that it started (nothing when none was started).
 */
export type ServedTurn = ({ kind: 'served' } & ServedOutcome) | { kind: 'cold'; afterCold(): Promise<void> };

/** No server answers and none was started: the command runs cold, and nothing follows it. */
export const noServer: ServedTurn = { kind: 'cold', afterCold: () => Promise.resolve() };

/**
 * Asks the work tree's server for a command's outcome. When none answers and one may start, one
 * is started in the background and the command runs cold beside it: it waits what it would have
 * without a server, not that server's start-up too. culprit's own errors come back as they would
 * have been thrown. `cliPath` is the CLI's entry, which a started server runs.
 */
export async function askServedCommand(
  request: ServedCommandRequest,
  cwd: string,
  cliPath: string,
  onProgress?: (progress: CheckProgress) => void,
): Promise<ServedTurn> {
  if (isServeOff()) return noServer;
  // The work tree's server is asked first where its socket can be told without asking git (a
  // served check then spawns no process at all); git's answer decides everything else.
  const { socket: quickSocket, answer: quick } = await askWorkTreeServer(request, cwd, onProgress);
  if (isSettled(quick)) return readServedAnswer(quick, quickSocket!);
  const paths = await findServeSocket(cwd);
  const refusal = findSocketRefusal(paths.socket);
  if (refusal !== undefined) {
    // Said once, and no server is started: it would refuse the same folder.
    process.stderr.write(describeNoServer(refusal, true));
    return noServer;
  }
  const answer = paths.socket === quickSocket ? quick : await askServer(paths.socket, request, onProgress);
  if (isSettled(answer)) return readServedAnswer(answer, paths.socket);
  if (answer?.kind === 'refused') logDebug(`serve: the server refused (${answer.reason})`);
  if (!(await isAutostartAllowed(paths.root))) {
    logDebug('serve: no server answered; running cold');
    return noServer;
  }
  // A server that refused is of another version, stale or stopping: it is replaced.
  if (answer !== undefined) await askServer(paths.socket, { version: request.version, command: 'stop' });
  const started = spawnServer({ root: paths.root, log: paths.log, cliPath });
  if (started === undefined) return noServer;
  if (request.command === 'start') return askStartedServer(started, paths, request, onProgress);
  logDebug(`serve: started a server (pid ${started.pid}) for ${paths.root}; running cold beside its start-up`);
  return { kind: 'cold', afterCold: () => primeStartedServer(started, paths, request.version) };
}

/**
 * `start` through the server it just started: the server's warm worker takes the baseline run,
 * so that one run is also what warms it for the checks after, where running start cold beside
 * the server's start-up would have the server run every check again to prime. Cold when the
 * server does not come up or does not answer.
 */
async function askStartedServer(
  started: StartedServer,
  paths: ServePaths & { root: string },
  request: ServedCommandRequest,
  onProgress: ((progress: CheckProgress) => void) | undefined,
): Promise<ServedTurn> {
  logDebug(`serve: started a server (pid ${started.pid}) for ${paths.root}; start waits for it`);
  const pid = await waitForServer(started, paths.socket, request.version, askServer);
  const answer = pid === undefined ? undefined : await askServer(paths.socket, request, onProgress);
  if (answer?.kind === 'error') throw answer.userError ? makeUserError(answer.message) : new Error(answer.message);
  if (answer?.kind !== 'outcome') {
    logDebug(`serve: the server started for start did not answer it (${answer?.kind ?? 'no answer'}); running cold`);
    return noServer;
  }
  logDebug(`serve: answered by the server on ${paths.socket}`);
  const notice = describeServerStarted(paths.root, pid!, defaultIdleSeconds, paths.log);
  return {
    kind: 'served',
    stdout: answer.stdout,
    exitCode: answer.exitCode,
    stderr: `${answer.stderr ?? ''}${notice}`,
  };
}

/** After the cold answer: the started server primes its warm worker while the agent reads it, and the user is told it runs. */
async function primeStartedServer(
  started: StartedServer,
  paths: ServePaths & { root: string },
  version: string,
): Promise<void> {
  if ((await waitForServer(started, paths.socket, version, askServer)) === undefined) return;
  const answer = await askServer(paths.socket, { version, command: 'prime' });
  if (answer?.kind !== 'priming') {
    logDebug(`serve: the server on ${paths.socket} did not take the priming (${answer?.kind ?? 'no answer'})`);
    return;
  }
  logDebug(`serve: the server (pid ${answer.pid}) primes its warm worker`);
  process.stderr.write(describeServerStarted(paths.root, answer.pid, defaultIdleSeconds, paths.log));
}

/** The served outcome, or else `runCold`'s, after which a server the command started is told to prime. */
export async function runServedOrCold<Cold>(
  turn: ServedTurn,
  runCold: () => Promise<Cold>,
): Promise<ServedOutcome | Cold> {
  if (turn.kind === 'served') return turn;
  try {
    return await runCold();
  } finally {
    // The command's answer stands whatever becomes of the server.
    await turn
      .afterCold()
      .catch((error: unknown) => logDebug(`serve: priming the started server failed: ${String(error)}`));
  }
}

/** `culprit check` through the work tree's server (see askServedCommand). */
export function askServedCheck(
  options: Omit<ServedCheckOptions, 'cwd'> & { cwd?: string },
  version: string,
  cliPath: string,
  onProgress?: (progress: CheckProgress) => void,
): Promise<ServedTurn> {
  const request = makeServedCheckRequest(options, version);
  return askServedCommand(request, request.options.cwd, cliPath, onProgress);
}
