/**
 * `culprit serve`: a process that keeps one work tree's checks warm and answers `culprit start`,
 * `check` and `hook` over a Unix socket in the state directory. One per work tree (a lock file
 * names it); requests run one at a time, because each check is an attempt of the work tree's
 * session. It stops when told to (`culprit serve --stop`), after `idleMs` without a request, when
 * its work tree disappears, and when culprit's configuration or the installed tools changed since
 * it started (serve-key.ts; it refuses that request, and the client starts a fresh server), once
 * the request in progress is answered; its socket, lock and warm workers go with it. SIGINT and SIGTERM end it at once through the cleanup registry, like any culprit: the socket
 * and the lock are tracked temporary paths and the workers tracked workers, so they are removed
 * and killed before it dies of the signal (a client whose check was under way then runs it cold).
 *
 * Once listening it primes its warm workers on the work tree as it is (first in the request
 * queue, so a check arriving meanwhile waits for it and is then answered incrementally). Told to
 * stop while it primes and no check waits, it kills the priming workers instead of waiting.
 * A server a command started (`prime: false`) primes when that command, which ran cold beside the
 * server's start-up, asks it to (`prime`), or after answering whichever command reaches it first
 * (cold, then primed); after answering a start it primes on the started tree.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { createServer, type Server, type Socket } from 'node:net';
import { describeError, isUserError, makeUserError } from '../core/errors.js';
import { makeAnswerWrites } from '../tasks/after-answer.js';
import type { CheckRunner } from '../checks/runner/run-check.js';
import { isLockBusy, withLockFile, type LockHolder, type StaleLock } from '../state/lock-file.js';
import { describeLockTakeOver } from '../render/wording.js';
import { releaseTemporaryPath, trackTemporaryPath } from '../state/temporary-paths.js';
import { resolveTaskContext, type TaskContext } from '../tasks/context.js';
import { makeWarmEngine, type WarmEngine } from '../warm/warm-engine.js';
import { makeWarmMemory, type WarmMemory } from '../warm/warm-memory.js';
import { isPrimeNeeded, primeWarmEngine } from '../warm/prime-warm-engine.js';
import { followEdits, type EditFollower } from '../warm/follow-edit.js';
import { makeIdleCollector, type IdleCollector } from '../warm/idle-collector.js';
import { describeSocketRefusal, type SocketRefusal } from '../render/serve-messages.js';
import { makeSocketFolder, resolveServePaths } from './paths.js';
import {
  maxRequestBytes,
  readLine,
  requestTimeoutMs,
  writeLine,
  type ServeAnswer,
  type ServedCheckOptions,
  type ServedCommandRequest,
  type ServedHookOptions,
  type ServedFixOptions,
  type ServedStartOptions,
} from './protocol.js';
import { describeRequestIssue, envelopeSchema, requestSchema } from './request-schema.js';
import { readServeKey } from './serve-key.js';
import { recordServedRuns, verifyServedRuns, type ServedRuns } from '../warm/verify-warm.js';
import { listenToCheckProgress } from '../checks/runner/progress.js';
import { logDebug } from '../debug/log-debug.js';

const runFile = promisify(execFile);

export interface ServeOptions {
  /** The work tree is found from here. */
  cwd?: string | undefined;
  version: string;
  /** Exit after this long without a request. */
  idleMs: number;
  /** How often to look whether the work tree still exists (default 5 s). */
  watchMs?: number;
  log: (line: string) => void;
  /**
   * After answering each check, run its checks cold on a copy of the same tree and log what
   * differs (`culprit serve --verify`). A check also asks for it with `verify`, and the
   * configuration with `verifyWarm`, as read when the server starts.
   */
  verify?: boolean | undefined;
  /**
   * The check command itself, given the warm engine's runner (none: cold) and whether the client
   * still waits for the answer: the server renders exactly what a cold `culprit check` prints.
   */
  runCheck(
    options: ServedCheckOptions & ServedRunner & { isWanted: () => boolean },
  ): Promise<{ stdout: string; exitCode: number }>;
  /** `culprit start`, its snapshot taken by the warm engine (which is then primed on the started tree). */
  runStart(options: ServedStartOptions & ServedRunner): Promise<{ stdout: string; exitCode: number }>;
  /** `culprit fix`, as runCheck. */
  runFix(
    options: ServedFixOptions & ServedRunner & { isWanted: () => boolean },
  ): Promise<{ stdout: string; exitCode: number }>;
  /** `culprit hook <agent>`, as runCheck. */
  runHook(
    options: ServedHookOptions & ServedRunner & { isWanted: () => boolean },
  ): Promise<{ stdout: string; exitCode: number; stderr: string }>;
  /**
   * Prime the warm workers on the work tree when listening (default true). A server started by
   * a command (serve/autostart.ts) is not: that command runs cold beside its start-up and then
   * asks it to prime (`prime`); a command that reaches it first is answered cold, as the command
   * would have run it (tsc and ESLint side by side, where one warm worker runs them in turn), and
   * it primes after the answer.
   */
  prime?: boolean | undefined;
  /** How long to wait for a server that is stopping to release the work tree (default 0: exit 2 naming it). */
  lockWaitMs?: number | undefined;
  /** The longest request line read (default 16 MiB). */
  maxRequestBytes?: number;
  /** How long a connection may take to send its request (default 10 s). */
  requestTimeoutMs?: number;
}

