/**
 * One `git diff-tree --stdin` kept running by a long-lived culprit, so a check's tree diffs cost
 * no process start. git buffers its output until it reads a line that is not an object name: it
 * copies that line out and flushes. Each request ends with such a line, unique to it (no path
 * can hold it), and its answer is everything before that line comes back. Requests go one at a
 * time. The process holds no reference on the event loop while idle, is killed with culprit, and
 * ends by itself when culprit does (its stdin closes).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import type { TreeChanges } from '../core/snapshot.js';
import { trackHelperProcess } from '../state/temporary-paths.js';
import { diffTreeArgs, parseNameStatus, splitPairOutputs } from './diff-trees.js';
import type { Repository } from './git.js';

export interface DiffTreeStream {
  /** Each pair's changes, in order, as diffTreePairs gives them; rejects when git gave no answer for one. */
  diff(pairs: readonly (readonly [base: string, current: string])[]): Promise<TreeChanges[]>;
  /** False once git exited or failed: a new stream is needed. */
  isAlive(): boolean;
  close(): void;
}

interface StreamState {
  child: ChildProcessByStdio<Writable, Readable, null>;
  alive: boolean;
  /** The request being answered: its end line and what came so far. */
  pending: { end: Buffer; chunks: Buffer[]; tail: Buffer; settle: (output: Buffer | Error) => void } | undefined;
  /** Requests wait for the one before. */
  queue: Promise<unknown>;
  nonce: string;
  count: number;
}

export function openDiffTreeStream(repo: Repository): DiffTreeStream {
  const child = spawn('git', ['diff-tree', '--stdin', ...diffTreeArgs], {
    cwd: repo.root,
    env: process.env,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const state: StreamState = {
    child,
    alive: true,
    pending: undefined,
    queue: Promise.resolve(),
    nonce: randomBytes(8).toString('hex'),
    count: 0,
  };
  trackHelperProcess(child);
  const fail = (error: Error) => {
    state.alive = false;
    state.pending?.settle(error);
    state.pending = undefined;
  };
  child.on('error', fail);
  child.on('exit', () => fail(new Error('git diff-tree --stdin exited')));
  child.stdin.on('error', fail);
  child.stdout.on('data', (chunk: Buffer) => receiveOutput(state, chunk));
  holdEventLoop(state, false);
  return {
    diff: (pairs) => {
      const answer = state.queue.then(() => askStream(state, pairs));
      state.queue = answer.catch(() => undefined);
      return answer;
    },
    isAlive: () => state.alive,
    close: () => {
      state.alive = false;
      child.stdin.end();
      child.kill();
    },
  };
}

async function askStream(state: StreamState, pairs: readonly (readonly [string, string])[]): Promise<TreeChanges[]> {
  if (pairs.length === 0) return [];
  if (!state.alive) throw new Error('git diff-tree --stdin is not running');
  state.count += 1;
  const end = `culprit-end-${state.nonce}-${state.count}\n`;
  const output = await new Promise<Buffer | Error>((settle) => {
    state.pending = { end: Buffer.from(end), chunks: [], tail: Buffer.alloc(0), settle };
    holdEventLoop(state, true);
    state.child.stdin.write(`${pairs.map(([base, current]) => `${base} ${current}\n`).join('')}${end}`);
  });
  holdEventLoop(state, false);
  if (output instanceof Error) throw output;
  return splitPairOutputs(output.toString('utf8'), pairs).map(parseNameStatus);
}

function receiveOutput(state: StreamState, chunk: Buffer): void {
  const { pending } = state;
  if (pending === undefined) return;
  pending.chunks.push(chunk);
  const tail = Buffer.concat([pending.tail, chunk]);
  pending.tail = tail.subarray(Math.max(0, tail.length - pending.end.length));
  if (!pending.tail.equals(pending.end)) return;
  state.pending = undefined;
  const output = Buffer.concat(pending.chunks);
  pending.settle(output.subarray(0, output.length - pending.end.length));
}

/** A request under way keeps culprit alive until its answer; an idle stream does not. */
function holdEventLoop(state: StreamState, hold: boolean): void {
  for (const handle of [state.child, state.child.stdin, state.child.stdout]) {
    // The pipes are sockets, which have ref and unref; their declared stream types do not say so.
    const method: unknown = Reflect.get(handle, hold ? 'ref' : 'unref');
    if (typeof method === 'function') (method as () => void).call(handle);
  }
}
