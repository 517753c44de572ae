/**
 * The MCP server as a client meets it: `culprit mcp` spawned over stdio, driven by the SDK's own
 * Client, on a real repository checked by real tsc. One session walks start → edit → check →
 * explain, and bad arguments in between must give error results without ending the session.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema } from '../../src/mcp/report-schema.js';
import { cliPath } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';

const tsconfig = bundlerTsconfig;

let repo: TestRepo;
let client: Client;
let stderr = '';
const tools = new Map<string, Tool>();

beforeAll(async () => {
  // rates.ts reads Rate.amount; app.ts imports rates.ts and reads it too, so renaming the field
  // makes rates.ts the root and app.ts a withheld echo.
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "mcp", "private": true, "type": "module" }',
      'tsconfig.json': tsconfig,
      'src/types.ts': 'export interface Rate { amount: number }\n',
      'src/rates.ts': "import type { Rate } from './types';\nexport const rate = (r: Rate): number => r.amount * 2;\n",
      'src/app.ts':
        "import type { Rate } from './types';\nimport { rate } from './rates';\nexport const show = (r: Rate): string => `${r.amount}: ${rate(r)}`;\n",
    },
  });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'mcp'],
    cwd: repo.root,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'culprit-test', version: '0.0.0' });
  await client.connect(transport);
  for (const tool of (await client.listTools()).tools) tools.set(tool.name, tool);
});

afterAll(async () => {
  await client?.close();
  repo?.cleanup();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

describe('culprit mcp', () => {
  it('lists start, check, fix, debt and explain with strict input schemas and output schemas', () => {
    expect([...tools.keys()].sort()).toEqual(['check', 'debt', 'explain', 'fix', 'start']);
    expect(tools.get('fix')!.inputSchema).toMatchObject({
      properties: { dryRun: { type: 'boolean' }, suggestions: { type: 'boolean' } },
      additionalProperties: false,
    });
    expect(tools.get('fix')!.outputSchema?.required).toEqual(expect.arrayContaining(['verdict', 'fixes', 'dryRun']));
    expect(tools.get('check')!.inputSchema).toMatchObject({
      type: 'object',
      properties: { maxFiles: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    });
    expect(tools.get('check')!.inputSchema.required ?? []).toEqual([]);
    expect(tools.get('explain')!.inputSchema).toMatchObject({ required: ['file'], additionalProperties: false });
    expect(tools.get('start')!.inputSchema).toMatchObject({ additionalProperties: false });
    expect(tools.get('check')!.outputSchema?.required).toEqual(
      expect.arrayContaining(['verdict', 'attempt', 'counts', 'shown', 'withheld', 'roots', 'checks']),
    );
    expect(tools.get('explain')!.outputSchema).toBeDefined();
  });

  it('takes the baseline, and explain asks for a check before there is one', async () => {
    const start = await call('start', {});
    expect(start.isError).toBeFalsy();
    expect(textOf(start)).toMatch(/^culprit: baseline taken; the repository was clean before this task/);
    const early = await call('explain', { file: 'src/rates.ts' });
    expect(early.isError).toBe(true);
    expect(textOf(early)).toContain('call check first');
  });

  it('checks: the payload as text, the --json object as structured content matching the output schema', async () => {
    repo.write('src/types.ts', 'export interface Rate { value: number }\n');
    const result = await call('check', {});
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(
      /^culprit: your edit introduced 2 findings; showing 2 in 2 files, every site of the declaration your edit changed in src\/types\.ts\./,
    );
    const report = result.structuredContent as {
      verdict: string;
      attempt: number;
      shown: { path: string }[];
      withheld: { files: string[] };
    };
    expect(report.verdict).toBe('introduced');
    expect(report.attempt).toBe(1);
    expect(report.shown.map((finding) => finding.path)).toEqual(['src/app.ts', 'src/rates.ts']);
    expect(report.withheld.files).toEqual([]);

    const validate = new Ajv({ strict: false }).compile(tools.get('check')!.outputSchema!);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(reportSchema.safeParse(report).success).toBe(true);
  });

  it('explains a root cause unit and a site of it: every site is shown, nothing withheld', async () => {
    const root = await call('explain', { file: 'src/types.ts' });
    expect(root.isError).toBeFalsy();
    expect(root.structuredContent).toMatchObject({
      file: 'src/types.ts',
      root: { files: ['src/types.ts'], editable: true, selected: true, introduced: 2 },
      findings: [],
    });

    const site = await call('explain', { file: `${repo.root}/src/app.ts` });
    expect(site.structuredContent).toMatchObject({ file: 'src/app.ts', root: null, findings: [], shownInFile: 1 });
    expect(textOf(site)).toMatch(/^culprit: nothing is withheld in src\/app\.ts; check shows its 1 finding\./);
  });

  it('refuses paths outside the repository', async () => {
    for (const file of ['../outside.ts', '/etc/passwd', '.']) {
      const result = await call('explain', { file });
      expect(result.isError, file).toBe(true);
      expect(textOf(result)).toContain('not a file inside the repository');
    }
  });

  it('gives error results for bad arguments and stays usable', async () => {
    const bad: [string, Record<string, unknown>][] = [
      ['check', { bogus: 1 }],
      ['check', { maxFiles: 0 }],
      ['check', { maxFiles: '2' }],
      ['check', { maxFiles: 1.5 }],
      ['explain', {}],
      ['explain', { file: 3 }],
      ['start', { now: true }],
    ];
    for (const [name, args] of bad) {
      const result = await call(name, args);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(result)).toMatch(/Input validation error/);
    }
    // The tree is the one the first check saw: its attempt again, not a stuck second one.
    const again = await call('check', { maxFiles: 1 });
    expect(again.isError).toBeFalsy();
    expect(again.structuredContent).toMatchObject({ verdict: 'introduced', attempt: 1 });
  });

  it('refuses a new baseline while the last check found what the edits introduced', async () => {
    const start = await call('start', {});
    expect(start.isError).toBe(true);
    expect(textOf(start)).toBe(
      'culprit: no new baseline: your last check found 2 findings your edits introduced, and a baseline taken now would count them as standing. Fix them (check shows what to fix), or leave the decision to a person.',
    );
    // The baseline stands: the check after is the same attempt.
    expect((await call('check', {})).structuredContent).toMatchObject({ verdict: 'introduced', attempt: 1 });
  });

  it('fixes the sites of the renamed member: a dry run changes nothing, then fix writes them and checks again', async () => {
    const before = [repo.read('src/rates.ts'), repo.read('src/app.ts')];
    const dry = await call('fix', { dryRun: true });
    expect(dry.isError).toBeFalsy();
    expect(dry.structuredContent).toMatchObject({ verdict: 'introduced', dryRun: true });
    expect(textOf(dry)).toContain(
      '-export const rate = (r: Rate): number => r.amount * 2;\n+export const rate = (r: Rate): number => r.value * 2;\n',
    );
    expect([repo.read('src/rates.ts'), repo.read('src/app.ts')]).toEqual(before);

    const fixed = await call('fix', {});
    expect(fixed.isError).toBeFalsy();
    const output = fixed.structuredContent as {
      verdict: string;
      attempt: number;
      fixes: { path: string; source: string }[];
    };
    expect(output.fixes.map((fix) => [fix.path, fix.source])).toEqual([
      ['src/app.ts', 'rename'],
      ['src/rates.ts', 'rename'],
    ]);
    expect(output).toMatchObject({ verdict: 'clean', attempt: 2, dryRun: false });
    expect(repo.read('src/rates.ts')).toContain('r.value * 2');
    expect(textOf(fixed)).toMatch(
      /^culprit fix: finished the rename of `Rate\.amount` to `value` at 2 sites in 2 files, as TypeScript's rename does on the code before your edit:\n/,
    );
    expect(output).toMatchObject({ skipped: [] });
    const validate = new Ajv({ strict: false }).compile(tools.get('fix')!.outputSchema!);
    expect(validate(output), JSON.stringify(validate.errors)).toBe(true);
    // Clean now: a new task may start.
    const start = await call('start', {});
    expect(start.isError).toBeFalsy();
    expect(textOf(start)).toMatch(/^culprit: baseline taken; the repository was clean before this task/);
  });

  it('keeps stdout for the protocol: its only log line is on stderr', () => {
    expect(stderr).toMatch(/^culprit mcp \S+: serving .* over stdio\n/);
  });
});
