/**
 * `culprit mcp`: serves the MCP tools over stdio for the repository it is started in, until the
 * client closes the connection. stdout carries only the protocol; the one line it logs goes to
 * stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { makeServer } from '../mcp/server.js';

export interface McpCommandOptions {
  cwd?: string;
  version: string;
}

export async function runMcpCommand(options: McpCommandOptions): Promise<void> {
  const server = makeServer({ ...(options.cwd === undefined ? {} : { cwd: options.cwd }), version: options.version });
  await server.connect(new StdioServerTransport());
  process.stderr.write(`culprit mcp ${options.version}: serving ${options.cwd ?? process.cwd()} over stdio\n`);
}
