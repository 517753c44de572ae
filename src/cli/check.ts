import { definitionOf, type CheckKind, type ResolvedCheckOf } from '../checks/registry.js';
import type { FormatName } from '../render/index.js';
import type { CheckRunner } from '../checks/runner/run-check.js';
import type { WarmMemory } from '../warm/warm-memory.js';
import { checkTask } from '../tasks/check-task.js';
import type { CommandOutcome } from './run-command.js';
import { taskWords } from './task-words.js';

export interface CheckCommandOptions {
  cwd?: string;
  json?: boolean;
  format?: FormatName;
  maxFiles?: number;
  outputLimit?: number;
  /** Compare with this revision's tree instead of the started task's baseline (default: HEAD without start). */
  base?: string;
  /** False: a new attempt even when the tree has not changed since the last one (see CheckTaskOptions). */
  oncePerTree?: boolean;
  /** Override the configured budget (see CheckTaskOptions). */
  budgetAttempts?: number;
  budgetSeconds?: number;
  /** What runs the checks: the server passes its warm engine. */
  runChecks?: CheckRunner;
  /** What the server keeps between commands. */
  memory?: WarmMemory | undefined;
  /** Whether the client of a served check is still there (see CheckTaskOptions.isWanted). */
  isWanted?: () => boolean;
  /** The server writes the attempt after answering (see CheckTaskOptions.afterAnswer). */
  afterAnswer?: ((write: () => Promise<void>) => void) | undefined;
}

/** The report's and the renderers' modules: a cold check loads them while its checks run, not before they start. */
const loadRendering = () => Promise.all([import('../core/report/report.js'), import('../render/index.js')]);

export async function runCheckCommand(options: CheckCommandOptions): Promise<CommandOutcome> {
  const { report, sources, context, details } = await checkTask({
    whileChecking: () => void loadRendering().catch(() => undefined),
    runChecks: options.runChecks,
    memory: options.memory,
    isWanted: options.isWanted,
    afterAnswer: options.afterAnswer,
    cwd: options.cwd,
    maxFiles: options.maxFiles,
    outputLimit: options.outputLimit,
    base: options.base,
    oncePerTree: options.oncePerTree,
    budgetAttempts: options.budgetAttempts,
    budgetSeconds: options.budgetSeconds,
    ...taskWords,
  });
  const [{ exitCodeOf }, { renderers }] = await loadRendering();
  const format: FormatName = options.json ? 'json' : (options.format ?? 'text');
  const stdout = renderers[format](report, {
    outputLimit: context.settings.outputLimit,
    sourceLines: sources.lines,
    attribution: details.attribution,
    configFiles: findConfigFiles(context.root, context.settings.checks),
  });
  return { stdout, exitCode: exitCodeOf(report.verdict) };
}

/**
 * The file that configures each check, where culprit knows it: findings about no file (compiler
 * options, a config the tool rejected) are reported on it in SARIF and annotations.
 */
export function findConfigFiles<Kind extends CheckKind>(
  root: string,
  checks: readonly ResolvedCheckOf<Kind>[],
): Map<string, string> {
  const files = new Map<string, string>();
  for (const check of checks) {
    const file = definitionOf(check.kind).findConfigFile?.(root, check.options);
    if (file !== undefined) files.set(check.name, file);
  }
  return files;
}
