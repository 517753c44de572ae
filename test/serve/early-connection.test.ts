/**
 * A served command connects to its work tree's server as it starts (cli/main.ts,
 * serve/connect-server.ts), and the server reads the tree as a client connects (server.ts,
 * KeptIndex.readAhead): git's work overlaps the client's start-up. The command's request goes on
 * that very connection; one no command takes is closed. The server's check takes the reading
 * begun at the connection when no change was told since, and reads afresh after one (git's own
 * trace says which commands ran); its warm worker confirms its last answer from then too, a run the
 * check takes. A real `culprit serve` (the built CLI) on a repository with a SARIF check, and on
 * one with real tsc and ESLint, real git, and a plain socket server for the client's side.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer, type Socket } from 'node:net';
import { basename, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { waitFor } from '../checks/helpers.js';
import { makeRepo, projectRoot, type TestRepo } from '../helpers/repo.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';
import { todoFiles } from '../fixtures/sarif-todos.js';
import { runCliAsync, startCli, useRepos } from '../warm/helpers.js';
import { useServerStops } from './stop-servers.js';
import { makeSmallRepo } from '../warm/workspace.js';
import { askServer, makeServedCheckRequest } from '../../src/serve/ask-server.js';
import { connectEarly, dropEarlyConnection } from '../../src/serve/connect-server.js';
import { makeSocketFolder, resolveServeSocket } from '../../src/serve/paths.js';
import type { JsonReport } from '../helpers/cli.js';

const repos = useRepos();
const stops = useServerStops();
const makeDir = useTemporaryDirectories();
const { version } = createRequire(import.meta.url)(join(projectRoot, 'package.json')) as { version: string };

/** The git commands that read the tree's identity, in the order git's trace lists them. */
function readTreeCommands(trace: string): string[] {
  return [...readFileSync(trace, 'utf8').matchAll(/trace: built-in: git (status|add|write-tree)\b/g)].map(
    (match) => match[1]!,
  );
}

/** Sends one line on an open connection and reads the answer line. */
function exchange(connection: Socket, request: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let answer = '';
    connection.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      const end = answer.indexOf('\n');
      if (end !== -1) resolve(JSON.parse(answer.slice(0, end)) as Record<string, unknown>);
    });
    connection.once('error', reject);
    connection.write(`${JSON.stringify(request)}\n`);
  });
}

function openConnection(socket: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket, () => resolve(connection));
    connection.once('error', reject);
  });
}

