/**
 * `culprit serve` end to end, through the built CLI: a server in the background of one copy of a
 * repository answers `culprit check` there, and its answers equal what a cold `culprit check`
 * (CULPRIT_NO_SERVE=1) gives in another copy walked through the same start and edits; the MCP
 * server's warm check, in a third copy, gives them too. Then the server's lifecycle: one per
 * work tree, `--stop`, a server killed with SIGKILL (its socket left behind, its warm worker
 * gone with it), the next server taking over, the idle timeout, --stop while it primes, SIGINT
 * and SIGTERM; and a client interrupted while the server runs its check. Runs dist/cli/main.js:
 * `npm run build` first (npm test does).
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive, waitFor } from '../checks/helpers.js';
import type { JsonReport } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { todoFiles } from '../fixtures/sarif-todos.js';
import { connectMcp, findProcessesIn, runCliAsync, startCli, useRepos, type BackgroundCli } from './helpers.js';
import { makeSmallRepo, smallEdits, smallFiles } from './workspace.js';

const repos = useRepos();

/** A report as it depends on the tree and the session only: how long each check took aside. */
function withoutDurations(report: JsonReport): unknown {
  return { ...report, checks: report.checks.map(({ durationMs: _durationMs, ...check }) => check) };
}

function parseReport(stdout: string, stderr: string): JsonReport {
  try {
    return JSON.parse(stdout) as JsonReport;
  } catch {
    throw new Error(`culprit check --json printed no JSON:\n${stdout}\n${stderr}`);
  }
}

function applyEdit(repo: TestRepo, edit: Readonly<Record<string, string>>): void {
  for (const [path, content] of Object.entries(edit)) repo.write(path, content);
}

/** start, then each edit and a check: the reports, with exit codes. */
async function walkCold(repo: TestRepo): Promise<{ exitCode: number; report: JsonReport }[]> {
  const env = { CULPRIT_NO_SERVE: '1' };
  const start = await runCliAsync(repo.root, ['start', '--json'], env);
  expect(start.exitCode, start.stderr).toBe(0);
  const reports = [];
  for (const edit of smallEdits) {
    applyEdit(repo, edit);
    const check = await runCliAsync(repo.root, ['check', '--json'], env);
    reports.push({ exitCode: check.exitCode, report: parseReport(check.stdout, check.stderr) });
  }
  return reports;
}

/** The same walk through `culprit mcp`, with its stderr (CULPRIT_DEBUG). */
async function walkMcp(repo: TestRepo): Promise<{ reports: JsonReport[]; stderr: string }> {
  const { client, stderr } = await connectMcp(repo.root);
  try {
    const start = (await client.callTool({ name: 'start', arguments: {} })) as CallToolResult;
    expect(start.isError, JSON.stringify(start.content)).toBeFalsy();
    const reports: JsonReport[] = [];
    for (const edit of smallEdits) {
      applyEdit(repo, edit);
      const check = (await client.callTool({ name: 'check', arguments: {} })) as CallToolResult;
      expect(check.isError, JSON.stringify(check.content)).toBeFalsy();
      // The structured result is the --json report with the payload text as its first field.
      const { text, ...report } = check.structuredContent as { text: unknown };
      expect(text).toBe((check.content[0] as { text: string }).text);
      reports.push(report as unknown as JsonReport);
    }
    return { reports, stderr: stderr() };
  } finally {
    await client.close();
  }
}

interface Server extends BackgroundCli {
  pid: number;
  socket: string;
}

async function startServer(repo: TestRepo, args: readonly string[] = []): Promise<Server> {
  const server = startCli(repo.root, ['serve', ...args], { CULPRIT_DEBUG: '1' });
  const ready = /serving (\S+) on (\S+) \(pid (\d+)\)/;
  if (!(await waitFor(() => ready.test(server.stderr()), 30_000)))
    throw new Error(`culprit serve did not start:\n${server.stderr()}`);
  const [, root, socket, pid] = ready.exec(server.stderr())!;
  expect(root).toBe(repo.root);
  return { ...server, pid: Number(pid), socket: socket! };
}

/**
 * A server primes its warm worker when it starts, ahead of any check in its queue: its debug
 * lines show the worker started, then the priming done, then the first check run (read from the
 * order of the lines, not from how long anything took).
 */
