/**
 * Where a `culprit serve` process for a work tree can be found: a Unix socket in a folder only
 * the user can enter, and a lock file and a log in the state directory (one server per work tree;
 * the lock names its pid), all named by a hash of the work tree's path.
 *
 * The socket's folder is `$XDG_RUNTIME_DIR/culprit` (a folder the system made for this user
 * alone), else `<tmpdir>/culprit-<uid>`. Whoever can create that folder first, or a socket in
 * it, can answer the user's commands and read their requests (a hook's request carries the
 * agent's hook input), so it is created without `recursive` (which accepts a folder someone else
 * made) and then looked at with `lstat`: it must be a folder, not a link, owned by this uid, with
 * mode 0700. The client also checks the socket's owner before it connects. Anything else means
 * no server: the command runs cold and says why once.
 */
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { SocketRefusal } from '../render/serve-messages.js';
import { hashPath } from '../state/path-hash.js';
import type { StateLayout } from '../state/state-dir.js';

// A served check's client names its socket here: node:fs as its module object (git/git-entry.ts says why).
const { lstatSync, mkdirSync, statSync } = process.getBuiltinModule('node:fs');

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
  return {
    socket: resolveServeSocket(root),
    lock: join(dir, `${name}.lock`),
    log: join(dir, `${name}.log`),
  };
}

/** The socket of the server of the work tree at `root`: it needs the work tree alone, no repository layout. */
export function resolveServeSocket(root: string): string {
  return join(resolveSocketFolder(), `${hashPath(root)}.sock`);
}

/** `$XDG_RUNTIME_DIR/culprit` when the system gives the user a runtime folder, else `<tmpdir>/culprit-<uid>`. */
export function resolveSocketFolder(): string {
  const runtime = process.env['XDG_RUNTIME_DIR'];
  // A variable naming no folder (a shell of another session, a container) is not a runtime folder.
  if (runtime !== undefined && isAbsolute(runtime) && isFolder(runtime)) return join(runtime, 'culprit');
  return join(tmpdir(), `culprit-${process.getuid?.() ?? 'user'}`);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The server's side: creates the socket's folder (without `recursive`: one that exists already
 * must be the user's own) and checks it; the refusal, or undefined when it may listen there.
 */
export function makeSocketFolder(socket: string): SocketRefusal | undefined {
  const dir = join(socket, '..');
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    if (code !== 'EEXIST') return { problem: 'cannot-create', path: dir, code };
  }
  const refusal = checkSocketFolder(socket);
  if (refusal === 'absent') return { problem: 'cannot-create', path: dir, code: 'ENOENT' };
  if (refusal !== undefined) return refusal;
  return socket.length > maxSocketPath ? { problem: 'too-long', path: socket } : undefined;
}

/**
 * The client's side, before it connects or sends anything: the folder as makeSocketFolder
 * requires it, and the socket a socket this user owns. `absent` when there is nothing to ask
 * (no folder or no socket yet), the refusal when something is there that is not the user's.
 */
export function checkServerSocket(socket: string): SocketRefusal | 'absent' | undefined {
  const refusal = checkSocketFolder(socket);
  if (refusal !== undefined) return refusal;
  const uid = process.getuid?.();
  let stats;
  try {
    stats = lstatSync(socket);
  } catch {
    return 'absent';
  }
  if (!stats.isSocket()) return { problem: 'not-socket', path: socket };
  if (stats.uid !== uid) return { problem: 'owner', path: socket, owner: stats.uid, uid: uid ?? -1 };
  return undefined;
}

/** Whether the socket's folder is the user's alone; a missing folder reads as `absent` to the client. */
function checkSocketFolder(socket: string): SocketRefusal | 'absent' | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return { problem: 'no-uid' };
  const dir = join(socket, '..');
  let stats;
  try {
    stats = lstatSync(dir);
  } catch {
    return 'absent';
  }
  if (stats.isSymbolicLink()) return { problem: 'link', path: dir };
  if (!stats.isDirectory()) return { problem: 'not-folder', path: dir };
  if (stats.uid !== uid) return { problem: 'owner', path: dir, owner: stats.uid, uid };
  if ((stats.mode & 0o777) !== 0o700) return { problem: 'mode', path: dir, mode: stats.mode & 0o7777 };
  return undefined;
}
