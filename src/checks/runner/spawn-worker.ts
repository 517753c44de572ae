/**
 * Forks one check worker and waits for its reply. The worker is detached so it leads its own
 * process group: a timeout or the end of the check kills the group, which takes down anything
 * the tool started too (a tsgo server, a child a lint rule spawned).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeOutputTail, type OutputTail } from './output-tail.js';
import { isWorkerReply, type WorkerReply, type WorkerRequest } from './worker-protocol.js';
import { killProcessGroup, trackWorker, wasKilled } from './worker-registry.js';
import { isFilesProgress } from './progress.js';
import { debugPrefix, isDebugging } from '../../debug/log-debug.js';

export type WorkerOutcome =
  | { kind: 'reply'; reply: WorkerReply }
  | { kind: 'timed-out' }
  | { kind: 'crashed'; code: number | null; signal: NodeJS.Signals | null; stderr: string[] };

/** After an exit without a reply, how long a reply still in the IPC channel may take to arrive. */
const channelGraceMs = 5_000;
/** After a reply, how long the worker may take to exit by itself before its group is killed. */
const exitGraceMs = 5_000;

/** A forked worker process: the child, the end of its stderr, and whether it has exited. */
export interface WorkerProcess {
  child: ChildProcess;
  stderr: OutputTail;
  hasExited(): boolean;
}

/** Workers forked before anyone asked for them (forkSpareWorker), each with its module and directory. */
const spares: { module: string; cwd: string; worker: WorkerProcess }[] = [];

/**
 * Forks a worker of `module` in `cwd` ahead of need: the next forkWorkerProcess of that module
 * there (with the parent's environment) takes it instead of forking. Node's start and the
 * worker's modules then load while the caller does other work (a cold check reads git and its
 * baseline meanwhile). It does not keep culprit running; stopSpareWorkers stops those not taken.
 */
export function forkSpareWorker(module: URL, cwd: string): void {
  const worker = spawnWorkerProcess(module, cwd, undefined);
  worker.child.unref();
  worker.child.channel?.unref();
  spares.push({ module: module.href, cwd, worker });
}

/** Stops the spare workers nobody took. */
export function stopSpareWorkers(): void {
  for (const { worker } of spares.splice(0)) killProcessGroup(worker.child);
}

/**
 * Forks a worker module (its URL without extension; `.js` next to the compiled code, `.ts` when
 * culprit runs from its sources) as the leader of a new process group, tracked so it is killed
 * with culprit; or takes the spare forked for it (forkSpareWorker).
 */
export function forkWorkerProcess(module: URL, cwd: string, env?: NodeJS.ProcessEnv): WorkerProcess {
  const index =
    env === undefined
      ? spares.findIndex((spare) => spare.module === module.href && spare.cwd === cwd && !spare.worker.hasExited())
      : -1;
  const worker = index === -1 ? spawnWorkerProcess(module, cwd, env) : spares.splice(index, 1)[0]!.worker;
  // A spare, as a worker forked now: it keeps culprit running until its caller lets it go.
  worker.child.ref();
  worker.child.channel?.ref();
  awaitFirstMessage(worker.child);
  return worker;
}

/** Workers handed out that have sent nothing yet, and what waits for them all to have (whenWorkersHeard). */
const unheard = new Set<ChildProcess>();
const waitingForWorkers: (() => void)[] = [];

function awaitFirstMessage(child: ChildProcess): void {
  unheard.add(child);
  const heard = () => {
    unheard.delete(child);
    if (unheard.size > 0) return;
    for (const callback of waitingForWorkers.splice(0)) callback();
  };
  child.once('message', heard);
  child.once('exit', heard);
}

/**
 * Calls back once every worker handed out so far has sent something (it has its request: a warm
 * worker says which check it starts, a check worker its progress or its reply) or exited. Work
 * that holds culprit's thread waits for this: a large request (a seed) is written to its worker a
 * piece at a time, each when the thread is free.
 */
export function whenWorkersHeard(callback: () => void): void {
  if (unheard.size === 0) callback();
  else waitingForWorkers.push(callback);
}