/** What the server hands a command: its warm engine's runner (none: cold) and what it keeps between commands. */
export interface ServedRunner {
  runChecks?: CheckRunner | undefined;
  memory: WarmMemory;
  /** Takes the writing of the command's attempt, done once the client has its answer (CheckTaskOptions.afterAnswer). */
  afterAnswer: (write: () => Promise<void>) => void;
}

/** Serves until stopped; resolves with why it stopped. */
export async function serveWorkTree(options: ServeOptions): Promise<string> {
  const context = await resolveTaskContext({ cwd: options.cwd });
  const { root } = context;
  const paths = resolveServePaths(context.layout, root);
  try {
    const onTakeOver = (holder: LockHolder | null, why: StaleLock) =>
      options.log(describeLockTakeOver(paths.lock, holder, why).trimEnd());
    return await withLockFile(paths.lock, { command: 'serve', waitMs: options.lockWaitMs ?? 0, onTakeOver }, () =>
      listen(options, context, paths.socket),
    );
  } catch (error) {
    if (!existsSync(root)) throw error;
    if (isLockBusy(error))
      throw makeUserError(
        `culprit serve is already running for ${root} (stop it with \`culprit serve --stop\`): ${describeError(error)}`,
        error,
      );
    throw error;
  }
}

/** What one listening server holds; the functions below act on it. */
interface ServerState {
  readonly options: ServeOptions;
  readonly context: TaskContext;
  readonly root: string;
  readonly socketPath: string;
  readonly memory: WarmMemory;
  readonly engine: WarmEngine;
  /** The runs each check was answered with, for verifying it against a cold run. */
  readonly recorder: ReturnType<typeof recordServedRuns>;
  /** Commands run one at a time, in this order. */
  queue: Promise<unknown>;
  /** The priming run while it is under way (beside the commands, not before them). */
  priming: Promise<void> | undefined;
  /** How many commands are queued or running. */
  checksWaiting: number;
  /** When the client of the command under way began (its request's `startedAt`). */
  commandSince: number | undefined;
  /** Watches the tree so the warm worker follows each edit before its check (warm/follow-edit.ts). */
  edits: EditFollower | undefined;
  /** A server a command started answers that command cold, then primes: the command waits what it would have cold. */
  primed: boolean;
  /** Both started only once the server listens: a server that cannot listen has nothing keeping it alive. */
  idleTimer: NodeJS.Timeout | undefined;
  watcher: NodeJS.Timeout | undefined;
  stopping: string | undefined;
  readonly resolveDone: (why: string) => void;
  readonly since: string;
  /** The tools and configuration it started with (serve-key.ts). */
  readonly key: string;
  readonly collector: IdleCollector;
  /**
   * Every open connection, and those whose command is queued or running: stopping closes the
   * others at once (a client that connected and sent nothing must not keep the server alive).
   */
  readonly connections: Set<Socket>;
  readonly answering: Set<Socket>;
  readonly server: Server;
}