describe('a client connecting as its command starts', () => {
  it('has the server read the tree from then, a reading its check takes unless a change was told since', async () => {
    const repo: TestRepo = repos.add(makeRepo({ typescript: false, files: todoFiles }));
    const trace = join(repo.root, '..', `${basename(repo.root)}-git-trace.log`);
    onTestFinished(() => rmSync(trace, { force: true }));
    stops.push(repo.root);
    const server = startCli(repo.root, ['serve'], { CULPRIT_DEBUG: '1', GIT_TRACE: trace });
    const ready = /serving \S+ on (\S+) \(pid \d+\)/;
    expect(await waitFor(() => ready.test(server.stderr()), 30_000), server.stderr()).toBe(true);
    const socket = ready.exec(server.stderr())![1]!;
    expect(await waitFor(() => server.stderr().includes('warm: following the edits of'), 30_000)).toBe(true);
    // A first check: the server has read this tree once, and kept the index it read it with.
    const first = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(first.stderr).toContain('culprit debug: serve: answered by the server');
    const request = makeServedCheckRequest({ format: 'text', json: true, cwd: repo.root }, version);

    // Connected, nothing sent yet: git confirms the tree already (one status on the kept index).
    const before = readTreeCommands(trace).length;
    const early = await openConnection(socket);
    expect(await waitFor(() => readTreeCommands(trace).length > before, 10_000)).toBe(true);
    expect(readTreeCommands(trace).slice(before)).toEqual(['status']);
    const answer = await exchange(early, request);
    early.destroy();
    expect(answer).toMatchObject({ kind: 'outcome', exitCode: 0 });
    // The check took that reading: git read the tree once for it.
    expect(readTreeCommands(trace).slice(before)).toEqual(['status']);
    const unchanged = JSON.parse(answer['stdout'] as string) as JsonReport;
    expect(unchanged.verdict).toBe('clean');
    // The tree the first check read: its attempt, read again.
    const { attempt } = JSON.parse(first.stdout) as JsonReport;
    expect(unchanged.attempt).toBe(attempt);

    // An edit after the connection, which the server's watcher tells: the check reads afresh and names it.
    const told = readTreeCommands(trace).length;
    const connection = await openConnection(socket);
    expect(await waitFor(() => readTreeCommands(trace).length > told, 10_000)).toBe(true);
    writeFileSync(join(repo.root, 'later.js'), '// TODO: told after the connection\n');
    // The watcher's event comes within milliseconds (a second is margin for a loaded machine);
    // nothing of it is logged when no warm check follows it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const edited = await exchange(connection, request);
    connection.destroy();
    expect(edited).toMatchObject({ kind: 'outcome', exitCode: 1 });
    const report = JSON.parse(edited['stdout'] as string) as JsonReport;
    expect(report.verdict).toBe('introduced');
    // Another tree than the one the connection's reading named: a new attempt.
    expect(report.attempt).toBe(attempt + 1);
    expect(report.shown.map((finding) => finding.path)).toEqual(['later.js']);
    // The same tree, cold: the same findings.
    const cold = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_NO_SERVE: '1' });
    expect((JSON.parse(cold.stdout) as JsonReport).shown).toEqual(report.shown);
  });

  it("has the warm worker confirm its last answer from then, a run the client's check takes", async () => {
    const repo = repos.add(makeSmallRepo());
    stops.push(repo.root);
    const server = startCli(repo.root, ['serve'], { CULPRIT_DEBUG: '1' });
    const ready = /serving \S+ on (\S+) \(pid \d+\)/;
    expect(await waitFor(() => ready.test(server.stderr()), 30_000), server.stderr()).toBe(true);
    const socket = ready.exec(server.stderr())![1]!;
    expect(await waitFor(() => server.stderr().includes('warm: following the edits of'), 30_000)).toBe(true);
    // Served checks until the worker is warm on the tree (the first may come while it primes).
    const request = makeServedCheckRequest({ format: 'text', json: true, cwd: repo.root }, version);
    for (let round = 0; round < 5 && !server.stderr().includes('warm: tsc found nothing changed'); round += 1) {
      const check = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
      expect(check.stderr).toContain('culprit debug: serve: answered by the server');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(server.stderr()).toContain('warm: tsc found nothing changed');
    const since = server.stderr().length;
    const heard = () => server.stderr().slice(since);
    const confirmations = () =>
      heard()
        .split('\n')
        .filter((line) => line.endsWith('warm: tsc found nothing changed'));

    // Connected, nothing sent yet: the worker runs already, and finds nothing changed.
    const early = await openConnection(socket);
    expect(await waitFor(() => confirmations().length === 1, 10_000), heard()).toBe(true);
    expect(heard()).toContain('warm: asked the worker ahead of the tree');
    const answer = await exchange(early, request);
    early.destroy();
    expect(answer).toMatchObject({ kind: 'outcome', exitCode: 0 });
    // The check took that run: the worker was not asked again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(confirmations(), heard()).toHaveLength(1);
    const cold = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_NO_SERVE: '1' });
    const served = JSON.parse(answer['stdout'] as string) as JsonReport;
    expect(served.verdict).toBe((JSON.parse(cold.stdout) as JsonReport).verdict);
    expect(served.counts).toEqual((JSON.parse(cold.stdout) as JsonReport).counts);
  });

  it("sends the command's request on the connection made as it started, and closes one no command takes", async () => {
    const repo = repos.add(makeRepo({ typescript: false, files: todoFiles }));
    // The user's runtime folder, where the work tree's socket is found.
    const runtime = makeDir('culprit-runtime-');
    const saved = process.env['XDG_RUNTIME_DIR'];
    process.env['XDG_RUNTIME_DIR'] = runtime;
    onTestFinished(() => {
      if (saved === undefined) delete process.env['XDG_RUNTIME_DIR'];
      else process.env['XDG_RUNTIME_DIR'] = saved;
    });
    const socket = resolveServeSocket(repo.root);
    expect(makeSocketFolder(socket)).toBeUndefined();
    const heard: { data: string; closed: boolean }[] = [];
    const listener = createServer((connection) => {
      const entry = { data: '', closed: false };
      heard.push(entry);
      connection.on('data', (chunk: Buffer) => {
        entry.data += chunk.toString('utf8');
        if (entry.data.endsWith('\n'))
          connection.end(`${JSON.stringify({ kind: 'status', pid: 1, root: repo.root })}\n`);
      });
      connection.on('close', () => (entry.closed = true));
    });
    await new Promise<void>((resolve) => listener.listen(socket, resolve));
    onTestFinished(() => new Promise<void>((resolve) => listener.close(() => resolve())));

    connectEarly(repo.root);
    expect(await waitFor(() => heard.length === 1, 5_000)).toBe(true);
    expect(heard[0]!.data).toBe('');
    const answer = await askServer(socket, { version, command: 'ping' });
    expect(answer).toMatchObject({ kind: 'status', root: repo.root });
    // One connection: the one made as the command started carried its request.
    expect(heard).toHaveLength(1);
    expect(JSON.parse(heard[0]!.data)).toEqual({ version, command: 'ping' });

    // A connection the command does not take (the full command line asks on its own) is closed, having sent nothing.
    connectEarly(repo.root);
    expect(await waitFor(() => heard.length === 2, 5_000)).toBe(true);
    dropEarlyConnection();
    expect(await waitFor(() => heard[1]!.closed, 5_000)).toBe(true);
    expect(heard[1]!.data).toBe('');
  });
});
