/**
 * `culprit debt start` and `culprit debt check`: a campaign whose task is the standing findings,
 * printed as `check` prints its payload, with the same exit codes.
 */
import { exitCodeOf, type Report } from '../core/report/report.js';
import { renderJson } from '../render/json.js';
import { renderText } from '../render/text.js';
import type { SourceCache } from '../snapshot/source-cache.js';
import type { TaskContext } from '../tasks/context.js';
import { debtCheckTask, debtStartTask } from '../tasks/debt-task.js';
import type { CommandOutcome } from './run-command.js';
import { taskWords } from './task-words.js';

export interface DebtCommandOptions {
  cwd?: string | undefined;
  json?: boolean | undefined;
  maxFiles?: number | undefined;
  outputLimit?: number | undefined;
}

export interface DebtStartCommandOptions extends DebtCommandOptions {
  rule?: string[] | undefined;
  path?: string[] | undefined;
  tool?: string | undefined;
  max?: number | undefined;
}

export async function runDebtStartCommand(options: DebtStartCommandOptions): Promise<CommandOutcome> {
  const { context, report, sources } = await debtStartTask({
    cwd: options.cwd,
    maxFiles: options.maxFiles,
    outputLimit: options.outputLimit,
    rules: options.rule,
    paths: options.path,
    tool: options.tool,
    max: options.max,
    ...taskWords,
  });
  return renderDebt(options, context, report, sources);
}

export async function runDebtCheckCommand(options: DebtCommandOptions): Promise<CommandOutcome> {
  const { context, report, sources } = await debtCheckTask({
    cwd: options.cwd,
    maxFiles: options.maxFiles,
    outputLimit: options.outputLimit,
    ...taskWords,
  });
  return renderDebt(options, context, report, sources);
}

function renderDebt(
  options: DebtCommandOptions,
  context: TaskContext,
  report: Report,
  sources: SourceCache,
): CommandOutcome {
  // Text or JSON only: SARIF and annotations would call the targets, standing findings, new.
  const stdout =
    options.json === true
      ? renderJson(report)
      : renderText(report, { outputLimit: context.settings.outputLimit, sourceLines: sources.lines });
  return { stdout, exitCode: exitCodeOf(report.verdict) };
}
