/**
 * A `culprit serve` started for the benchmark: the built CLI in the background, ready once it
 * says where it listens; its memory is the serve process plus its warm worker (its descendants).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { isRunning } from '../src/state/temporary-paths.js';
import { measureProcess, readTreeMembers } from './measure-process.js';
import { readDebugLine } from './served-timeline.js';

export interface ServeProcess {
  pid: number;
  /** RSS of the serve process and of each descendant (the warm worker), in KB. */
  readMemory(): { serveKb: number; workersKb: number; totalKb: number };
  /** The server's `ledger: N ms` debug lines since the last call: what the ledger cost each check it answered. */
  takeLedgerMs(): number[];
  /** Every line the server wrote to stderr since the last call (bench/served-timeline.ts reads its debug stamps). */
  takeLines(): string[];
  /**
   * Resolves once the server's priming stands (its worker is warm, not primed again because the
   * tree moved under it): rows of steady served checks wait for this, so an edit that landed
   * during the priming, answered cold while it is done again, is not counted among them.
   */
  waitForPrimed(timeoutMs: number): Promise<boolean>;
  /** How many idle collections the server and its workers have reported, or decided against (`idle: collected …`, `idle: not collected …`). */
  readonly collections: number;
  stop(): Promise<void>;
}

export async function startServe(cli: string, root: string, env: NodeJS.ProcessEnv): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cli, 'serve', '--idle-timeout', '3600'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`culprit serve did not start in ${root}`);
  await waitForLine(child, /: serving /, 60_000);
  let ledgerMs: number[] = [];
  let written: string[] = [];
  let collections = 0;
  let primed = false;
  let pending = '';
  // Reading stderr also keeps the server from blocking on a full pipe.
  child.stderr.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    written.push(...lines);
    for (const line of lines) {
      // Stamped or not (CULPRIT_DEBUG=time or 1).
      const message = readDebugLine(line)?.message;
      if (message === undefined) continue;
      const match = /^ledger: (\d+) ms$/.exec(message);
      if (match !== null) ledgerMs.push(Number(match[1]));
      if (message.startsWith('idle: collected') || message.startsWith('idle: not collected')) collections += 1;
      if (message.startsWith('warm: primed ')) primed = true;
      if (/^warm: the tree moved while .* priming it again$/.test(message)) primed = false;
    }
  });
  return {
    pid,
    get collections() {
      return collections;
    },
    async waitForPrimed(timeoutMs) {
      for (const end = performance.now() + timeoutMs; !primed && performance.now() < end;)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return primed;
    },
    takeLedgerMs() {
      const taken = ledgerMs;
      ledgerMs = [];
      return taken;
    },
    takeLines() {
      const taken = written;
      written = [];
      return taken;
    },
    readMemory() {
      const members = readTreeMembers(pid);
      const serveKb = members.find((member) => member.pid === pid)?.rssKb ?? 0;
      const totalKb = members.reduce((sum, member) => sum + member.rssKb, 0);
      return { serveKb, workersKb: totalKb - serveKb, totalKb };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const stopper = spawn(process.execPath, [cli, 'serve', '--stop'], { cwd: root, env, stdio: 'ignore' });
      await new Promise<void>((resolve) => stopper.once('exit', () => resolve()));
      const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => fail(new Error(`culprit serve printed no ${pattern} within ${timeoutMs} ms: ${seen}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (pattern.test(seen)) finish();
    };
    const onExit = (code: number | null) =>
      fail(new Error(`culprit serve exited (code ${code}) before serving: ${seen}`));
    const finish = () => {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      resolve();
    };
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      reject(error);
    };
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Stops the server a command started (its pid from the command's debug notice) and waits until it is gone. */
export async function stopStartedServer(
  cli: string,
  root: string,
  env: NodeJS.ProcessEnv,
  stderr: string,
): Promise<void> {
  const pid = Number(/started a warm server for \S+ \(pid (\d+)/.exec(stderr)?.[1] ?? Number.NaN);
  await measureProcess(process.execPath, [cli, 'serve', '--stop'], { cwd: root, env });
  for (let waited = 0; !Number.isNaN(pid) && isRunning(pid) && waited < 30_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
}