function listen(options: ServeOptions, context: TaskContext, socketPath: string): Promise<string> {
  const memory = makeWarmMemory();
  const engine = makeWarmEngine({ trees: memory.trees });
  let resolveDone: (why: string) => void = () => undefined;
  const done = new Promise<string>((resolve) => (resolveDone = resolve));
  const state: ServerState = {
    options,
    context,
    root: context.root,
    socketPath,
    memory,
    engine,
    // A command's runs may be answered by a run its client's start came before (WarmEngine.runChecks).
    recorder: recordServedRuns((checks, root, tree) => engine.runChecks(checks, root, tree, state.commandSince)),
    commandSince: undefined,
    queue: Promise.resolve(),
    priming: undefined,
    checksWaiting: 0,
    edits: undefined,
    primed: options.prime !== false,
    idleTimer: undefined,
    watcher: undefined,
    stopping: undefined,
    resolveDone: (why) => resolveDone(why),
    since: new Date().toISOString(),
    key: readServeKey(context.root),
    collector: makeIdleCollector(500),
    connections: new Set(),
    answering: new Set(),
    server: createServer((socket) => acceptConnection(state, socket)),
  };
  return startListening(state, done);
}

/** Binds the socket; resolves, once listening, with the promise of why the server stopped. */
function startListening(state: ServerState, done: Promise<string>): Promise<string> {
  const { options, socketPath, server } = state;
  return new Promise((resolve, reject) => {
    const cannotListen = (why: string) => reject(makeUserError(`culprit serve cannot listen on ${socketPath}: ${why}`));
    const refusal = makeSocketFolder(socketPath) ?? removeDeadSocket(socketPath);
    if (refusal !== undefined) {
      cannotListen(describeSocketRefusal(refusal));
      return;
    }
    server.once('error', (error) => cannotListen(describeError(error)));
    server.listen(socketPath, () => {
      chmodSync(socketPath, 0o600);
      trackTemporaryPath(socketPath);
      resetIdle(state);
      state.watcher = setInterval(() => {
        if (!existsSync(state.root)) stopServing(state, `${state.root} no longer exists`);
      }, options.watchMs ?? 5_000);
      // Queued before any connection is read: without it the first check rechecks almost everything.
      // A server started by a command is primed by that command's own request instead.
      if (options.prime !== false) queuePrime(state);
      state.edits = startWatchingEdits(state);
      options.log(`culprit serve ${options.version}: serving ${state.root} on ${socketPath} (pid ${process.pid})`);
      resolve(done);
    });
  });
}

function acceptConnection(state: ServerState, socket: Socket): void {
  state.connections.add(socket);
  // A client connects as its command starts (cli/main.ts), and a command most often reads the
  // tree and checks it: git confirms the tree from now rather than once the request is in
  // (KeptIndex.readAhead), and the warm worker its last answer (~8 ms before the request comes),
  // a run only a command begun before now takes; dropped with the connection.
  const { repo, layout } = state.context;
  const connectedAt = Date.now();
  let dropExpected: (() => void) | undefined;
  if (repo !== null && state.stopping === undefined) {
    state.memory.index.readAhead(repo, layout.scratch);
    dropExpected = expectTree(state, connectedAt);
  }
  socket.once('close', () => {
    dropExpected?.();
    state.connections.delete(socket);
    state.answering.delete(socket);
  });
  socket.on('error', () => undefined);
  // One request's failure is answered on its own connection; the server keeps serving.
  answerConnection(state, socket, connectedAt).catch((error: unknown) => {
    state.options.log(`culprit serve: a request failed (a bug in culprit): ${describeStack(error)}`);
    void writeLine(socket, { kind: 'error', message: describeError(error), userError: false }).finally(() =>
      socket.destroy(),
    );
  });
}

