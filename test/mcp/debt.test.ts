/**
 * The MCP `debt` tool as a client meets it: `culprit mcp` over stdio, the SDK's own Client, real
 * ESLint. A campaign starts, its targets are fixed, and its result validates against the check
 * tool's output schema; the agent task's check is not affected.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cliPath } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { debtCampaignFiles, fixDebt } from '../fixtures/debt-campaign.js';

let repo: TestRepo;
let client: Client;

beforeAll(async () => {
  repo = makeRepo({ eslint: '10', files: debtCampaignFiles });
  client = new Client({ name: 'culprit-test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp'], cwd: repo.root }));
});

afterAll(async () => {
  await client?.close();
  repo?.cleanup();
});

async function call(args: Record<string, unknown>, name = 'debt'): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

interface DebtContent {
  verdict: string;
  text: string;
  targets: { total: number; resolved: number; remaining: number };
  shown: { path: string; code: string }[];
}

test('check before a campaign is an error result, and the server keeps serving', async () => {
  const result = await call({ action: 'check' });
  expect(result.isError).toBe(true);
  expect(result.content).toEqual([
    { type: 'text', text: `culprit: no debt campaign in ${repo.root}: run \`culprit debt start\` first` },
  ]);
  expect((await call({ action: 'finish' })).isError).toBe(true);
});

test('start takes the selected targets; a fix resolves them and the campaign is clean', async () => {
  const start = await call({ action: 'start', paths: ['src/legacy.ts'] });
  expect(start.isError, JSON.stringify(start.content)).toBeFalsy();
  const started = start.structuredContent as unknown as DebtContent;
  expect(started.verdict).toBe('introduced');
  expect(started.targets).toEqual({ total: 2, resolved: 0, remaining: 2 });
  expect(started.shown.map((finding) => `${finding.path} ${finding.code}`)).toEqual([
    'src/legacy.ts no-var',
    'src/legacy.ts prefer-const',
  ]);
  expect(started.text).toMatch(/^culprit: debt campaign: 2 standing findings to fix/);

  repo.write('src/legacy.ts', fixDebt(repo.read('src/legacy.ts')));
  const checked = (await call({ action: 'check' })).structuredContent as unknown as DebtContent;
  expect(checked.verdict).toBe('clean');
  expect(checked.targets).toEqual({ total: 2, resolved: 2, remaining: 0 });
  expect(checked.shown).toEqual([]);

  // The agent task sees the fix as what its edit did, not as the campaign's.
  const check = (await call({}, 'check')).structuredContent as unknown as DebtContent & { targets?: unknown };
  expect(check.targets).toBeUndefined();
  expect(check.verdict).toBe('clean');
});
