/**
 * What culprit says about the warm server it starts by itself (serve/autostart.ts) and what
 * `culprit serve --status` prints. Like Nx's and Turborepo's daemons, a server culprit started
 * says so once, with how to stop it and how to keep it off.
 */

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