function stopServing(state: ServerState, why: string): void {
  if (state.stopping !== undefined) return;
  state.stopping = why;
  clearTimeout(state.idleTimer);
  state.collector.close();
  clearInterval(state.watcher);
  state.edits?.close();
  state.server.close();
  // Nobody waits for the priming: its workers are killed rather than let finish (on a large
  // repository that is the checks' whole cold time).
  if (state.priming !== undefined && state.checksWaiting === 0) state.engine.close();
  // The request in progress finishes first; its client gets its answer. A priming still under
  // way is cut short, and has settled (it says why) before the server says it stopped.
  void state.queue.finally(async () => {
    state.engine.close();
    await state.priming;
    // After the priming, which may still ask git for a tree diff.
    state.memory.close();
    releaseTemporaryPath(state.socketPath);
    closeConnections(state);
    state.resolveDone(why);
  });
}

/** Connections with nothing to be answered are closed; one whose answer is being written gets a moment to finish. */
function closeConnections(state: ServerState): void {
  for (const socket of state.connections) {
    if (!state.answering.has(socket)) socket.destroy();
    else setTimeout(() => socket.destroy(), 2_000).unref();
  }
}

function resetIdle(state: ServerState): void {
  const { idleMs } = state.options;
  clearTimeout(state.idleTimer);
  state.idleTimer = setTimeout(() => stopServing(state, `idle for ${Math.round(idleMs / 1000)} s`), idleMs);
}

/** Reads one request from the connection and answers it; `connectedAt` (ms since the epoch): its command began before. */
async function answerConnection(state: ServerState, socket: Socket, connectedAt: number): Promise<void> {
  const { options } = state;
  const timeoutMs = options.requestTimeoutMs ?? requestTimeoutMs;
  const line = await readLine(socket, { maxBytes: options.maxRequestBytes ?? maxRequestBytes, timeoutMs });
  const reply = async (value: ServeAnswer) => {
    await writeLine(socket, value);
    socket.end();
  };
  if (line.kind === 'closed') return;
  if (line.kind === 'too-large') {
    // What else it sends is read and dropped, so the client can still read why (a write that
    // fails on a closed connection would lose the answer), until its time is up.
    socket.on('data', () => undefined).resume();
    setTimeout(() => socket.destroy(), timeoutMs).unref();
  }
  if (line.kind === 'timed-out' || line.kind === 'too-large') {
    await reply({ kind: 'refused', reason: describeUnreadRequest(line.kind, options) });
    if (line.kind === 'timed-out') socket.destroy();
    return;
  }
  if (line.kind !== 'line') return reply({ kind: 'refused', reason: 'not a culprit serve request' });
  const envelope = envelopeSchema.safeParse(line.value);
  if (!envelope.success) return reply({ kind: 'refused', reason: 'not a culprit serve request' });
  // Any culprit may ask who is serving or stop it; only the same version may have anything else answered.
  const { version, command } = envelope.data;
  if (version !== options.version && command !== 'ping' && command !== 'stop')
    return reply({ kind: 'refused', reason: findRefusal(state, version) ?? 'another culprit version' });
  const parsed = version === options.version ? requestSchema.safeParse(line.value) : undefined;
  if (parsed !== undefined && !parsed.success) {
    const message = `culprit serve cannot read this request: ${describeRequestIssue(parsed.error)}`;
    options.log(`culprit serve: refused a request: ${describeRequestIssue(parsed.error)}`);
    return reply({ kind: 'error', message, userError: false });
  }
  switch (parsed?.data.command ?? command) {
    case 'ping':
      return reply(await makeStatus(state));
    case 'stop':
      await reply({ kind: 'stopping', pid: process.pid });
      stopServing(state, 'asked to stop');
      return;
  }
  const request = parsed!.data;
  switch (request.command) {
    case 'prime':
      return reply(takePrime(state, request.version));
    case 'check':
    case 'fix':
    case 'start':
    case 'hook':
      return answerCommand(state, socket, request, reply, connectedAt);
  }
}

