/**
 * The MCP server writes a check's attempt (session file, ledger) after the answer has gone out,
 * as the warm server does: a client that leaves at once must still find the attempt recorded,
 * and the next call must read it (a second check of the same tree re-reads that attempt). The
 * server waits for those writes before it exits (settleWrites).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, expect, it } from 'vitest';
import { cliPath, runCli } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo } from '../helpers/repo.js';

const repo = makeRepo({
  files: {
    'package.json': '{ "name": "mcp-after", "private": true, "type": "module" }',
    'tsconfig.json': bundlerTsconfig,
    'src/a.ts': 'export const a: number = 1;\n',
  },
});
afterAll(() => repo.cleanup());

async function connect(): Promise<{ client: Client; exited: Promise<void> }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp'], cwd: repo.root });
  const client = new Client({ name: 'culprit-test', version: '0.0.0' });
  await client.connect(transport);
  const pid = transport.pid!;
  const exited = new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      try {
        process.kill(pid, 0);
      } catch {
        clearInterval(poll);
        resolve();
      }
    }, 50);
  });
  return { client, exited };
}

it('records the attempt after answering, also when the client leaves right after the answer', async () => {
  const first = await connect();
  await first.client.callTool({ name: 'start', arguments: {} });
  writeFileSync(join(repo.root, 'src/a.ts'), "export const a: number = 'one';\n");
  const answered = (await first.client.callTool({ name: 'check', arguments: {} })) as CallToolResult;
  expect(answered.structuredContent).toMatchObject({ verdict: 'introduced', attempt: 1 });
  // Gone at once: its stdin closes and the server exits.
  await first.client.close();
  await first.exited;

  const stats = JSON.parse(runCli(repo.root, ['stats', '--json']).stdout) as { tasks: { attempts: number }[] };
  expect(stats.tasks.map((task) => task.attempts)).toEqual([1]);

  // Another session: a check of the same tree re-reads that attempt, a new tree is attempt 2.
  const second = await connect();
  try {
    const again = (await second.client.callTool({ name: 'check', arguments: {} })) as CallToolResult;
    expect(again.structuredContent).toMatchObject({ verdict: 'introduced', attempt: 1 });
    writeFileSync(join(repo.root, 'src/a.ts'), "export const a: number = 'two';\n");
    const next = (await second.client.callTool({ name: 'check', arguments: {} })) as CallToolResult;
    expect(next.structuredContent).toMatchObject({ verdict: 'introduced', attempt: 2 });
  } finally {
    await second.client.close();
    await second.exited;
  }
}, 60_000);
