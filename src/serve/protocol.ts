/**
 * What `culprit start`, `check` and `hook` and a `culprit serve` process say to each other over
 * the server's Unix socket: one JSON request per connection, one JSON answer, each a single line.
 * An answer is the command's whole outcome (stdout, exit code and, for a hook, stderr), made by
 * the server with the very code the cold command runs, so the client prints it as it is.
 */
import type { Socket } from 'node:net';

/** Without a request for this long, a server exits: 30 minutes. */
export const defaultIdleSeconds = 1800;

/** The options of `culprit check` a server honours; `cwd` is absolute. */
export interface ServedCheckOptions {
  cwd: string;
  json?: boolean;
  format?: string;
  maxFiles?: number;
  outputLimit?: number;
  base?: string;
  oncePerTree?: boolean;
  budgetAttempts?: number;
  budgetSeconds?: number;
  /** Verify this check against a cold run after answering it (the client's CULPRIT_VERIFY_WARM=1). */
  verify?: boolean;
}

/** The options of `culprit fix` a server honours; `cwd` is absolute. */
export interface ServedFixOptions {
  cwd: string;
  json?: boolean;
  dryRun?: boolean;
  suggestions?: boolean;
  maxFiles?: number;
  outputLimit?: number;
  base?: string;
}

/** `culprit start`'s options; `cwd` is absolute. */
export interface ServedStartOptions {
  cwd: string;
  json?: boolean;
}

/** `culprit hook <agent>`: the agent's hook input as it came on stdin; `cwd` is `-C`'s, absolute. */
export interface ServedHookOptions {
  agent: string;
  input: string;
  cwd?: string;
}

/** The requests that run a command (each an attempt or a start of the work tree's session). */
export type ServedCommandRequest =
  | { version: string; command: 'check'; options: ServedCheckOptions }
  | { version: string; command: 'fix'; options: ServedFixOptions }
  | { version: string; command: 'start'; options: ServedStartOptions }
  | { version: string; command: 'hook'; options: ServedHookOptions };

/** `prime`: warm the checks on the work tree now (a command that started the server and ran cold asks it). */
export type ServeRequest =
  | ServedCommandRequest
  | { version: string; command: 'ping' }
  | { version: string; command: 'stop' }
  | { version: string; command: 'prime' };

export type ServeAnswer =
  | { kind: 'outcome'; stdout: string; exitCode: number; stderr?: string }
  /** culprit's own error, as the CLI would print it: a user error (exit 2) or a bug. */
  | { kind: 'error'; message: string; userError: boolean }
  /** The server will not answer this (another culprit version, another work tree): run cold. */
  | { kind: 'refused'; reason: string }
  | {
      kind: 'status';
      pid: number;
      root: string;
      version: string;
      /** ISO time the server began listening. */
      since?: string;
      /** Resident memory of the server and of its warm workers, in kB (null where it cannot be read). */
      memoryKb?: { server: number; workers: number | null };
      /** The fingerprint of the tools and configuration the server started with (serve/serve-key.ts). */
      key?: string;
    }
  | { kind: 'stopping'; pid: number }
  /** The warm checks are primed, or will be once the request under way is answered. */
  | { kind: 'priming'; pid: number };

/** Reads one newline-terminated JSON value from a socket, or undefined when it closes first or sends garbage. */
export function readLine(socket: Socket): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const finish = (value: unknown) => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
      socket.off('close', onEnd);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      const end = chunk.indexOf(0x0a);
      if (end === -1) {
        chunks.push(chunk);
        return;
      }
      chunks.push(chunk.subarray(0, end));
      try {
        finish(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        finish(undefined);
      }
    };
    const onEnd = () => finish(undefined);
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onEnd);
    socket.once('close', onEnd);
  });
}

export function writeLine(socket: Socket, value: unknown): Promise<void> {
  return new Promise((resolve) => socket.write(`${JSON.stringify(value)}\n`, () => resolve()));
}