function expectPrimedFirst(stderr: string, root: string): void {
  const lines = stderr.split('\n');
  const started = lines.findIndex((line) => line.startsWith('culprit debug: warm: started a worker'));
  const primed = lines.findIndex(
    (line) => line.startsWith('culprit debug: warm: primed ') && line.endsWith(` on ${root}`),
  );
  const firstCheck = lines.findIndex((line) => line.startsWith('culprit debug: running '));
  expect(started, stderr).toBeGreaterThanOrEqual(0);
  expect(primed, stderr).toBeGreaterThan(started);
  expect(firstCheck, stderr).toBeGreaterThan(primed);
}

/** The pids of the warm workers a server's debug lines say it started. */
function readWorkerPids(stderr: string): number[] {
  return [...stderr.matchAll(/warm: started a worker \(pid (\d+)\)/g)].map((match) => Number(match[1]));
}

let cold: Promise<{ exitCode: number; report: JsonReport }[]>;
let viaMcp: Promise<{ reports: JsonReport[]; stderr: string }>;
let served: TestRepo;

beforeAll(() => {
  // The cold walk and the MCP walk run while the served one does; each test awaits what it compares.
  cold = walkCold(repos.add(makeSmallRepo()));
  viaMcp = walkMcp(repos.add(makeSmallRepo()));
  cold.catch(() => undefined);
  viaMcp.catch(() => undefined);
  served = repos.add(makeSmallRepo());
});

// Before the repositories go (after hooks run last-registered first), even when a filter skipped the test awaiting a walk.
afterAll(async () => {
  await Promise.allSettled([cold, viaMcp]);
});

