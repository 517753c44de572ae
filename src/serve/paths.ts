/**
 * Where a `culprit serve` process for a work tree can be found: a Unix socket and a lock file
 * (one server per work tree; the lock names its pid), both in the state directory, named by a
 * hash of the work tree's path. A socket path has a length limit (about 104 bytes); when the
 * state directory is too deep for it, the socket goes to a private folder under the system's
 * temporary directory instead.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { hashPath, type StateLayout } from '../state/state-dir.js';

export interface ServePaths {
  socket: string;
  /** Held by the server for as long as it runs. */
  lock: string;
  /** Where a server a command started (autostart.ts) writes its stderr. */
  log: string;
}

/** Unix sockets' sun_path is 108 bytes on Linux and 104 on macOS, terminator included. */
const maxSocketPath = 100;

export function resolveServePaths(layout: StateLayout, root: string): ServePaths {
  const name = hashPath(root);
  const dir = join(layout.dir, 'serve');
  const socket = join(dir, `${name}.sock`);
  return {
    socket: socket.length <= maxSocketPath ? socket : join(tmpdir(), `culprit-${readUid()}`, `${name}.sock`),
    lock: join(dir, `${name}.lock`),
    log: join(dir, `${name}.log`),
  };
}

/** Creates the folder a socket goes in, private to the user. */
export function makeSocketFolder(socket: string): void {
  mkdirSync(join(socket, '..'), { recursive: true, mode: 0o700 });
}

function readUid(): string {
  try {
    return String(userInfo().uid);
  } catch {
    return 'user';
  }
}
