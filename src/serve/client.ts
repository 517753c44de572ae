/**
 * The client side of `culprit serve`: `culprit check` asks the server running for its work tree,
 * if there is one, and otherwise runs cold. Anything short of an answer (no socket, a refused
 * connection, a server of another culprit version, a server that dies mid-check) means running
 * cold, so a check never fails because of the server. `CULPRIT_NO_SERVE=1` always runs cold.
 */
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { makeUserError } from '../core/errors.js';
import { findRepository } from '../git/git.js';
import { logDebug } from '../debug/log-debug.js';
import { resolveStateLayout } from '../state/state-dir.js';
import { resolveServePaths } from './paths.js';
import { isVerifyRequested } from '../warm/verify-warm.js';
import { readLine, writeLine, type ServeAnswer, type ServedCheckOptions, type ServeRequest } from './protocol.js';

/** Where the server for the work tree containing `cwd` would listen. */
export async function findServeSocket(cwd: string): Promise<{ root: string; socket: string }> {
  const repo = await findRepository(cwd);
  const root = repo?.root ?? cwd;
  return { root, socket: resolveServePaths(resolveStateLayout(root, repo), root).socket };
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

/**
 * The outcome of `culprit check` as the work tree's server gives it, or undefined (run cold).
 * culprit's own errors come back as they would have been thrown.
 */
export async function askServedCheck(
  options: Omit<ServedCheckOptions, 'cwd'> & { cwd?: string },
  version: string,
): Promise<{ stdout: string; exitCode: number } | undefined> {
  const flag = process.env['CULPRIT_NO_SERVE'];
  if (flag !== undefined && flag !== '' && flag !== '0') return undefined;
  const cwd = resolve(options.cwd ?? process.cwd());
  const { socket } = await findServeSocket(cwd);
  const verify = isVerifyRequested() ? { verify: true } : {};
  const answer = await askServer(socket, { version, command: 'check', options: { ...options, cwd, ...verify } });
  switch (answer?.kind) {
    case 'outcome':
      logDebug(`serve: answered by the server on ${socket}`);
      return { stdout: answer.stdout, exitCode: answer.exitCode };
    case 'error':
      throw answer.userError ? makeUserError(answer.message) : new Error(answer.message);
    case 'refused':
      logDebug(`serve: the server refused (${answer.reason}); running cold`);
      return undefined;
    default:
      return undefined;
  }
}