async function makeStatus(state: ServerState): Promise<ServeAnswer> {
  const { root, options, since, key } = state;
  return {
    kind: 'status',
    pid: process.pid,
    root,
    version: options.version,
    since,
    memoryKb: await readServerMemory(),
    key,
  };
}

/** A command's server asked to prime: once (a server primed, priming, or answering its first command, which primes after it, has nothing to add). */
function takePrime(state: ServerState, version: string): ServeAnswer {
  const refusal = findRefusal(state, version);
  if (refusal !== undefined) return { kind: 'refused', reason: refusal };
  resetIdle(state);
  if (!state.primed) {
    state.primed = true;
    queuePrime(state);
  }
  return { kind: 'priming', pid: process.pid };
}

/** Why this server will not run a request of `version`, or undefined. Tools or configuration changed since it started: it stops. */
function findRefusal(state: ServerState, version: string): string | undefined {
  const { options } = state;
  if (version !== options.version) return `this server is culprit ${options.version}, the client ${version}`;
  if (state.stopping !== undefined) return 'the server is stopping';
  if (readServeKey(state.root) !== state.key) {
    // Settings, detected checks and tools are read when a server starts: a fresh one reads them again.
    stopServing(state, 'the tools or the configuration changed');
    return 'the tools or the configuration changed since the server started';
  }
  return undefined;
}

async function answerCommand(
  state: ServerState,
  socket: Socket,
  request: ServedCommandRequest,
  reply: (value: ServeAnswer) => Promise<void>,
  connectedAt: number,
): Promise<void> {
  logDebug(`serve: ${request.command} asked`);
  const refusal = findRefusal(state, request.version);
  if (refusal !== undefined) return reply({ kind: 'refused', reason: refusal });
  // A server runs the commands of its own work tree only: another tree's configured check
  // commands are that tree's, and not this server's to run.
  const elsewhere = await findOtherWorkTree(request.options.cwd, state.root, state.memory);
  if (elsewhere !== undefined) return reply({ kind: 'error', message: elsewhere, userError: true });
  resetIdle(state);
  state.answering.add(socket);
  // A client interrupted while its command runs here closes the connection; its attempt is then not recorded.
  let closed = false;
  socket.once('close', () => (closed = true));
  socket.resume();
  state.checksWaiting += 1;
  state.collector.busy();
  const run = state.queue.then(() => runQueuedCommand(state, socket, request, reply, () => !closed, connectedAt));
  state.queue = run.catch(() => undefined);
  const served = await run.finally(() => {
    state.checksWaiting -= 1;
    state.collector.idle();
  });
  resetIdle(state);
  // After the answer, so the client does not wait.
  followAnswer(state, request, served);
}

/**
 * A command's turn in the queue: its runner chosen, its checks' progress sent as it comes when the
 * client shows it, the answer sent, and then, still in its turn (the next command reads what they
 * write), the writes it left for after the answer: the attempt's session file and ledger, each
 * synced to disk, which the client need not wait for.
 */
