/**
 * What the warm tests share: a repository's checks run by the warm engine and cold on the same
 * tree, reduced to what a report is made of (status, diagnostics, import edges); culprit's own
 * debug lines, which say whether a worker was reused, restarted or bypassed; the built CLI run in
 * the background (`culprit serve`) or side by side.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { cliPath, type CliResult } from '../helpers/cli.js';
import type { TestRepo } from '../helpers/repo.js';
import type { CheckRun } from '../../src/checks/check.js';
import { runChecks } from '../../src/checks/runner/run-check.js';
import { readTreeState } from '../../src/snapshot/take-snapshot.js';
import { resolveTaskContext } from '../../src/tasks/context.js';
import { makeWarmEngine, type WarmEngine } from '../../src/warm/warm-engine.js';

/** A check run as a report sees it: everything but how long it took, diagnostics and edges sorted. */
export interface ComparableRun {
  name: string;
  status: CheckRun['status'];
  version: string | null;
  error?: string;
  notes?: string[];
  diagnostics: string[];
  imports: string[];
  /** The traced spans of values typed from compiler errors (tsc), each with its origin. */
  derived: string[];
  /** What the run covered and how strictly: the same whether it ran warm, from a baseline or in full. */
  checkedPaths: CheckRun['checkedPaths'];
  configFiles: CheckRun['configFiles'];
  strength: CheckRun['strength'];
}

export function makeComparable(run: CheckRun): ComparableRun {
  const { name, status, version, error, notes, diagnostics, imports, derived, checkedPaths, configFiles, strength } =
    run;
  return {
    name,
    status,
    version,
    ...(error === undefined ? {} : { error }),
    ...(notes === undefined ? {} : { notes }),
    checkedPaths,
    configFiles,
    strength,
    diagnostics: diagnostics.map((diagnostic) => JSON.stringify(diagnostic)).sort(),
    imports: Object.entries(imports ?? {})
      .flatMap(([from, targets]) => targets.map((target) => `${from} -> ${target}`))
      .sort(),
    derived: Object.entries(derived?.spans ?? {})
      .flatMap(([path, spans]) => {
        const listed: string[] = [];
        for (let at = 0; at + 4 < spans.length; at += 5)
          listed.push(
            `${path}:${spans.slice(at, at + 4).join(':')} <- ${JSON.stringify(derived!.origins[spans[at + 4]!])}`,
          );
        return listed;
      })
      .sort(),
  };
}

/**
 * Collects culprit's debug lines (CULPRIT_DEBUG) written by the warm engine in this process, so
 * a test can tell a warm answer from a cold restart or a cold fallback.
 */
export function useDebugLines(): { take(): string[] } {
  let lines: string[] = [];
  let restore: (() => void) | undefined;
  const previous = process.env['CULPRIT_DEBUG'];
  beforeEach(() => {
    process.env['CULPRIT_DEBUG'] = '1';
    const write = process.stderr.write.bind(process.stderr);
    // logDebug writes one whole line per call; those are kept here rather than printed.
    process.stderr.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (!text.startsWith('culprit debug: ')) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      lines.push(text.slice('culprit debug: '.length).trimEnd());
      const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
      callback?.();
      return true;
    };
    restore = () => {
      process.stderr.write = write;
    };
  });
  afterEach(() => {
    restore?.();
    if (previous === undefined) delete process.env['CULPRIT_DEBUG'];
    else process.env['CULPRIT_DEBUG'] = previous;
    lines = [];
  });
  return {
    take: () => lines.splice(0),
  };
}

export interface WarmComparison {
  /** Runs the checks warm and cold on the tree as it is now; expects the same runs; returns the warm worker's pid. */
  compare(step: string): Promise<{ pid: number | undefined; warm: ComparableRun[] }>;
}

/** Makes warm engines (one per test: `workerPids` then names that test's workers), all closed after the test file. */
export function useWarmEngine(): () => WarmEngine {
  const engines: WarmEngine[] = [];
  afterAll(() => {
    for (const engine of engines.splice(0)) engine.close();
  });
  return () => {
    const engine = makeWarmEngine();
    engines.push(engine);
    return engine;
  };
}

/** The repository's own checks (detected, as culprit would), compared warm and cold. */
export async function makeWarmComparison(engine: WarmEngine, root: string): Promise<WarmComparison> {
  const context = await resolveTaskContext({ cwd: root });
  const used = context.settings.checks;
  return {
    async compare(step) {
      const tree = await readTreeState({ root: context.root, repo: context.repo, scratch: context.layout.scratch });
      // Side by side: the warm answer cannot depend on the cold run, which only reads the tree.
      const [warm, cold] = await Promise.all([
        engine.runChecks(used, context.root, tree),
        runChecks(used, context.root),
      ]);
      const comparableWarm = warm.map(makeComparable);
      expect(comparableWarm, step).toEqual(cold.map(makeComparable));
      return { pid: engine.workerPids[0], warm: comparableWarm };
    },
  };
}

/** Every finding of the runs as `check path:line code`, sorted: what a scenario expects. */
export function listFindings(runs: readonly ComparableRun[]): string[] {
  return runs
    .flatMap((run) =>
      run.diagnostics.map((text) => {
        const { path, line, code } = JSON.parse(text) as { path: string | null; line: number; code: string };
        return `${run.name} ${path ?? ''}:${line} ${code}`;
      }),
    )
    .sort();
}

/** Test repositories removed after the test file. */
export function useRepos(): { add(repo: TestRepo): TestRepo } {
  const made: TestRepo[] = [];
  afterAll(() => {
    for (const repo of made.splice(0)) repo.cleanup();
  });
  return {
    add: (repo) => {
      made.push(repo);
      return repo;
    },
  };
}

export interface BackgroundCli {
  child: ChildProcess;
  /** stderr so far. */
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The built CLI as a background process (`culprit serve`), its stderr collected. */
export function startCli(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): BackgroundCli {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, stderr: () => stderr, exited };
}

/** `culprit <args>` to completion, asynchronously (so several can run side by side). */
export function runCliAsync(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cliPath, ...args],
      { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- execFile's error is an Error; its type is a union the rule cannot see through
        if (error !== null && typeof error.code !== 'number') reject(error);
        else resolve({ stdout, stderr, exitCode: error === null ? 0 : (error.code as number) });
      },
    );
  });
}

/** `culprit mcp` in `root` (CULPRIT_DEBUG), a real MCP client connected over stdio, and its stderr so far. */
export async function connectMcp(root: string): Promise<{ client: Client; stderr(): string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'mcp'],
    cwd: root,
    stderr: 'pipe',
    env: { ...process.env, CULPRIT_DEBUG: '1' },
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'culprit-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** Processes whose working directory is `dir` or inside it: warm workers run in the tree they check. */
export { findProcessesIn } from '../faults/helpers.js';
