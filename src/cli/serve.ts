/**
 * `culprit serve`: keeps this work tree's checks warm until stopped, idle or gone; `culprit start`,
 * `check` and `hook` in the same work tree use it while it runs, and start it in the background
 * when none runs (serve/autostart.ts). `culprit serve --stop` stops it, `--status` says whether
 * one runs. Run by hand, the server stays in the foreground and logs to stderr only.
 */
import { resolve } from 'node:path';
import { describeNoServer, describeServerStatus } from '../render/serve-messages.js';
import { askServer } from '../serve/ask-server.js';
import { findServeSocket, findSocketRefusal } from '../serve/client.js';
import { defaultIdleSeconds } from '../serve/protocol.js';
import { serveWorkTree } from '../serve/server.js';
import { makeUserError } from '../core/errors.js';
import { hookAgentNames, type HookAgentName } from '../hooks/agent-names.js';
import type { CommandOutcome } from './run-command.js';

export interface ServeCommandOptions {
  cwd?: string;
  version: string;
  stop?: boolean;
  /** Say whether a server runs for this work tree, since when and with how much memory. */
  status?: boolean;
  /** Verify every served check against a cold run and log differences. */
  verify?: boolean;
  /** Exit after this many seconds without a check. */
  idleTimeout?: number;
  /** Started by a start, check or hook (serve/autostart.ts): that command's request primes it. */
  startedByCommand?: boolean;
}

/** A server a command started waits this long for one that is stopping (another version, stale) to let go. */
const replaceWaitMs = 10_000;

export async function runServeCommand(options: ServeCommandOptions): Promise<CommandOutcome> {
  if (options.stop === true) return stopServer(options);
  if (options.status === true) return readStatus(options);
  const why = await serveWorkTree({
    cwd: options.cwd,
    version: options.version,
    idleMs: (options.idleTimeout ?? defaultIdleSeconds) * 1000,
    verify: options.verify,
    // A server a command started is primed by that command, and waits for one stopping to let go.
    prime: options.startedByCommand === true ? false : undefined,
    lockWaitMs: options.startedByCommand === true ? replaceWaitMs : undefined,
    log: (line) => process.stderr.write(`${line}\n`),
    // The commands load at the first request: a server a command started is listening sooner, and
    // takes less of the machine while that command's cold check runs beside it.
    runCheck: async (check) => (await import('./check.js')).runCheckCommand(check),
    runStart: async (start) => (await import('./start.js')).runStartCommand(start),
    runFix: async (fix) => (await import('./fix.js')).runFixCommand(fix),
    runHook: async ({ agent, ...hook }) => {
      if (!(hookAgentNames as readonly string[]).includes(agent))
        throw makeUserError(`culprit hook: unknown agent ${agent}`);
      return (await import('./hook.js')).runHookCommand({ ...hook, agent: agent as HookAgentName });
    },
  });
  process.stderr.write(`culprit serve: stopped (${why})\n`);
  return { stdout: '', exitCode: 0 };
}

async function stopServer(options: ServeCommandOptions): Promise<CommandOutcome> {
  const { root, socket } = await findServeSocket(resolve(options.cwd ?? process.cwd()));
  reportRefusal(socket);
  const answer = await askServer(socket, { version: options.version, command: 'stop' });
  if (answer?.kind === 'stopping')
    return { stdout: `culprit serve: stopping the server for ${root} (pid ${answer.pid})\n`, exitCode: 0 };
  return { stdout: `culprit serve: no server is running for ${root}\n`, exitCode: 0 };
}

async function readStatus(options: ServeCommandOptions): Promise<CommandOutcome> {
  const { root, socket } = await findServeSocket(resolve(options.cwd ?? process.cwd()));
  reportRefusal(socket);
  const answer = await askServer(socket, { version: options.version, command: 'ping' });
  const status = answer?.kind === 'status' ? answer : undefined;
  return { stdout: describeServerStatus(root, status, new Date()), exitCode: 0 };
}

/** A socket culprit will not talk to (another user's, a loose folder) is said on stderr, beside "no server". */
function reportRefusal(socket: string): void {
  const refusal = findSocketRefusal(socket);
  if (refusal !== undefined) process.stderr.write(describeNoServer(refusal, false));
}
