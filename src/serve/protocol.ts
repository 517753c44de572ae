/**
 * What `culprit start`, `check` and `hook` and a `culprit serve` process say to each other over
 * the server's Unix socket: one JSON request per connection, one JSON answer, each a single line.
 * An answer is the command's whole outcome (stdout, exit code and, for a hook, stderr), made by
 * the server with the very code the cold command runs, so the client prints it as it is.
 */
import type { Socket } from 'node:net';

/** Without a request for this long, a server exits: 30 minutes. */
export const defaultIdleSeconds = 1800;

// The requests are typed by the one schema the server reads them with; as types only, so a client loads no zod.
export type {
  ServedCheckOptions,
  ServedCommandRequest,
  ServedFixOptions,
  ServedHookOptions,
  ServedStartOptions,
  ServeRequest,
} from './request-schema.js';

/** A request line longer than this is refused unread (a hook's input is the largest legitimate one, far below it). */
export const maxRequestBytes = 16 * 1024 * 1024;

/** A client that has not sent its whole request this long after connecting is disconnected. */
export const requestTimeoutMs = 10_000;

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

/** What came on a connection: a parsed line, or why there is none. */
export type LineRead = { kind: 'line'; value: unknown } | { kind: 'not-json' | 'too-large' | 'timed-out' | 'closed' };

/**
 * Reads one newline-terminated JSON value from a socket. The server bounds it (`maxBytes` before
 * the newline, `timeoutMs` for the whole line), so a client that sends too much or stays silent
 * costs neither memory nor a connection held open; the client waits for its answer as long as
 * the command runs.
 */
export function readLine(socket: Socket, limits: { maxBytes?: number; timeoutMs?: number } = {}): Promise<LineRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const finish = (line: LineRead) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
      socket.off('close', onEnd);
      socket.pause();
      resolve(line);
    };
    const timer =
      limits.timeoutMs === undefined ? undefined : setTimeout(() => finish({ kind: 'timed-out' }), limits.timeoutMs);
    const onData = (chunk: Buffer) => {
      const end = chunk.indexOf(0x0a);
      const part = end === -1 ? chunk : chunk.subarray(0, end);
      bytes += part.length;
      if (bytes > (limits.maxBytes ?? Infinity)) {
        finish({ kind: 'too-large' });
        return;
      }
      chunks.push(part);
      if (end === -1) return;
      try {
        finish({ kind: 'line', value: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      } catch {
        finish({ kind: 'not-json' });
      }
    };
    const onEnd = () => finish({ kind: 'closed' });
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onEnd);
    socket.once('close', onEnd);
  });
}

export function writeLine(socket: Socket, value: unknown): Promise<void> {
  return new Promise((resolve) => socket.write(`${JSON.stringify(value)}\n`, () => resolve()));
}
