/**
 * What culprit says about the warm server it starts by itself (serve/autostart.ts) and what
 * `culprit serve --status` prints. Like Nx's and Turborepo's daemons, a server culprit started
 * says so once, with how to stop it and how to keep it off.
 */

/** Why a socket (or its folder) is not used (serve/paths.ts finds it; this words it). */
export type SocketRefusal =
  | { problem: 'no-uid' }
  | { problem: 'cannot-create'; path: string; code: string }
  | { problem: 'link' | 'not-folder' | 'not-socket' | 'too-long'; path: string }
  | { problem: 'owner'; path: string; owner: number; uid: number }
  | { problem: 'mode'; path: string; mode: number };

/** What is wrong with the socket or its folder, and what to do about it. */
export function describeSocketRefusal(refusal: SocketRefusal): string {
  switch (refusal.problem) {
    case 'no-uid':
      return 'this system has no user ids for Unix sockets';
    case 'cannot-create':
      return `${refusal.path} cannot be created (${refusal.code})`;
    case 'link':
      return `${refusal.path} is a symbolic link; remove it`;
    case 'not-folder':
      return `${refusal.path} is not a folder; remove it`;
    case 'not-socket':
      return `${refusal.path} is not a socket; remove it`;
    case 'too-long':
      return `${refusal.path} is too long for a Unix socket; set XDG_RUNTIME_DIR or TMPDIR to a shorter folder`;
    case 'owner':
      return `${refusal.path} belongs to uid ${refusal.owner}, not to you (uid ${refusal.uid}): someone else may be listening there; remove it`;
    case 'mode':
      return `${refusal.path} has mode ${refusal.mode.toString(8).padStart(4, '0')}, not 0700; run chmod 700 on it, or remove it`;
  }
}

/** The one line a command prints when it will not ask (or start) the work tree's server, and whether it runs cold instead. */
export function describeNoServer(refusal: SocketRefusal, runsCold: boolean): string {
  return `culprit: no warm server${runsCold ? ' (running cold)' : ''}: ${describeSocketRefusal(refusal)}\n`;
}

/** The line on stderr of the command that started the server. */
export function describeServerStarted(root: string, pid: number, idleSeconds: number, log: string): string {
  return `culprit: started a warm server for ${root} (pid ${pid}, log ${log}); it stops after ${Math.round(idleSeconds / 60)} min without a check. Stop it with \`culprit serve --stop\`; keep it off with CULPRIT_NO_SERVE=1 or "serve": false in culprit.config.json\n`;
}

export interface ServerStatus {
  pid: number;
  root: string;
  version: string;
  since?: string;
  memoryKb?: { server: number; workers: number | null };
}

/** `culprit serve --status`: whether a server runs for the work tree, since when, and what it holds. */
export function describeServerStatus(root: string, status: ServerStatus | undefined, now: Date): string {
  if (status === undefined) return `culprit serve: no server is running for ${root}\n`;
  const since =
    status.since === undefined
      ? ''
      : `, since ${status.since} (${describeAge(now.getTime() - Date.parse(status.since))} ago)`;
  const memory =
    status.memoryKb === undefined
      ? ''
      : `; memory ${describeMegabytes(status.memoryKb.server)} server${
          status.memoryKb.workers === null ? '' : ` + ${describeMegabytes(status.memoryKb.workers)} warm workers`
        }`;
  return `culprit serve: running for ${status.root} (culprit ${status.version}, pid ${status.pid}${since})${memory}. Stop it with \`culprit serve --stop\`\n`;
}

function describeAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

function describeMegabytes(kb: number): string {
  return `${Math.round(kb / 1024)} MB`;
}
