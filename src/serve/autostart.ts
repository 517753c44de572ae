/**
 * Starting `culprit serve` by itself: the first start, check or hook in a work tree with no
 * server starts one in the background, as Nx's and Turborepo's daemons start themselves. The
 * server is detached, leads its own process group, logs to `<state>/serve/<hash>.log` and keeps
 * the idle timeout; the command that started it says so on stderr and sends it its own request,
 * which the server answers cold (tsc and ESLint side by side, as the command would have run them)
 * and then primes its warm worker, so that command waits about what it would have cold and the
 * next one is warm. Never in CI (`CI` set), with
 * `CULPRIT_NO_SERVE=1`, or with `"serve": false` in culprit.config.json.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from '../config/load-config.js';
import { logDebug } from '../debug/log-debug.js';
import type { ServeAnswer, ServeRequest } from './protocol.js';

/** How long a starting server may take to listen before its command runs cold instead. */
const listenTimeoutMs = 10_000;
const pollMs = 50;

function isSet(name: string): boolean {
  const value = process.env[name];
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/** `CULPRIT_NO_SERVE=1`: no server answers, none is started. */
export function isServeOff(): boolean {
  return isSet('CULPRIT_NO_SERVE');
}

/** Whether a command in `root` may start a server: not in CI, not turned off by the environment or the configuration. */
export async function isAutostartAllowed(root: string): Promise<boolean> {
  if (isServeOff() || isSet('CI')) return false;
  try {
    return (await loadConfig(root)).raw.serve !== false;
  } catch {
    // A configuration culprit cannot read is reported by the cold command.
    return false;
  }
}

export interface AutostartRequest {
  root: string;
  socket: string;
  /** The server's log file. */
  log: string;
  version: string;
  /** The CLI's entry point (dist/cli/main.js), run with this node. */
  cliPath: string;
  ask(socket: string, request: ServeRequest): Promise<ServeAnswer | undefined>;
}

/** Starts a server for `root` and waits until it answers; its pid, or undefined when it did not come up in time. */
export async function startServerFor(request: AutostartRequest): Promise<number | undefined> {
  mkdirSync(dirname(request.log), { recursive: true });
  const logFd = openSync(request.log, 'w', 0o600);
  // Set by the child's events, which the loop below cannot see change through a plain variable.
  const server = { exited: false };
  let pid: number | undefined;
  try {
    const child = spawn(process.execPath, [request.cliPath, 'serve', '--started-by-command'], {
      cwd: request.root,
      detached: true,
      stdio: ['ignore', logFd, logFd],
    });
    child.once('error', () => (server.exited = true));
    child.once('exit', () => (server.exited = true));
    child.unref();
    pid = child.pid;
  } finally {
    closeSync(logFd);
  }
  if (pid === undefined) return undefined;
  const deadline = Date.now() + listenTimeoutMs;
  while (Date.now() < deadline) {
    const answer = await request.ask(request.socket, { version: request.version, command: 'ping' });
    // Another command's server may have won the race for this tree; it serves as well.
    if (answer?.kind === 'status' && answer.version === request.version) return answer.pid;
    if (server.exited && answer === undefined) {
      logDebug(`serve: the server started for ${request.root} exited; see ${request.log}`);
      return undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  logDebug(`serve: the server started for ${request.root} did not listen within ${listenTimeoutMs} ms`);
  return undefined;
}
