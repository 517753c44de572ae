import { describeStart } from '../render/start.js';
import { startTask } from '../tasks/start-task.js';
import type { CheckRunner } from '../checks/runner/run-check.js';
import type { WarmMemory } from '../warm/warm-memory.js';
import type { CommandOutcome } from './run-command.js';

export interface StartCommandOptions {
  cwd?: string;
  json?: boolean;
  /** What runs the checks: the server passes its warm engine. */
  runChecks?: CheckRunner | undefined;
  /** What the server keeps between commands. */
  memory?: WarmMemory | undefined;
}

export async function runStartCommand(options: StartCommandOptions): Promise<CommandOutcome> {
  const result = await startTask({
    cwd: options.cwd,
    runChecks: options.runChecks,
    memory: options.memory,
  });
  const stdout = options.json
    ? `${JSON.stringify({
        clean: result.complete && result.findings === 0,
        findings: result.findings,
        errors: result.errors,
        complete: result.complete,
        source: result.source,
        // Undefined is left out: no notes, no key.
        notes: result.notes.length === 0 ? undefined : result.notes,
        checks: result.baseline.checks.map(({ name, status, durationMs, version, error, diagnostics }) => ({
          name,
          status,
          durationMs,
          version,
          findings: diagnostics.length,
          error,
        })),
      })}\n`
    : `${describeStart(result)}${result.notes.map((note) => `culprit: note: ${note}\n`).join('')}`;
  return { stdout, exitCode: result.complete ? 0 : 2 };
}
