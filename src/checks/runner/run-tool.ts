/**
 * Runs a tool's executable from inside a check worker: an argument array, never a shell, with
 * stdout collected up to a bound. The child stays in the worker's process group, so the
 * worker's timeout and its end kill it with everything it started; this file only has to stop
 * a child that prints more than culprit is willing to hold. A check run in culprit's own process
 * (seeded/run-beside.ts) runs its tools under runToolsInOwnGroups instead: each leads a process
 * group of its own, handed to the caller, which stops it and what it started.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { makeMissingToolError } from '../check.js';
import { defaultMaxOutputBytes } from './output-bound.js';
import { makeOutputTail } from './output-tail.js';

export interface RunToolOptions {
  /** Names the tool in errors: `pyright`, `cargo check`, a configured check's name. */
  name: string;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** More bytes than this on stdout (or on stderr, when kept) stop the tool and fail the run. */
  maxOutputBytes?: number | undefined;
  /** Keep all of stderr, not only its last lines: mypy lists the files it read there. */
  keepStderr?: boolean | undefined;
}

export interface ToolResult {
  /** The exit code, or null when a signal ended the tool. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** The last meaningful lines of stderr (up to 20), for error messages. */
  stderrLines: string[];
  /** All of stderr, when the call asked to keep it. */
  stderr?: string;
}

/** Who takes each tool process started under runToolsInOwnGroups, in that call's async context. */
const ownGroups = new AsyncLocalStorage<(child: ChildProcess) => void>();

/**
 * Runs `run` with every tool it starts through runTool leading a process group of its own,
 * each child given to `take` as it starts (to stop the group: worker-registry.ts's killProcessGroup).
 */
export function runToolsInOwnGroups<T>(take: (child: ChildProcess) => void, run: () => Promise<T>): Promise<T> {
  return ownGroups.run(take, run);
}

export function runTool(file: string, args: readonly string[], options: RunToolOptions): Promise<ToolResult> {
  const limit = options.maxOutputBytes ?? defaultMaxOutputBytes;
  const take = ownGroups.getStore();
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
      detached: take !== undefined,
    });
    take?.(child);
    const stdout = makeBoundedOutput(limit);
    const keptStderr = options.keepStderr === true ? makeBoundedOutput(limit) : null;
    let overflowed = false;
    const stderr = makeOutputTail();
    const overflow = (stream: 'stdout' | 'stderr') => {
      overflowed = true;
      child.kill('SIGKILL');
      // Not waiting for 'close': a grandchild may hold the pipe open. The worker's exit takes down its group.
      child.stdout.destroy();
      child.stderr.destroy();
      reject(
        new Error(
          `${options.name} printed more than ${describeBytes(limit)} on ${stream} and was stopped; culprit does not read further`,
        ),
      );
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (!overflowed && !stdout.push(chunk)) overflow('stdout');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr.push(chunk);
      if (!overflowed && keptStderr !== null && !keptStderr.push(chunk)) overflow('stderr');
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(makeMissingToolError(`${options.name}: ${file} was not found`, error));
      else reject(new Error(`${options.name}: ${file} could not be started: ${error.message}`, { cause: error }));
    });
    child.once('close', (exitCode, signal) => {
      if (overflowed) return;
      const result: ToolResult = { exitCode, signal, stdout: stdout.read(), stderrLines: stderr.readLines(20) };
      if (keptStderr !== null) result.stderr = keptStderr.read();
      resolve(result);
    });
  });
}

/** Chunks up to `limit` bytes; `push` says false once past it, and drops what it held. */
function makeBoundedOutput(limit: number): { push(chunk: Buffer): boolean; read(): string } {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    push(chunk) {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        return false;
      }
      chunks.push(chunk);
      return true;
    },
    read: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/** Why a run that should have printed a result did not: its exit and the end of its stderr, on one line. */
export function describeToolFailure(name: string, result: ToolResult): string {
  const how = result.signal === null ? `exit code ${result.exitCode ?? 'unknown'}` : `signal ${result.signal}`;
  const said =
    result.stderrLines.length === 0 ? 'it wrote nothing to stderr' : result.stderrLines.slice(-3).join(' | ');
  return `${name} failed (${how}): ${said}`;
}

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}
