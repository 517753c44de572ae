/**
 * `culprit serve`: keeps this work tree's checks warm until stopped, idle or gone; `culprit check`
 * in the same work tree uses it while it runs. `culprit serve --stop` stops it. The server runs in
 * the foreground (start it in the background yourself: `culprit serve &`) and logs to stderr only.
 */
import { resolve } from 'node:path';
import type { FormatName } from '../render/index.js';
import { askServer, findServeSocket } from '../serve/client.js';
import { defaultIdleSeconds } from '../serve/protocol.js';
import { serveWorkTree } from '../serve/server.js';
import { runCheckCommand } from './check.js';
import type { CommandOutcome } from './run-command.js';

export interface ServeCommandOptions {
  cwd?: string;
  version: string;
  stop?: boolean;
  /** Verify every served check against a cold run and log differences. */
  verify?: boolean;
  /** Exit after this many seconds without a check. */
  idleTimeout?: number;
}

export async function runServeCommand(options: ServeCommandOptions): Promise<CommandOutcome> {
  if (options.stop === true) return stopServer(options);
  const why = await serveWorkTree({
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    version: options.version,
    idleMs: (options.idleTimeout ?? defaultIdleSeconds) * 1000,
    ...(options.verify === true ? { verify: true } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
    runCheck: ({ format, ...check }) =>
      runCheckCommand({ ...check, ...(format === undefined ? {} : { format: format as FormatName }) }),
  });
  process.stderr.write(`culprit serve: stopped (${why})\n`);
  return { stdout: '', exitCode: 0 };
}

async function stopServer(options: ServeCommandOptions): Promise<CommandOutcome> {
  const { root, socket } = await findServeSocket(resolve(options.cwd ?? process.cwd()));
  const answer = await askServer(socket, { version: options.version, command: 'stop' });
  if (answer?.kind === 'stopping')
    return { stdout: `culprit serve: stopping the server for ${root} (pid ${answer.pid})\n`, exitCode: 0 };
  return { stdout: `culprit serve: no server is running for ${root}\n`, exitCode: 0 };
}
