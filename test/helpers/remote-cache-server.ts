/**
 * The real `turborepo-remote-cache` server from npm (culprit's exact devDependency), on
 * 127.0.0.1 with local storage in a folder the test owns. Tests stop it in afterEach; `stop`
 * kills it with SIGKILL (after SIGCONT, should a test have stopped it) and waits for its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './repo.js';

const serverCli = join(projectRoot, 'node_modules', 'turborepo-remote-cache', 'dist', 'cli.js');

export interface RemoteCacheServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  token: string;
  /** Where artifacts are stored: `<storage>/<team>/<hash>` and `<hash>.tag`. */
  storage: string;
  child: ChildProcess;
  /** Everything the server logged so far (pino JSON lines). */
  readLog(): string;
  /** Resolves once a log line matches (e.g. the request culprit made). */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  storage: string;
  token: string;
  /** Set on the server too: it keeps and returns `x-artifact-tag` only when it has a key. */
  signatureKey?: string;
}

export async function startRemoteCacheServer(options: ServerOptions): Promise<RemoteCacheServer> {
  const child = spawn(process.execPath, [serverCli], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      TURBO_TOKEN: options.token,
      STORAGE_PROVIDER: 'local',
      STORAGE_PATH: options.storage,
      STORAGE_PATH_USE_TMP_FOLDER: 'false',
      LOG_LEVEL: 'info',
      ...(options.signatureKey === undefined ? {} : { TURBO_REMOTE_CACHE_SIGNATURE_KEY: options.signatureKey }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitForLog = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(log)) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`the remote cache server never logged ${pattern}:\n${log}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
    await exited;
  };
  try {
    // Its start-up is a second idle and can be a minute on a loaded machine.
    await waitForLog(/Server listening at http:\/\/127\.0\.0\.1:\d+/, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1] ?? '';
  return {
    url: `http://127.0.0.1:${port}`,
    token: options.token,
    storage: options.storage,
    child,
    readLog: () => log,
    waitForLog,
    stop,
  };
}
