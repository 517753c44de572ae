/**
 * The generic check: any command that prints a SARIF 2.1.0 log on stdout, run in the root
 * without a shell (the configured argument array as it is), through the command runner. A
 * non-zero exit is fine when stdout holds a valid log (linters exit 1 on findings); a log whose
 * runs say they did not finish fails the check, and so does anything else, with one line saying
 * why. Its coverage is the log's analysed artifacts, where the log tells (output/sarif-log.ts).
 */
import { resolve } from 'node:path';
import type { CheckOutput, CheckRequest } from '../check.js';
import type { CommandOptions } from './index.js';
import { findExecutable } from '../runner/find-executable.js';
import { makeRepoPath } from '../output/repo-path.js';
import { runCommandCheck, type CommandCheck } from '../runner/command-check.js';
import { parseSarifLog } from '../output/sarif-log.js';

export const sarifCommand: CommandCheck<CommandOptions> = {
  name: (options) => describeCommand(options.command),
  locate: ({ root, options }) => {
    const [program = ''] = options.command;
    // A bare name is looked up like the repository's other tools; a path is relative to the root.
    const executable = program.includes('/')
      ? resolve(root, program)
      : findExecutable(program, { local: ['node', 'python'], roots: [root, options.workTree] });
    return {
      executable,
      missing: `${describeCommand(options.command)}: ${program} was not found in node_modules/.bin, a virtualenv or on PATH`,
    };
  },
  args: ({ options }) => options.command.slice(1),
  maxOutputBytes: (options) => options.maxOutputBytes,
  exitCodes: 'any',
  read: (result, { root, options }) => {
    const log = parseSarifLog(result.stdout, { root, toRepoPath: makeRepoPath(root), phase: options.phase });
    return {
      version: log.version,
      diagnostics: log.diagnostics,
      failure: log.failures.length === 0 ? undefined : log.failures.join('; '),
      checkedPaths: log.analyzed,
    };
  },
  describeFailure: (result, error, { options }) => {
    const how = result.signal === null ? `exit code ${result.exitCode ?? 'unknown'}` : `signal ${result.signal}`;
    const said = result.stderrLines.length === 0 ? '' : `; stderr: ${result.stderrLines.slice(-2).join(' | ')}`;
    return `${describeCommand(options.command)} (${how}) printed no SARIF 2.1.0 log: ${error?.message ?? 'no output'}${said}`;
  },
};

export function runSarifCommand(request: CheckRequest<CommandOptions>): Promise<CheckOutput> {
  return runCommandCheck(sarifCommand, request);
}

/** `node todo-check.mjs`, bounded, for messages. */
function describeCommand(command: readonly string[]): string {
  const text = command.map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