async function runQueuedCommand(
  state: ServerState,
  socket: Socket,
  request: ServedCommandRequest,
  reply: (value: ServeAnswer) => Promise<void>,
  isWanted: () => boolean,
  connectedAt: number,
): Promise<ServedRuns | undefined> {
  const runChecks = await chooseRunner(state, request.command);
  state.edits?.commandStarted();
  // A command that does not say when it began began before its client connected.
  state.commandSince = ('startedAt' in request.options ? request.options.startedAt : undefined) ?? connectedAt;
  const dropExpected = runChecks === undefined ? undefined : expectTree(state, state.commandSince);
  const writes = makeAnswerWrites();
  const runner: ServedRunner = { memory: state.memory, runChecks, afterAnswer: writes.afterAnswer };
  const stopSending =
    'progress' in request.options && request.options.progress === true
      ? listenToCheckProgress((progress) => void writeLine(socket, { kind: 'progress', progress }))
      : undefined;
  let outcome: ServeAnswer;
  try {
    outcome = await runCommand(state.options, request, runner, isWanted);
  } finally {
    stopSending?.();
    dropExpected?.();
    state.commandSince = undefined;
  }
  const served = state.recorder.take();
  await reply(outcome);
  logDebug(`serve: ${request.command} answered`);
  await writes.flush((line) => state.options.log(`culprit serve: ${line}`));
  return served;
}

/**
 * What follows an answer. The first command ran cold, and a start the cache answered ran nothing
 * here: the checks are warmed on the tree now, from the baseline where they can (after a start
 * that ran them warm, the worker is warm already and nothing runs, so the next check is its
 * increment, never cold). A check to verify is run cold on a copy of its tree.
 */
function followAnswer(state: ServerState, request: ServedCommandRequest, served: ServedRuns | undefined): void {
  const { options, context } = state;
  if (request.command === 'start' || !state.primed) {
    state.primed = true;
    queuePrime(state);
    return;
  }
  if (request.command !== 'check' || served === undefined) return;
  if (!(options.verify === true || request.options.verify === true || context.settings.verifyWarm)) return;
  const verification = state.queue.then(() =>
    verifyServedRuns({
      served,
      repo: context.repo,
      scratch: context.layout.scratch,
      root: state.root,
      log: options.log,
    }),
  );
  state.queue = verification.catch((error: unknown) =>
    options.log(`culprit serve: verify: the cold run failed: ${describeError(error)}`),
  );
}

/**
 * What runs a command's checks. `start` is the baseline run, and the warm worker takes it, so
 * that run is the priming (after a priming under way, which leaves it nothing to redo). Any
 * other command is answered at once while the server primes, cold: from the baseline where the
 * edit allows (seeded/seeded-runner.ts), never after waiting for a whole run; and cold too
 * before a server a command started has primed.
 */
async function chooseRunner(
  state: ServerState,
  command: ServedCommandRequest['command'],
): Promise<CheckRunner | undefined> {
  if (command === 'start') {
    await state.priming;
    state.primed = true;
    return state.recorder.runChecks;
  }
  return state.primed && state.priming === undefined ? state.recorder.runChecks : undefined;
}

/**
 * The worker starts the command's run while git confirms the tree, when that is most likely the
 * tree the worker last answered (the server followed the edit, and nothing changed since): the
 * command's run takes that answer if the tree is confirmed (WarmEngine.expect).
 */
function expectTree(state: ServerState, since: number): (() => void) | undefined {
  const { repo, settings } = state.context;
  const treeId = repo === null ? undefined : state.memory.index.expect(repo.root);
  return treeId === undefined
    ? undefined
    : state.engine.expect(settings.checks, state.root, { kind: 'git', treeId }, since);
}

/** Primes after the command under way (never beside one), and lets the commands after it run beside the priming. */
function queuePrime(state: ServerState): void {
  state.queue = state.queue.then(() => {
    const { engine, root, context, memory } = state;
    if (state.stopping !== undefined || state.priming !== undefined || !isPrimeNeeded(engine, root)) return;
    const run = primeWarmEngine(engine, { ...context, memory }).finally(() => {
      if (state.priming === run) state.priming = undefined;
    });
    state.priming = run;
  });
}

