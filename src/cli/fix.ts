import { exitCodeOf } from '../core/report/report.js';
import { renderers } from '../render/index.js';
import { describeFixes, renderFixDiff, renderFixJson } from '../render/fix.js';
import { fixTask } from '../tasks/fix-task.js';
import { findConfigFiles } from './check.js';
import type { CommandOutcome } from './run-command.js';

export interface FixCommandOptions {
  cwd?: string | undefined;
  json?: boolean | undefined;
  dryRun?: boolean | undefined;
  suggestions?: boolean | undefined;
  maxFiles?: number | undefined;
  outputLimit?: number | undefined;
  base?: string | undefined;
}

export async function runFixCommand(options: FixCommandOptions): Promise<CommandOutcome> {
  const fixed = await fixTask({
    cwd: options.cwd,
    maxFiles: options.maxFiles,
    outputLimit: options.outputLimit,
    base: options.base,
    dryRun: options.dryRun,
    suggestions: options.suggestions,
  });
  const { report, context, sources, details } = fixed.result;
  const exitCode = exitCodeOf(report.verdict);
  if (options.json === true) return { stdout: renderFixJson(report, fixed), exitCode };
  if (fixed.dryRun) return { stdout: renderFixDiff(fixed), exitCode };
  const text = renderers.text(report, {
    outputLimit: context.settings.outputLimit,
    sourceLines: sources.lines,
    attribution: details.attribution,
    configFiles: findConfigFiles(context.root, context.settings.checks),
  });
  return { stdout: `${describeFixes(fixed)}\n${text}`, exitCode };
}
