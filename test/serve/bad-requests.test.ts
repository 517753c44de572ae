/**
 * A running `culprit serve` (the built CLI, on a repository with a SARIF check) given what no
 * culprit client sends: the line `null`, a check without options, a line past 16 MiB, a check for
 * another repository (whose configured check command must not run), and a client that connects
 * and never sends a whole line. Each is answered (or closed) on its own and the server keeps
 * serving: a real check is still answered by it afterwards. A half-open client does not keep the
 * server alive across `serve --stop`, a client that stays silent is told so after the read
 * timeout (an in-process server with a short one), and a server that cannot listen exits 2
 * with one line. Every server a test starts is stopped in it.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive, waitFor } from '../checks/helpers.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, projectRoot, type TestRepo } from '../helpers/repo.js';
import { todoFiles } from '../fixtures/sarif-todos.js';
import { findProcessesIn, startCli, useRepos, type BackgroundCli } from '../warm/helpers.js';
import { runCheckCommand } from '../../src/cli/check.js';
import { runFixCommand } from '../../src/cli/fix.js';
import { runHookCommand } from '../../src/cli/hook.js';
import type { HookAgentName } from '../../src/hooks/agent-names.js';
import { runStartCommand } from '../../src/cli/start.js';
import { findServeSocket } from '../../src/serve/client.js';
import { makeSocketFolder } from '../../src/serve/paths.js';
import { serveWorkTree } from '../../src/serve/server.js';

const repos = useRepos();
const { version } = createRequire(import.meta.url)(join(projectRoot, 'package.json')) as { version: string };

const servers: BackgroundCli[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
});

function makeTodoRepo(extra: Record<string, string> = {}): TestRepo {
  return repos.add(makeRepo({ typescript: false, files: { ...todoFiles, ...extra } }));
}

async function startServer(repo: TestRepo): Promise<BackgroundCli & { socket: string; pid: number }> {
  const server = startCli(repo.root, ['serve'], { CULPRIT_DEBUG: '1' });
  servers.push(server);
  const ready = /serving \S+ on (\S+) \(pid (\d+)\)/;
  if (!(await waitFor(() => ready.test(server.stderr()), 30_000)))
    throw new Error(`culprit serve did not start:\n${server.stderr()}`);
  const [, socket, pid] = ready.exec(server.stderr())!;
  return { ...server, socket: socket!, pid: Number(pid) };
}

/** Opens a connection, writes `data` (a string or bytes), and collects what comes back until the server closes it. */
function send(socket: string, data: string | Buffer): Promise<{ answer: string; closedByServer: boolean }> {
  return new Promise((resolve) => {
    let answer = '';
    // Nothing to send (a silent client): only connect, so no write can fail on a connection the server closed first.
    const connection = connect(socket, () => data.length > 0 && connection.write(data, () => undefined));
    connection.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    // The server may close while a large write is still under way: that is its answer too.
    connection.on('error', () => undefined);
    connection.once('close', () => resolve({ answer, closedByServer: true }));
  });
}

async function ask(socket: string, request: unknown): Promise<Record<string, unknown>> {
  const { answer } = await send(socket, `${JSON.stringify(request)}\n`);
  return JSON.parse(answer) as Record<string, unknown>;
}