describe('culprit serve', () => {
  it('answers culprit check in its work tree with what a cold check gives, warm, until --stop', async () => {
    const server = await startServer(served);
    try {
      const second = await runCliAsync(served.root, ['serve']);
      expect(second.exitCode).toBe(2);
      expect(second.stderr).toContain(
        `culprit: culprit serve is already running for ${served.root} (stop it with \`culprit serve --stop\`)`,
      );

      const start = await runCliAsync(served.root, ['start', '--json']);
      expect(start.exitCode, start.stderr).toBe(0);
      const answers = [];
      for (const edit of smallEdits) {
        applyEdit(served, edit);
        const check = await runCliAsync(served.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
        expect(check.stderr).toContain(`culprit debug: serve: answered by the server on ${server.socket}\n`);
        answers.push({ exitCode: check.exitCode, report: parseReport(check.stdout, check.stderr) });
      }
      const expected = await cold;
      expect(answers.map(({ exitCode, report }) => ({ exitCode, report: withoutDurations(report) }))).toEqual(
        expected.map(({ exitCode, report }) => ({ exitCode, report: withoutDurations(report) })),
      );
      // The rename: a tsc finding, and its lint echo withheld. The widening to `any`: the lint
      // finding in the changed file, and beside it every unsafe use of the widened value in the
      // two files it did not touch, traced to the change.
      expect(
        expected.map(({ report }) => [
          report.attempt,
          report.verdict,
          report.counts.introduced,
          report.shown.map((finding) => `${finding.path} ${finding.code}`),
          report.withheld.files,
        ]),
      ).toEqual([
        [1, 'introduced', 2, ['src/read.ts TS2339'], ['src/read.ts']],
        [
          2,
          'introduced',
          5,
          [
            'src/settings.ts @typescript-eslint/no-explicit-any',
            // use.ts reads loadSettings() itself; read.ts reaches it through use.ts's `settings`.
            'src/use.ts @typescript-eslint/no-unsafe-assignment',
            'src/read.ts @typescript-eslint/no-unsafe-assignment',
            'src/read.ts @typescript-eslint/no-unsafe-member-access',
            'src/read.ts @typescript-eslint/no-unsafe-member-access',
          ],
          [],
        ],
      ]);
      // One worker, started by the priming, served both checks: both were incremental.
      expectPrimedFirst(server.stderr(), served.root);
      const workers = readWorkerPids(server.stderr());
      expect(workers).toHaveLength(1);
      expect(server.stderr()).not.toMatch(/warm: .*cold/);
      expect(isProcessAlive(workers[0]!)).toBe(true);

      const stop = await runCliAsync(served.root, ['serve', '--stop']);
      expect(stop).toEqual({
        stdout: `culprit serve: stopping the server for ${served.root} (pid ${server.pid})\n`,
        stderr: '',
        exitCode: 0,
      });
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.stderr()).toMatch(/culprit serve: stopped \(asked to stop\)\n$/);
      expect(existsSync(server.socket)).toBe(false);
      expect(existsSync(server.socket.replace(/\.sock$/, '.lock'))).toBe(false);
      expect(await waitFor(() => findProcessesIn(served.root).length === 0, 5_000)).toBe(true);

      const again = await runCliAsync(served.root, ['serve', '--stop']);
      expect(again.stdout).toBe(`culprit serve: no server is running for ${served.root}\n`);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('leaves nothing that breaks culprit check when killed; the next server takes over and exits when idle', async () => {
    const killed = await startServer(served);
    // Asked at once, most likely while the server primes: answered at once (cold, from the started
    // task's baseline) beside the priming, or by the primed worker when that was quicker.
    const check = await runCliAsync(served.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(check.stderr).toContain('culprit debug: serve: answered by the server');
    const last = parseReport(check.stdout, check.stderr);
    // The priming's worker is the first the server started; it started from that baseline too.
    expect(
      await waitFor(
        () => killed.stderr().includes(`warm: primed tsc, eslint on ${served.root} from the baseline`),
        60_000,
      ),
      killed.stderr(),
    ).toBe(true);
    const [worker] = readWorkerPids(killed.stderr());
    expect(isProcessAlive(worker!)).toBe(true);

    killed.child.kill('SIGKILL');
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(existsSync(killed.socket)).toBe(true);
    // The warm worker notices its server is gone and exits.
    expect(await waitFor(() => !isProcessAlive(worker!), 10_000)).toBe(true);

    const cold = await runCliAsync(served.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(cold.stderr).toMatch(/culprit debug: serve: no server on \S+ \(connect ECONNREFUSED/);
    expect(cold.stderr).not.toContain('answered by the server');
    const report = parseReport(cold.stdout, cold.stderr);
    expect(cold.exitCode).toBe(check.exitCode);
    // The same tree: the cold check repeats the attempt the killed server answered.
    expect({ attempt: report.attempt, counts: report.counts, shown: report.shown }).toEqual({
      attempt: last.attempt,
      counts: last.counts,
      shown: last.shown,
    });

    const next = await startServer(served, ['--idle-timeout', '1']);
    expect(next.socket).toBe(killed.socket);
    expect(await next.exited).toEqual({ code: 0, signal: null });
    expect(next.stderr()).toMatch(/culprit serve: stopped \(idle for 1 s\)\n$/);
    expect(existsSync(next.socket)).toBe(false);
  });
});

describe('a check that arrives while the server primes', () => {
  it('is answered at once, cold from the baseline, as a cold check answers it; the priming goes on beside it', async () => {
    // The ESLint config takes a minute to load while the flag file exists: the priming worker
    // loads it then; the check's own worker, after the flag is gone, at once.
    const flag = join(tmpdir(), `culprit-slow-config-${process.pid}-${Date.now()}`);
    const repo = repos.add(
      makeRepo({
        typescript: '6.0',
        eslint: '10',
        files: {
          ...smallFiles,
          'eslint-rules.js': `import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
if (existsSync(${JSON.stringify(flag)})) {
  process.stderr.write('culprit debug: test: the ESLint config takes a minute\\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}
export const rules = {};
`,
        },
      }),
    );
    const start = await runCliAsync(repo.root, ['start', '--json'], { CULPRIT_NO_SERVE: '1' });
    expect(start.exitCode, start.stderr).toBe(0);
    writeFileSync(flag, '');
    const server = startCli(repo.root, ['serve'], { CULPRIT_DEBUG: '1' });
    try {
      expect(
        await waitFor(() => server.stderr().includes('test: the ESLint config takes a minute'), 60_000),
        server.stderr(),
      ).toBe(true);
      rmSync(flag);
      applyEdit(repo, smallEdits[0]!);
      const check = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
      expect(check.stderr).toContain('culprit debug: serve: answered by the server');
      // Answered while the priming still waited for its config: the check did not wait for it.
      expect(server.stderr()).not.toContain('culprit debug: warm: primed');
      expect(server.stderr()).toContain('culprit debug: checks start from the baseline: tsc, eslint');
      const coldCheck = await runCliAsync(repo.root, ['check', '--json', '--once-per-tree'], {
        CULPRIT_NO_SERVE: '1',
      });
      expect(check.exitCode).toBe(1);
      expect(withoutDurations(parseReport(check.stdout, check.stderr))).toEqual(
        withoutDurations(parseReport(coldCheck.stdout, coldCheck.stderr)),
      );
      const stop = await runCliAsync(repo.root, ['serve', '--stop']);
      expect(stop.exitCode, stop.stderr).toBe(0);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(await waitFor(() => findProcessesIn(repo.root).length === 0, 10_000)).toBe(true);
    } finally {
      rmSync(flag, { force: true });
      server.child.kill('SIGKILL');
    }
  });
});

describe('culprit serve --stop while the server primes', () => {
  it('kills the priming worker rather than waiting for it, and stops', async () => {
    const repo = repos.add(makeSmallRepo());
    const server = await startServer(repo);
    try {
      expect(await waitFor(() => readWorkerPids(server.stderr()).length === 1, 30_000), server.stderr()).toBe(true);
      const [worker] = readWorkerPids(server.stderr());
      const stop = await runCliAsync(repo.root, ['serve', '--stop']);
      expect(stop.exitCode, stop.stderr).toBe(0);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      // Cut short, not finished cold: the priming says why it failed, and nothing ran after it.
      expect(server.stderr()).toContain(`culprit debug: warm: priming ${repo.root} failed: the warm engine was closed`);
      expect(server.stderr()).not.toContain('culprit debug: warm: primed ');
      expect(server.stderr()).not.toMatch(/warm: running .* cold/);
      expect(server.stderr()).toMatch(/culprit serve: stopped \(asked to stop\)\n$/);
      expect(await waitFor(() => !isProcessAlive(worker!), 5_000)).toBe(true);
      expect(existsSync(server.socket)).toBe(false);
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});

describe('culprit serve interrupted', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'by %s removes its socket and lock, kills its warm worker and dies of the signal',
    async (signal) => {
      const server = await startServer(served);
      try {
        // The priming starts the worker right after the server listens.
        expect(await waitFor(() => readWorkerPids(server.stderr()).length === 1, 30_000), server.stderr()).toBe(true);
        const [worker] = readWorkerPids(server.stderr());
        server.child.kill(signal);
        expect(await server.exited).toEqual({ code: null, signal });
        expect(existsSync(server.socket)).toBe(false);
        expect(existsSync(server.socket.replace(/\.sock$/, '.lock'))).toBe(false);
        expect(await waitFor(() => !isProcessAlive(worker!), 5_000)).toBe(true);
      } finally {
        server.child.kill('SIGKILL');
      }
    },
  );
});

describe('a served check whose culprit check is interrupted', () => {
  it('records no attempt, as an interrupted cold check records none', async () => {
    // A SARIF check that takes 3 s while the file `slow` exists.
    const repo = repos.add(
      makeRepo({
        typescript: false,
        files: {
          ...todoFiles,
          'culprit.config.json': `${JSON.stringify({ checks: { todos: { command: ['node', 'check.mjs'], format: 'sarif' } } })}\n`,
          'check.mjs':
            "import { existsSync } from 'node:fs';\nif (existsSync('slow')) await new Promise((resolve) => setTimeout(resolve, 3000));\nawait import('./todo-check.mjs');\n",
        },
      }),
    );
    const server = await startServer(repo);
    try {
      expect((await runCliAsync(repo.root, ['start'])).exitCode).toBe(0);
      repo.write('src/tax.js', 'export const rate = 0.2; // TODO: regional rates\n');
      repo.write('slow', '');
      const running = () => server.stderr().split('culprit debug: running todos').length - 1;
      const interrupted = startCli(repo.root, ['check', '--json']);
      expect(await waitFor(() => running() === 1, 30_000)).toBe(true);
      interrupted.child.kill('SIGKILL');
      await interrupted.exited;

      repo.remove('slow');
      const check = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
      expect(check.stderr).toContain('culprit debug: serve: answered by the server');
      expect(running()).toBe(2);
      const report = parseReport(check.stdout, check.stderr);
      expect({
        attempt: report.attempt,
        verdict: report.verdict,
        shown: report.shown.map((finding) => finding.path),
      }).toEqual({
        attempt: 1,
        verdict: 'introduced',
        shown: ['src/tax.js'],
      });
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});

describe('culprit mcp', () => {
  it('checks warm and answers what a cold culprit check --json gives', async () => {
    const [{ reports, stderr }, expected] = await Promise.all([viaMcp, cold]);
    expect(reports.map(withoutDurations)).toEqual(expected.map(({ report }) => withoutDurations(report)));
    // Primed after start, then incremental: one worker, nothing run cold beside it.
    expect(readWorkerPids(stderr)).toHaveLength(1);
    expect(stderr).not.toMatch(/warm: .*cold/);
  });
});
