/**
 * Connecting to a `culprit serve` socket, and connecting to the work tree's server as a command
 * starts. A served check is mostly its client's start-up (node, then the modules of the served
 * shortcut), and the server begins confirming the tree as a client connects (server.ts,
 * KeptIndex.readAhead): a client that connects before its modules load has git's work done
 * beside that start-up instead of after it. The command's request then goes on that connection.
 * Light on purpose: cli/main.ts loads this before anything else of culprit.
 */
import { connect, type Socket } from 'node:net';
import { locateGitEntry } from '../git/git-entry.js';
import { logDebug } from '../debug/log-debug.js';
import { checkServerSocket, resolveServeSocket } from './paths.js';

/** Whether the environment variable `name` is set to something other than empty, 0 or false. */
export function isSet(name: string): boolean {
  const value = process.env[name];
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/** `CULPRIT_NO_SERVE=1`: no server answers, none is started. */
export function isServeOff(): boolean {
  return isSet('CULPRIT_NO_SERVE');
}

/** A connection to the server on `socket`, or undefined: none, or not the user's own (see paths.ts), which is never connected to. */
export async function connectToServer(socket: string): Promise<Socket | undefined> {
  const early = takeEarlyConnection(socket);
  if (early !== undefined) {
    const connection = await early;
    // None, or open still; a closed one the server ended meanwhile (it stopped, or the client was slow past its request timeout).
    if (!connection?.destroyed) return connection;
  }
  return openConnection(socket);
}

async function openConnection(socket: string): Promise<Socket | undefined> {
  const checked = checkServerSocket(socket);
  if (checked !== undefined) {
    if (checked !== 'absent') logDebug(`serve: not asking ${socket}: ${checked.problem}`);
    return undefined;
  }
  try {
    return await new Promise<Socket>((resolveSocket, reject) => {
      const opened = connect(socket, () => resolveSocket(opened));
      opened.once('error', reject);
    });
  } catch (error) {
    logDebug(`serve: no server on ${socket} (${(error as Error).message})`);
    return undefined;
  }
}

let early: { socket: string; connection: Promise<Socket | undefined> } | undefined;

/**
 * Connects to the server of the work tree whose `.git` is nearest `cwd`, for the command about to
 * ask it. The connection keeps nothing alive: one no command takes ends with the process, or
 * sooner (dropEarlyConnection).
 */
export function connectEarly(cwd: string): void {
  if (isServeOff()) return;
  const entry = locateGitEntry(cwd);
  if (entry === undefined) return;
  const socket = resolveServeSocket(entry.dir);
  const connection = openConnection(socket).then((opened) => {
    // Until a command takes it: a server that goes away meanwhile only closes it.
    opened?.unref().on('error', () => undefined);
    return opened;
  });
  early = { socket, connection };
}

/** The early connection to `socket`, made the command's (it keeps the process alive again); undefined when there is none. */
function takeEarlyConnection(socket: string): Promise<Socket | undefined> | undefined {
  if (early?.socket !== socket) return undefined;
  const { connection } = early;
  early = undefined;
  return connection.then((opened) => opened?.ref());
}

/** Closes an early connection no command took: the full command line asks on its own. */
export function dropEarlyConnection(): void {
  const dropped = early;
  early = undefined;
  void dropped?.connection.then((opened) => opened?.destroy());
}
