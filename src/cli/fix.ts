import { exitCodeOf } from '../core/report/report.js';
import { renderFixJson, renderFixText } from '../render/fix.js';
import { fixTask } from '../tasks/fix-task.js';
import type { CheckRunner } from '../checks/runner/run-check.js';
import type { WarmMemory } from '../warm/warm-memory.js';
import type { CommandOutcome } from './run-command.js';
import { taskWords } from './task-words.js';

export interface FixCommandOptions {
  cwd?: string | undefined;
  json?: boolean | undefined;
  dryRun?: boolean | undefined;
  suggestions?: boolean | undefined;
  maxFiles?: number | undefined;
  outputLimit?: number | undefined;
  base?: string | undefined;
  /** What runs the checks: the server passes its warm engine. */
  runChecks?: CheckRunner | undefined;
  /** What the server keeps between commands. */
  memory?: WarmMemory | undefined;
  /** Whether the client of a served fix is still there (see CheckTaskOptions.isWanted). */
  isWanted?: (() => boolean) | undefined;
}

export async function runFixCommand(options: FixCommandOptions): Promise<CommandOutcome> {
  const fixed = await fixTask({
    cwd: options.cwd,
    maxFiles: options.maxFiles,
    outputLimit: options.outputLimit,
    base: options.base,
    dryRun: options.dryRun,
    suggestions: options.suggestions,
    runChecks: options.runChecks,
    memory: options.memory,
    isWanted: options.isWanted,
    ...taskWords,
  });
  const { report, context, sources } = fixed.result;
  const exitCode = exitCodeOf(report.verdict);
  if (options.json === true) return { stdout: renderFixJson(report, fixed), exitCode };
  const text = renderFixText(report, fixed, { outputLimit: context.settings.outputLimit, sourceLines: sources.lines });
  return { stdout: text, exitCode };
}
