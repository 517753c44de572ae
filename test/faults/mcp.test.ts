/**
 * The MCP server under bad input: ill-typed and unknown arguments, unknown tools, paths outside
 * the repository (absolute, `../`, a symbolic link leading out, a NUL byte) and a configuration
 * broken in the middle of a session. Each call is refused with an error result naming the cause,
 * and the server keeps serving.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cliPath } from '../helpers/cli.js';
import { makeFaultRepo, todosConfig, type FaultRepo } from './helpers.js';

let fault: FaultRepo;
let client: Client;
let outside: string;
let stderr = '';

beforeAll(async () => {
  fault = makeFaultRepo();
  outside = `${fault.repo.root}-outside`;
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.js'), '// TODO: never read this\n');
  symlinkSync(outside, join(fault.repo.root, 'escape'));
  symlinkSync(join(outside, 'secret.js'), join(fault.repo.root, 'src', 'secret.js'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'mcp'],
    cwd: fault.repo.root,
    env: { ...(process.env as Record<string, string>), ...(fault.env() as Record<string, string>) },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'culprit-faults', version: '0.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  fault?.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

async function call(name: string, args: unknown): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

test('paths outside the repository are refused, by spelling or through a link', async () => {
  expect((await call('start', {})).isError).toBeFalsy();
  expect((await call('check', {})).isError).toBeFalsy();
  const refusals: [string, string][] = [
    ['/etc/passwd', 'it is not a file inside the repository'],
    ['../outside.js', 'it is not a file inside the repository'],
    ['src/../../outside.js', 'it is not a file inside the repository'],
    [join(outside, 'secret.js'), 'it is not a file inside the repository'],
    ['escape/secret.js', 'it is a symbolic link that leads outside the repository'],
    ['src/secret.js', 'it is a symbolic link that leads outside the repository'],
    ['escape/not-there-yet.js', 'it is a symbolic link that leads outside the repository'],
    ['src/cart.js\u0000.png', 'a path cannot contain a NUL byte'],
  ];
  for (const [file, why] of refusals) {
    const result = await call('explain', { file });
    expect(result.isError, file).toBe(true);
    expect(textOf(result)).toBe(
      `culprit: refusing ${JSON.stringify(file)}: ${why}${why.startsWith('a path') ? '; give a file inside the repository' : ''} ${fault.repo.root}`,
    );
    expect(textOf(result)).not.toContain('never read this');
  }
  // A path that only looks odd but stays inside is answered.
  const inside = await call('explain', { file: 'src/../src/cart.js' });
  expect(inside.isError).toBeFalsy();
  expect(inside.structuredContent).toMatchObject({ file: 'src/cart.js' });
});

test('ill-typed and unknown arguments and unknown tools give error results', async () => {
  const bad: [string, unknown][] = [
    ['explain', { file: ['src/cart.js'] }],
    ['explain', { file: '' }],
    ['explain', { file: 'src/cart.js', depth: 3 }],
    ['explain', { file: null }],
    ['check', { maxFiles: -1 }],
    // Infinity, which JSON sends as null.
    ['check', { maxFiles: Infinity }],
    ['check', { maxFiles: { $gt: 1 } }],
    ['start', { cwd: '/' }],
  ];
  for (const [name, args] of bad) {
    const result = await call(name, args);
    expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
    expect(textOf(result)).toMatch(/Input validation error/);
  }
  const unknown = await call('rm', { path: '/' });
  expect(unknown.isError).toBe(true);
  expect(textOf(unknown)).toMatch(/Tool rm not found/);
});

test('a configuration broken mid-session is an error result; fixed, the next call works', async () => {
  fault.repo.write('culprit.config.json', '{ "checks": { "todos": { "command": "node check.mjs" } } }');
  const broken = await call('check', {});
  expect(broken.isError).toBe(true);
  expect(textOf(broken)).toBe('culprit: culprit.config.json: checks.todos.command: expected array, received string');
  fault.repo.write('culprit.config.json', JSON.stringify(todosConfig));
  const again = await call('check', {});
  expect(again.isError).toBeFalsy();
  expect(again.structuredContent).toMatchObject({ verdict: 'clean' });
  expect(stderr).not.toContain('a bug in culprit');
});
