import { baselineFileName } from '../baseline/baseline-file.js';
import { makeUserError } from '../errors.js';
import { pruneBaselineTask, writeBaselineTask, type BaselineWriteResult } from '../task/baseline-task.js';
import type { CommandOutcome } from './run-command.js';

export interface BaselineCommandOptions {
  cwd?: string;
  write?: boolean;
  prune?: boolean;
  json?: boolean;
}

export async function runBaselineCommand(options: BaselineCommandOptions): Promise<CommandOutcome> {
  if (options.write === options.prune) {
    throw makeUserError(`culprit baseline needs exactly one of --write (accept every finding as it stands) or --prune (remove what no longer exists)`);
  }
  const task = options.cwd === undefined ? {} : { cwd: options.cwd };
  if (options.write) {
    const result = await writeBaselineTask(task);
    const text = result.changed
      ? `culprit: wrote ${baselineFileName}: ${describeCounts(result)}.`
      : `culprit: ${baselineFileName} is up to date: ${describeCounts(result)}.`;
    return { stdout: options.json ? renderJson({ action: 'write', ...summarise(result) }) : `${text}\n`, exitCode: 0 };
  }
  const result = await pruneBaselineTask(task);
  const moved = result.renames.map(({ from, to }) => `; ${from} is now ${to}`).join('');
  const text =
    result.changed
      ? `culprit: pruned ${baselineFileName}: removed ${result.removed} finding${result.removed === 1 ? '' : 's'} that no longer exist${result.removed === 1 ? 's' : ''}${moved}; ${describeCounts(result)} remain.`
      : `culprit: nothing to prune in ${baselineFileName}: ${describeCounts(result)}.`;
  return {
    stdout: options.json ? renderJson({ action: 'prune', ...summarise(result), removed: result.removed, renames: result.renames }) : `${text}\n`,
    exitCode: 0,
  };
}

function summarise(result: BaselineWriteResult): { file: string; changed: boolean; findings: number; checks: Record<string, number> } {
  return { file: baselineFileName, changed: result.changed, findings: result.findings, checks: result.perCheck };
}

function describeCounts(result: BaselineWriteResult): string {
  const parts = Object.entries(result.perCheck).map(([name, count]) => `${name}: ${count}`).join(', ');
  return `${result.findings} finding${result.findings === 1 ? '' : 's'}${parts === '' ? '' : ` (${parts})`}`;
}

function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
