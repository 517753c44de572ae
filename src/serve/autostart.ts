/**
 * Starting `culprit serve` by itself: the first start, check or hook in a work tree with no
 * server starts one in the background, as Nx's and Turborepo's daemons start themselves. The
 * server is detached, leads its own process group, logs to `<state>/serve/<hash>.log` and keeps
 * the idle timeout. The command that started it does not wait for it: it runs cold, as it would
 * have without a server, while the server starts beside it; then it tells the server to prime
 * its warm worker (the server then runs the checks once on the tree, while the agent reads the
 * answer) and says on stderr that it started one. So that command waits what a cold one does,
 * not a server's start-up too, and the next one is warm. Never in CI (`CI` set), with
 * `CULPRIT_NO_SERVE=1`, or with `"serve": false` in culprit.config.json.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { logDebug } from '../debug/log-debug.js';
import type { ServeAnswer, ServeRequest } from './protocol.js';
import { isServeOff, isSet } from './connect-server.js';

/** How long a command, once answered cold, waits for the server it started to listen before giving up on priming it. */
const listenTimeoutMs = 10_000;
const pollMs = 50;

/** Whether a command in `root` may start a server: not in CI, not turned off by the environment or the configuration. */
export async function isAutostartAllowed(root: string): Promise<boolean> {
  if (isServeOff() || isSet('CI')) return false;
  try {
    // Loaded here: a command a running server answers never reads the configuration itself.
    const { loadConfig } = await import('../config/load-config.js');
    return (await loadConfig(root)).raw.serve !== false;
  } catch {
    // A configuration culprit cannot read is reported by the cold command.
    return false;
  }
}

export interface AutostartRequest {
  root: string;
  /** The server's log file. */
  log: string;
  /** The CLI's entry point (dist/cli/main.js), run with this node. */
  cliPath: string;
}

/** A server a command started: its pid, and whether it has exited already (it lost the race for the tree, or failed). */
export interface StartedServer {
  pid: number;
  readonly exited: boolean;
}

/** Starts a server for `root` in the background, without waiting for it; undefined when it could not be spawned. */
export function spawnServer(request: AutostartRequest): StartedServer | undefined {
  mkdirSync(dirname(request.log), { recursive: true });
  const logFd = openSync(request.log, 'w', 0o600);
  // Set by the child's events, which a loop waiting for the server cannot see change through a plain variable.
  const state = { exited: false };
  try {
    const child = spawn(process.execPath, [request.cliPath, 'serve', '--started-by-command'], {
      cwd: request.root,
      detached: true,
      stdio: ['ignore', logFd, logFd],
    });
    child.once('error', () => (state.exited = true));
    child.once('exit', () => (state.exited = true));
    child.unref();
    const { pid } = child;
    return pid === undefined
      ? undefined
      : {
          pid,
          get exited() {
            return state.exited;
          },
        };
  } finally {
    closeSync(logFd);
  }
}

/**
 * Waits until the work tree's server answers a ping of this version: the pid of the one that
 * answers (another command's server may have won the race for the tree; it serves as well), or
 * undefined when none did in time or the one started exited.
 */
export async function waitForServer(
  started: StartedServer,
  socket: string,
  version: string,
  ask: (socket: string, request: ServeRequest) => Promise<ServeAnswer | undefined>,
): Promise<number | undefined> {
  const deadline = Date.now() + listenTimeoutMs;
  while (Date.now() < deadline) {
    const answer = await ask(socket, { version, command: 'ping' });
    if (answer?.kind === 'status' && answer.version === version) return answer.pid;
    if (started.exited && answer === undefined) {
      logDebug(`serve: the server started on ${socket} exited`);
      return undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  logDebug(`serve: the server started on ${socket} did not listen within ${listenTimeoutMs} ms`);
  return undefined;
}
