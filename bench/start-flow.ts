/**
 * Issue 40's flow, as an agent meets it: `culprit start` with no server running and CI unset (it
 * starts `culprit serve`, whose warm worker takes the baseline run, so that one run also warms
 * it), then at once a one-line body edit and `culprit check`, which that server answers. Then
 * the MCP server's warm check: `culprit mcp` through a real MCP client, `start`, then body edits
 * each checked by the `check` tool (no process start: the agent's server is already running).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Edit } from './edits.js';

export interface StartFlow<Check> {
  /** `culprit start` on a tree never snapshotted, starting the server. */
  start: { wallMs: number; served: boolean; started: boolean };
  /** The body edit checked right after that start. */
  firstCheck: Check;
}

export interface McpChecks {
  startMs: number;
  /** The `check` tool's round trips after body edits, back to back. */
  checkMs: number[];
  /** The same, each after the model's turn (bench-env.ts). */
  afterTurnMs: number[];
}

export interface FlowTools<Check> {
  /** Runs the CLI in `root` with serving allowed (CI unset); what it printed and how long it took. */
  runCli(args: readonly string[]): Promise<{ wallMs: number; stderr: string; exitCode: number | null }>;
  measureCheck(): Promise<Check>;
  /** Stops the work tree's server and waits for it to be gone. */
  stopServer(stderr: string): Promise<void>;
}

export async function measureStartFlow<Check>(
  fresh: Edit,
  body: Edit,
  tools: FlowTools<Check>,
): Promise<StartFlow<Check>> {
  // A tree start has never seen: its checks run (a cached one would run nothing).
  fresh.apply(40_001);
  let serverLog = '';
  try {
    const start = await tools.runCli(['start']);
    serverLog = start.stderr;
    if (start.exitCode !== 0) throw new Error(`culprit start failed (exit ${start.exitCode}):\n${start.stderr}`);
    body.apply(40_002);
    const firstCheck = await tools.measureCheck();
    return {
      start: {
        wallMs: start.wallMs,
        served: start.stderr.includes('answered by the server'),
        started: start.stderr.includes('started a warm server'),
      },
      firstCheck,
    };
  } finally {
    body.revert();
    fresh.revert();
    await tools.stopServer(serverLog);
  }
}

/** `culprit mcp` over stdio: start, then `rounds` body edits, each checked by the tool. */
export async function measureMcpChecks(
  cli: string,
  root: string,
  env: NodeJS.ProcessEnv,
  body: Edit,
  rounds: number,
  turn?: { rounds: number; wait: () => Promise<void> },
): Promise<McpChecks> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp'],
    cwd: root,
    env: env as Record<string, string>,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'culprit-bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    const startedAt = performance.now();
    await client.callTool({ name: 'start', arguments: {} });
    const startMs = performance.now() - startedAt;
    const check = async (variant: number, wait?: () => Promise<void>): Promise<number> => {
      body.apply(variant);
      await wait?.();
      const before = performance.now();
      const result = await client.callTool({ name: 'check', arguments: {} });
      if (result.isError === true) throw new Error(`the MCP check failed: ${JSON.stringify(result.content)}`);
      return performance.now() - before;
    };
    const checkMs: number[] = [];
    for (let round = 1; round <= rounds; round += 1) checkMs.push(await check(41_000 + round));
    const afterTurnMs: number[] = [];
    for (let round = 1; round <= (turn?.rounds ?? 0); round += 1)
      afterTurnMs.push(await check(42_000 + round, turn?.wait));
    return { startMs, checkMs, afterTurnMs };
  } finally {
    body.revert();
    await client.close();
  }
}
