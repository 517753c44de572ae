/**
 * The generic check: any command that prints a SARIF 2.1.0 log on stdout, run in the root
 * without a shell (the configured argument array as it is). Like every adapter it runs inside
 * a check worker, so its timeout kills the command's whole process group. A non-zero exit is
 * fine when stdout holds a valid log (linters exit 1 on findings); anything else fails the
 * check with one line saying why.
 */
import { resolve } from 'node:path';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { CommandOptions } from './index.js';
import { makeMissingToolError } from '../check.js';
import { dedupeDiagnostics } from '../output/dedupe-diagnostics.js';
import { findExecutable } from '../runner/find-executable.js';
import { makeRepoPath } from '../output/repo-path.js';
import { runTool } from '../runner/run-tool.js';
import { parseSarifLog } from '../output/sarif-log.js';

export async function runSarifCommand({ root, options }: CheckRequest<CommandOptions>): Promise<CheckOutput> {
  const [program = '', ...args] = options.command;
  const name = describeCommand(options.command);
  // A bare name is looked up like the repository's other tools; a path is relative to the root.
  const executable = program.includes('/')
    ? resolve(root, program)
    : findExecutable(program, { local: ['node', 'python'], roots: [root, options.workTree] });
  if (executable === null)
    throw makeMissingToolError(`${name}: ${program} was not found in node_modules/.bin, a virtualenv or on PATH`);
  const result = await runTool(executable, args, { name, cwd: root, maxOutputBytes: options.maxOutputBytes });
  let findings;
  try {
    findings = parseSarifLog(result.stdout, { root, toRepoPath: makeRepoPath(root), phase: options.phase });
  } catch (error) {
    const how = result.signal === null ? `exit code ${result.exitCode ?? 'unknown'}` : `signal ${result.signal}`;
    const said = result.stderrLines.length === 0 ? '' : `; stderr: ${result.stderrLines.slice(-2).join(' | ')}`;
    throw new Error(`${name} (${how}) printed no SARIF 2.1.0 log: ${(error as Error).message}${said}`, {
      cause: error,
    });
  }
  return { version: findings.version, diagnostics: dedupeDiagnostics(findings.diagnostics) };
}

/** `node todo-check.mjs`, bounded, for messages. */
function describeCommand(command: readonly string[]): string {
  const text = command.map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
