/**
 * `culprit debt start` and `culprit debt check`: a campaign whose task is the standing findings,
 * printed as `check` prints its payload, with the same exit codes.
 */
import { exitCodeOf, type Report } from '../core/report/report.js';
import { renderers, type FormatName } from '../render/index.js';
import type { SourceCache } from '../snapshot/source-cache.js';
import type { TaskContext } from '../tasks/context.js';
import { debtCheckTask, debtStartTask } from '../tasks/debt-task.js';
import { findConfigFiles } from './check.js';
import type { CommandOutcome } from './run-command.js';

export interface DebtCommandOptions {
  cwd?: string | undefined;
  json?: boolean | undefined;
  format?: FormatName | undefined;
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
  });
  return renderDebt(options, context, report, sources);
}

export async function runDebtCheckCommand(options: DebtCommandOptions): Promise<CommandOutcome> {
  const { context, report, sources } = await debtCheckTask({
    cwd: options.cwd,
    maxFiles: options.maxFiles,
    outputLimit: options.outputLimit,
  });
  return renderDebt(options, context, report, sources);
}

function renderDebt(
  options: DebtCommandOptions,
  context: TaskContext,
  report: Report,
  sources: SourceCache,
): CommandOutcome {
  const format: FormatName = options.json === true ? 'json' : (options.format ?? 'text');
  const stdout = renderers[format](report, {
    outputLimit: context.settings.outputLimit,
    sourceLines: sources.lines,
    configFiles: findConfigFiles(context.root, context.settings.checks),
  });
  return { stdout, exitCode: exitCodeOf(report.verdict) };
}