/** Follows the edits of a git work tree (nothing names a plain folder's edits). */
function startWatchingEdits(state: ServerState): EditFollower | undefined {
  const { context, engine, memory } = state;
  const { repo } = context;
  if (repo === null) return undefined;
  return followEdits({
    engine,
    context: { ...context, repo, memory },
    // In the queue's next turn: after a command under way, before one that arrives meanwhile.
    enqueue: (follow) => {
      state.queue = state.queue
        .then(async () => {
          state.collector.busy();
          try {
            await follow();
          } finally {
            state.collector.idle();
          }
        })
        .catch((error: unknown) =>
          state.options.log(`culprit serve: following an edit failed (a bug in culprit): ${describeStack(error)}`),
        );
    },
    mayFollow: () => state.stopping === undefined && state.primed && state.priming === undefined,
    log: state.options.log,
  });
}

/**
 * A socket file left by a server that was killed refuses connections: it is not in use, and is
 * removed. Anything else at that path is not culprit's to remove.
 */
function removeDeadSocket(socket: string): SocketRefusal | undefined {
  let stats;
  try {
    stats = lstatSync(socket);
  } catch {
    return undefined;
  }
  if (!stats.isSocket()) return { problem: 'not-socket', path: socket };
  rmSync(socket, { force: true });
  return undefined;
}

/** Why `cwd` is not this server's work tree (`root`), or undefined when it is. */
async function findOtherWorkTree(cwd: string, root: string, memory: WarmMemory): Promise<string | undefined> {
  const repo = await memory.repositories.find(cwd).catch(() => null);
  const tree = repo?.root ?? cwd;
  if (tree === root) return undefined;
  return `the culprit server of ${root} does not answer for ${tree}; run culprit there without it (CULPRIT_NO_SERVE=1)`;
}

function describeUnreadRequest(kind: 'timed-out' | 'too-large', options: ServeOptions): string {
  return kind === 'too-large'
    ? `the request is larger than ${options.maxRequestBytes ?? maxRequestBytes} bytes`
    : `no whole request within ${options.requestTimeoutMs ?? requestTimeoutMs} ms`;
}

function describeStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Runs one command with the warm engine's `runChecks`, or cold without it. */
async function runCommand(
  options: ServeOptions,
  request: ServedCommandRequest,
  runner: ServedRunner,
  isWanted: () => boolean,
): Promise<ServeAnswer> {
  try {
    switch (request.command) {
      case 'check':
        return { kind: 'outcome', ...(await options.runCheck({ ...request.options, ...runner, isWanted })) };
      case 'fix':
        return { kind: 'outcome', ...(await options.runFix({ ...request.options, ...runner, isWanted })) };
      case 'start':
        return { kind: 'outcome', ...(await options.runStart({ ...request.options, ...runner })) };
      case 'hook':
        return { kind: 'outcome', ...(await options.runHook({ ...request.options, ...runner, isWanted })) };
    }
  } catch (error) {
    const userError = isUserError(error);
    if (!userError) options.log(`culprit serve: ${request.command} failed (a bug in culprit): ${describeStack(error)}`);
    return { kind: 'error', message: describeError(error), userError };
  }
}

/** The resident memory of this process and of its descendants (the warm workers and what they run), in kB. */
async function readServerMemory(): Promise<{ server: number; workers: number | null }> {
  const server = Math.round(process.memoryUsage.rss() / 1024);
  try {
    const { stdout } = await runFile('ps', ['-A', '-o', 'pid=,ppid=,rss=']);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number))
      .filter((row) => row.length === 3 && row.every(Number.isFinite)) as [number, number, number][];
    const descendants = new Set([process.pid]);
    let workers = 0;
    // ps lists parents before children only mostly: sweep until nothing is added.
    for (let added = true; added;) {
      added = false;
      for (const [pid, ppid, rss] of rows)
        if (descendants.has(ppid) && !descendants.has(pid)) {
          descendants.add(pid);
          workers += rss;
          added = true;
        }
    }
    return { server, workers };
  } catch {
    return { server, workers: null };
  }
}