describe('a running server given bad requests', () => {
  it('answers each on its own, runs nothing for another repository, and keeps serving', async () => {
    const repo = makeTodoRepo();
    // Another repository whose configured check leaves a mark when it runs.
    const other = makeTodoRepo({
      'culprit.config.json': `${JSON.stringify({ checks: { mark: { command: ['node', 'mark.mjs'], format: 'sarif' } } })}\n`,
      'mark.mjs':
        "import { writeFileSync } from 'node:fs';\nwriteFileSync('ran', '');\nprocess.stdout.write(JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'mark' } }, results: [] }] }));\n",
    });
    const server = await startServer(repo);

    expect(await ask(server.socket, null)).toEqual({ kind: 'refused', reason: 'not a culprit serve request' });
    expect(await send(server.socket, 'not json\n')).toEqual({
      answer: `${JSON.stringify({ kind: 'refused', reason: 'not a culprit serve request' })}\n`,
      closedByServer: true,
    });
    expect(await ask(server.socket, { version, command: 'check' })).toEqual({
      kind: 'error',
      message: 'culprit serve cannot read this request: options: Invalid input: expected object, received undefined',
      userError: false,
    });
    expect(await ask(server.socket, { version, command: 'check', options: { cwd: 'relative' } })).toMatchObject({
      kind: 'error',
      message: 'culprit serve cannot read this request: options.cwd: must be an absolute path',
    });
    expect(
      await ask(server.socket, { version, command: 'check', options: { cwd: repo.root, shell: 'rm -rf /' } }),
    ).toMatchObject({ kind: 'error', message: expect.stringContaining('Unrecognized key: "shell"') });
    // When the client began: a time, never a word or a date before the epoch.
    expect(
      await ask(server.socket, { version, command: 'check', options: { cwd: repo.root, startedAt: 'now' } }),
    ).toMatchObject({ kind: 'error', message: expect.stringContaining('options.startedAt: Invalid input') });
    expect(
      await ask(server.socket, { version, command: 'check', options: { cwd: repo.root, startedAt: -1 } }),
    ).toMatchObject({ kind: 'error', message: expect.stringContaining('options.startedAt: Too small') });
    expect(await ask(server.socket, { version: '0.0.1', command: 'check', options: {} })).toEqual({
      kind: 'refused',
      reason: `this server is culprit ${version}, the client 0.0.1`,
    });

    // 17 MiB and no newline: refused once 16 MiB have come, the connection closed.
    const oversized = await send(server.socket, Buffer.alloc(17 * 1024 * 1024, 0x61));
    expect(oversized.answer).toBe(
      `${JSON.stringify({ kind: 'refused', reason: `the request is larger than ${16 * 1024 * 1024} bytes` })}\n`,
    );

    expect(await ask(server.socket, { version, command: 'check', options: { cwd: other.root } })).toEqual({
      kind: 'error',
      message: `the culprit server of ${repo.root} does not answer for ${other.root}; run culprit there without it (CULPRIT_NO_SERVE=1)`,
      userError: true,
    });
    expect(
      await ask(server.socket, {
        version,
        command: 'hook',
        options: { agent: 'claude-code', input: '{}', cwd: other.root },
      }),
    ).toMatchObject({ kind: 'error', userError: true });
    expect(existsSync(join(other.root, 'ran'))).toBe(false);

    // Still serving, and still the server of its own tree.
    expect(isProcessAlive(server.pid)).toBe(true);
    expect(await ask(server.socket, { version, command: 'ping' })).toMatchObject({
      kind: 'status',
      pid: server.pid,
      root: repo.root,
    });
    const check = runCli(repo.root, ['check'], { env: { CULPRIT_DEBUG: '1' } });
    expect(check.exitCode, check.stderr).toBe(0);
    expect(check.stderr).toContain(`culprit debug: serve: answered by the server on ${server.socket}`);
    expect(server.stderr()).not.toContain('a bug in culprit');

    const stop = runCli(repo.root, ['serve', '--stop']);
    expect(stop.exitCode).toBe(0);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(join(other.root, 'ran'))).toBe(false);
  });

  it('closes a half-open client when told to stop, rather than staying alive for it', async () => {
    const repo = makeTodoRepo();
    const server = await startServer(repo);
    // Connected, half a request sent, never finished and never closed.
    let heard = '';
    const client: Socket = connect(server.socket, () => client.write('{"version":'));
    client.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    client.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));

    const stop = runCli(repo.root, ['serve', '--stop']);
    expect(stop.stdout).toBe(`culprit serve: stopping the server for ${repo.root} (pid ${server.pid})\n`);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await closed;
    // Closed by the stop, not answered by the read timeout (which says so before it closes).
    expect(heard).toBe('');
    expect(server.stderr()).toMatch(/culprit serve: stopped \(asked to stop\)\n$/);
    expect(findProcessesIn(repo.root)).toEqual([]);
  });

  it('tells a client that sends no whole request in time, and closes it', async () => {
    const repo = makeTodoRepo();
    const logged: string[] = [];
    // In this process, with the CLI's own command runners, so the read timeout can be short.
    const serving = serveWorkTree({
      cwd: repo.root,
      version,
      idleMs: 60_000,
      prime: false,
      requestTimeoutMs: 300,
      log: (line) => logged.push(line),
      runCheck: (options) => runCheckCommand(options),
      runStart: (options) => runStartCommand(options),
      runFix: (options) => runFixCommand(options),
      runHook: ({ agent, ...hook }) => runHookCommand({ ...hook, agent: agent as HookAgentName }),
    });
    const { socket } = await findServeSocket(repo.root);
    try {
      expect(await waitFor(() => logged.some((line) => line.includes(' serving ')), 20_000)).toBe(true);
      const silent = await send(socket, '');
      expect(silent.answer).toBe(`${JSON.stringify({ kind: 'refused', reason: 'no whole request within 300 ms' })}\n`);
      expect(await ask(socket, { version, command: 'stop' })).toEqual({ kind: 'stopping', pid: process.pid });
      expect(await serving).toBe('asked to stop');
      expect(existsSync(socket)).toBe(false);
    } finally {
      // Whatever failed, the server in this process stops with the test.
      if (existsSync(socket)) await send(socket, `${JSON.stringify({ version, command: 'stop' })}\n`);
      await serving.catch(() => undefined);
    }
  });
});

describe('a server that cannot listen', () => {
  it('exits 2 with one line naming the socket and why, and leaves nothing running', async () => {
    const repo = makeTodoRepo();
    const { socket } = await findServeSocket(repo.root);
    expect(makeSocketFolder(socket)).toBeUndefined();
    // Not a socket: not culprit's to remove, so there is nowhere to listen.
    mkdirSync(socket);
    writeFileSync(join(socket, 'keep'), '');
    try {
      const serve = runCli(repo.root, ['serve']);
      expect(serve.exitCode).toBe(2);
      expect(serve.stderr).toBe(
        `culprit: culprit serve cannot listen on ${socket}: ${socket} is not a socket; remove it\n`,
      );
      expect(findProcessesIn(repo.root)).toEqual([]);
      // Its lock went with it: a server can start once the path is free.
      expect(existsSync(socket.replace(/\.sock$/, '.lock'))).toBe(false);
    } finally {
      const { rmSync } = await import('node:fs');
      rmSync(socket, { recursive: true, force: true });
    }
  });
});