function spawnWorkerProcess(module: URL, cwd: string, env: NodeJS.ProcessEnv | undefined): WorkerProcess {
  const entry = resolveWorkerEntry(module);
  const child = fork(entry.path, entry.args, {
    cwd,
    execArgv: entry.execArgv,
    serialization: 'advanced',
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env, // undefined: the parent's environment, as fork's default
  });
  trackWorker(child);
  const stderr = makeOutputTail();
  child.stdout?.resume();
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk);
    // A worker's own debug lines (what a warm or seeded session checked again) reach whoever debugs culprit.
    if (!isDebugging() || !chunk.includes(debugPrefix) || wasKilled(child)) return;
    for (const line of chunk.toString('utf8').split('\n'))
      if (line.startsWith(debugPrefix)) process.stderr.write(`${line}\n`);
  });
  return { child, stderr, hasExited: () => child.exitCode !== null || child.signalCode !== null };
}

export interface SpawnOptions {
  /** Aborting kills the worker's group (a deferred check); the outcome is then a crash its caller discards. */
  signal?: AbortSignal | undefined;
  /** Hears the files the worker's check says it has done (progress.ts). */
  onFiles?: (done: number, total: number) => void;
}

export function spawnWorker(
  request: WorkerRequest,
  timeoutMs: number,
  { signal, onFiles }: SpawnOptions = {},
): Promise<WorkerOutcome> {
  const { child, stderr, hasExited } = forkWorkerProcess(new URL('./worker', import.meta.url), request.root);

  return new Promise((resolve) => {
    let timedOut = false;
    let settled = false;
    let channelTimer: NodeJS.Timeout | undefined;
    const settle = (outcome: WorkerOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(channelTimer);
      resolve(outcome);
    };
    const settleWithoutReply = () => {
      if (timedOut) settle({ kind: 'timed-out' });
      else settle({ kind: 'crashed', code: child.exitCode, signal: child.signalCode, stderr: stderr.readLines(2) });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killProcessGroup(child);
    }, timeoutMs);
    signal?.addEventListener('abort', () => killProcessGroup(child), { once: true });

    // The reply is the result; the worker exits right after sending it.
    child.on('message', (message: unknown) => {
      if (isFilesProgress(message)) onFiles?.(message.progress.done, message.progress.total);
      if (!isWorkerReply(message)) return;
      settle({ kind: 'reply', reply: message });
      setTimeout(() => {
        if (!hasExited()) killProcessGroup(child);
      }, exitGraceMs).unref();
    });
    child.once('error', (error) => {
      stderr.push(Buffer.from(`${error.message}\n`));
      if (child.pid === undefined) settleWithoutReply();
    });
    child.once('exit', () => {
      // Whatever the tool left running in the worker's group goes with it.
      killProcessGroup(child);
      // A reply may still be in the IPC channel when the exit is observed; the channel closes after it.
      if (!child.connected) settleWithoutReply();
      else channelTimer = setTimeout(settleWithoutReply, channelGraceMs);
    });
    child.once('disconnect', () => {
      if (hasExited()) settleWithoutReply();
    });
    child.send(request);
  });
}

/**
 * The compiled worker module, through worker-entry.js (node's compile cache first, then the
 * module named by its argument). When culprit runs from its TypeScript sources (tests, tsx), the
 * worker's .ts is loaded through tsx — but only that module and what it imports, in a tsx
 * namespace: with a global `--import tsx` the tool's own imports (a repository's
 * eslint.config.js) would be compiled by tsx too, and behave unlike they do in production.
 * With `--eval`, node runs the bootstrap instead of the module path, which stays in `process.argv[1]`.
 */
function resolveWorkerEntry(module: URL): { path: string; args: string[]; execArgv: string[] } {
  if (!import.meta.url.endsWith('.ts'))
    return {
      path: fileURLToPath(new URL('./worker-entry.js', import.meta.url)),
      args: [fileURLToPath(`${module.href}.js`)],
      execArgv: [],
    };
  const tsxApi = pathToFileURL(resolveTsxEsmApi()).href;
  const bootstrap = [
    `const { register } = await import(${JSON.stringify(tsxApi)});`,
    `const { pathToFileURL } = await import('node:url');`,
    `const worker = pathToFileURL(process.argv[1]).href;`,
    `await register({ namespace: 'culprit-worker' }).import(worker, worker);`,
  ].join('\n');
  return { path: fileURLToPath(`${module.href}.ts`), args: [], execArgv: ['--input-type=module', '--eval', bootstrap] };
}

/** tsx's ES module API; `require.resolve` would pick its CommonJS build, which cannot register ES hooks from here. */
function resolveTsxEsmApi(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports?: Record<string, { import?: { default?: string } }>;
  };
  const target = manifest.exports?.['./esm/api']?.import?.default;
  if (target === undefined) throw new Error(`tsx at ${dirname(manifestPath)} has no ES module API (tsx/esm/api)`);
  return join(dirname(manifestPath), target);
}
