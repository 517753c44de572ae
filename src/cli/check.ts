import { exitCodeOf } from '../report.js';
import { renderers, type FormatName } from '../render/index.js';
import { checkTask } from '../task/check-task.js';
import type { CommandOutcome } from './run-command.js';

export interface CheckCommandOptions {
  cwd?: string;
  json?: boolean;
  format?: FormatName;
  maxFiles?: number;
  outputLimit?: number;
}

export async function runCheckCommand(options: CheckCommandOptions): Promise<CommandOutcome> {
  const { report, sources, context } = await checkTask({
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.maxFiles === undefined ? {} : { maxFiles: options.maxFiles }),
    ...(options.outputLimit === undefined ? {} : { outputLimit: options.outputLimit }),
  });
  const format: FormatName = options.json ? 'json' : (options.format ?? 'text');
  const stdout = renderers[format](report, { outputLimit: context.settings.outputLimit, sourceLines: sources.lines });
  return { stdout, exitCode: exitCodeOf(report.verdict) };
}
