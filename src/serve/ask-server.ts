/**
 * Asking a running `culprit serve` over its socket, and the quick ask a served command starts
 * with: the work tree's server, where its socket can be told from the nearest `.git` without
 * running git. A served `check` or Stop hook is answered here with no more than node:net, a few
 * `stat`s and the protocol loaded (cli/served.ts); finding the repository with git, refusals
 * and starting a server are client.ts's.
 */
import { resolve } from 'node:path';
import { makeUserError } from '../core/errors.js';
import { locateGitEntry } from '../git/git-entry.js';
import { logDebug } from '../debug/log-debug.js';
import { resolveServeSocket } from './paths.js';
import { connectToServer } from './connect-server.js';
import type { CheckProgress } from '../checks/runner/progress.js';
import {
  makeLineReader,
  writeLine,
  type ServeAnswer,
  type ServedCheckOptions,
  type ServedCommandRequest,
  type ServeRequest,
} from './protocol.js';

/**
 * Sends one request to the server listening on `socket`; undefined when there is no usable
 * answer. Nothing is sent to a socket that is not the user's own (see paths.ts).
 */
export async function askServer(
  socket: string,
  request: ServeRequest,
  onProgress?: (progress: CheckProgress) => void,
): Promise<ServeAnswer | undefined> {
  const connection = await connectToServer(socket);
  if (connection === undefined) return undefined;
  try {
    const reader = makeLineReader(connection);
    await writeLine(connection, request);
    for (;;) {
      const line = await reader.next();
      const answer = line.kind === 'line' ? (line.value as ServeAnswer | undefined) : undefined;
      if (answer?.kind !== 'progress') return answer;
      onProgress?.(answer.progress);
    }
  } finally {
    connection.destroy();
  }
}

/** What the quick ask got: the socket asked (undefined when it cannot be told without git) and its answer. */
export interface QuickAnswer {
  socket: string | undefined;
  answer: ServeAnswer | undefined;
}

/**
 * The quick answer the served shortcut got and left to the full command line (cli/served.ts): the
 * same request asked again in this process takes it, so a server is asked once either way. Kept on
 * the process, not in this module: the built entry holds a copy of the shortcut's modules of its
 * own (the build bundles them into it), and the full command line loads this one.
 */
const keptKey = Symbol.for('culprit.quick-answer');
const held = globalThis as Record<symbol, { key: string; quick: QuickAnswer } | undefined>;

/** Asks the server of the work tree whose `.git` is nearest `cwd`, where that tells its socket (see locateGitEntry). */
export async function askWorkTreeServer(
  request: ServeRequest,
  cwd: string,
  onProgress?: (progress: CheckProgress) => void,
): Promise<QuickAnswer> {
  const key = describeRequest(request, cwd);
  const kept = held[keptKey];
  const taken = kept?.key === key ? kept.quick : undefined;
  held[keptKey] = undefined;
  if (taken !== undefined) return taken;
  const entry = locateGitEntry(cwd);
  const socket = entry === undefined ? undefined : resolveServeSocket(entry.dir);
  const quick = { socket, answer: socket === undefined ? undefined : await askServer(socket, request, onProgress) };
  held[keptKey] = { key, quick };
  return quick;
}

/** The request as JSON with its options' keys in order: the shortcut and commander may list them differently. */
function describeRequest(request: ServeRequest, cwd: string): string {
  const options = 'options' in request ? Object.fromEntries(Object.entries(request.options).sort()) : undefined;
  return JSON.stringify([cwd, { ...request, options }]);
}

/** A command's outcome as the server gives it. */
export interface ServedOutcome {
  stdout: string;
  exitCode: number;
  stderr: string;
}

/** The answer that settles the command: its outcome, or culprit's own error there (else undefined). */
export function isSettled(
  answer: ServeAnswer | undefined,
): answer is Extract<ServeAnswer, { kind: 'outcome' | 'error' }> {
  return answer?.kind === 'outcome' || answer?.kind === 'error';
}

/** The command's outcome as a server gave it, or culprit's own error there, thrown as it would have been. */
export function readServedAnswer(
  answer: Extract<ServeAnswer, { kind: 'outcome' | 'error' }>,
  socket: string,
): { kind: 'served' } & ServedOutcome {
  if (answer.kind === 'error') throw answer.userError ? makeUserError(answer.message) : new Error(answer.message);
  logDebug(`serve: answered by the server on ${socket}`);
  return { kind: 'served', stdout: answer.stdout, exitCode: answer.exitCode, stderr: answer.stderr ?? '' };
}

/** `CULPRIT_VERIFY_WARM=1`: the server runs each served check cold too and logs any difference (warm/verify-warm.ts). */
export function isVerifyRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const flag = env['CULPRIT_VERIFY_WARM'];
  return flag !== undefined && flag !== '' && flag !== '0';
}

/** What `culprit check` asks the work tree's server, with its options as the command line gave them. */
export function makeServedCheckRequest(
  options: Omit<ServedCheckOptions, 'cwd'> & { cwd?: string },
  version: string,
): ServedCommandRequest & { command: 'check' } {
  const cwd = resolve(options.cwd ?? process.cwd());
  const verify = isVerifyRequested() ? { verify: true } : {};
  return { version, command: 'check', options: { ...options, cwd, startedAt: readProcessStart(), ...verify } };
}

/**
 * When this process began, to the millisecond (ms since the epoch): what a served command sends as
 * `startedAt`. The same on every call: the full command line takes the shortcut's quick answer
 * only for the very same request (askWorkTreeServer), and `Date.now()` less the process's uptime
 * would move by a millisecond between the two.
 */
export function readProcessStart(): number {
  return Math.floor(performance.timeOrigin);
}
