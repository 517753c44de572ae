/**
 * `culprit mcp`: serves the MCP tools over stdio for the repository it is started in, until the
 * client goes away. stdout carries only the protocol; the one line it logs goes to stderr.
 *
 * The client going away is any of: its end of stdin closes (the SDK's transport does not notice
 * that by itself), the transport closes, or the parent process is gone (re-parented, so
 * `process.ppid` changes). Each ends the server, which stops the warm workers, and the process
 * exits: a culprit server left behind holds a warm tsc of the repository (hundreds of MB).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { makeServer, settleWrites } from '../mcp/server.js';

export interface McpCommandOptions {
  cwd?: string;
  version: string;
}

/** How often the parent is looked for; a server orphaned by a killed client lingers at most this long. */
const parentPollMs = 1_000;

export async function runMcpCommand(options: McpCommandOptions): Promise<void> {
  const server = makeServer({ cwd: options.cwd, version: options.version });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(parentWatch);
    // Closing the server closes the transport, whose close stops the warm engine; exiting then
    // kills whatever worker is still winding down (see checks/worker-registry.ts).
    void settleWrites(server)
      .then(() => server.close())
      .finally(() => process.exit(0));
  };
  const parent = process.ppid;
  const parentWatch = setInterval(() => {
    if (process.ppid !== parent) stop();
  }, parentPollMs);
  parentWatch.unref();
  process.stdin.once('end', stop);
  process.stdin.once('close', stop);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  const closed = transport.onclose;
  transport.onclose = () => {
    closed?.();
    stop();
  };
  process.stderr.write(`culprit mcp ${options.version}: serving ${options.cwd ?? process.cwd()} over stdio\n`);
}
