/**
 * The client side of `culprit serve`: `culprit start`, `check` and `hook` ask the server running
 * for their work tree. When none answers (no socket, a refused connection, a server of another
 * culprit version, one whose tools or configuration changed, one stopping), they start a fresh
 * one where that is allowed (autostart.ts) and ask it; otherwise, or when the new server does
 * not come up or dies mid-command, the command runs cold, so it never fails because of the
 * server. `CULPRIT_NO_SERVE=1` always runs cold.
 */
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { makeUserError } from '../core/errors.js';
import { findRepository } from '../git/git.js';
import { logDebug } from '../debug/log-debug.js';
import { describeServerStarted } from '../render/serve-messages.js';
import { resolveStateLayout } from '../state/state-dir.js';
import { isAutostartAllowed, isServeOff, startServerFor } from './autostart.js';
import { resolveServePaths, type ServePaths } from './paths.js';
import { isVerifyRequested } from '../warm/verify-warm.js';
import {
  defaultIdleSeconds,
  readLine,
  writeLine,
  type ServeAnswer,
  type ServedCheckOptions,
  type ServedCommandRequest,
  type ServeRequest,
} from './protocol.js';

/** Where the server for the work tree containing `cwd` would listen and log. */
export async function findServeSocket(cwd: string): Promise<ServePaths & { root: string }> {
  const repo = await findRepository(cwd);
  const root = repo?.root ?? cwd;
  return { root, ...resolveServePaths(resolveStateLayout(root, repo), root) };
}

/** Sends one request to the server listening on `socket`; undefined when there is no usable answer. */
export async function askServer(socket: string, request: ServeRequest): Promise<ServeAnswer | undefined> {
  if (!existsSync(socket)) return undefined;
  let connection: Socket;
  try {
    connection = await new Promise<Socket>((resolveSocket, reject) => {
      const opened = connect(socket, () => resolveSocket(opened));
      opened.once('error', reject);
    });
  } catch (error) {
    logDebug(`serve: no server on ${socket} (${(error as Error).message})`);
    return undefined;
  }
  try {
    await writeLine(connection, request);
    return (await readLine(connection)) as ServeAnswer | undefined;
  } finally {
    connection.destroy();
  }
}

/** A command's outcome as the server gives it; `stderr` says when this command started the server. */
export interface ServedOutcome {
  stdout: string;
  exitCode: number;
  stderr: string;
}

/**
 * The outcome of a command as the work tree's server gives it, starting the server when none
 * answers and that is allowed, or undefined (run cold). culprit's own errors come back as they
 * would have been thrown. `cliPath` is the CLI's entry, which a started server runs.
 */
export async function askServedCommand(
  request: ServedCommandRequest,
  cwd: string,
  cliPath: string,
): Promise<ServedOutcome | undefined> {
  if (isServeOff()) return undefined;
  const paths = await findServeSocket(cwd);
  let answer = await askServer(paths.socket, request);
  let notice = '';
  if (answer?.kind === 'refused') logDebug(`serve: the server refused (${answer.reason})`);
  if ((answer === undefined || answer.kind === 'refused') && (await isAutostartAllowed(paths.root))) {
    // A server that refused is of another version, stale or stopping: it is replaced.
    if (answer !== undefined) await askServer(paths.socket, { version: request.version, command: 'stop' });
    const pid = await startServerFor({
      root: paths.root,
      socket: paths.socket,
      log: paths.log,
      version: request.version,
      cliPath,
      ask: askServer,
    });
    if (pid !== undefined) {
      notice = describeServerStarted(paths.root, pid, defaultIdleSeconds, paths.log);
      answer = await askServer(paths.socket, request);
    }
  }
  switch (answer?.kind) {
    case 'outcome':
      logDebug(`serve: answered by the server on ${paths.socket}`);
      return { stdout: answer.stdout, exitCode: answer.exitCode, stderr: notice + (answer.stderr ?? '') };
    case 'error':
      if (notice !== '') process.stderr.write(notice);
      throw answer.userError ? makeUserError(answer.message) : new Error(answer.message);
    default:
      if (notice !== '') process.stderr.write(notice);
      logDebug('serve: no server answered; running cold');
      return undefined;
  }
}

/** `culprit check` through the work tree's server (see askServedCommand). */
export function askServedCheck(
  options: Omit<ServedCheckOptions, 'cwd'> & { cwd?: string },
  version: string,
  cliPath: string,
): Promise<ServedOutcome | undefined> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const verify = isVerifyRequested() ? { verify: true } : {};
  return askServedCommand({ version, command: 'check', options: { ...options, cwd, ...verify } }, cwd, cliPath);
}
