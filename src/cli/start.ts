import { describeStart, startTask } from '../task/start-task.js';
import type { CommandOutcome } from './run-command.js';

export interface StartCommandOptions {
  cwd?: string;
  json?: boolean;
}

export async function runStartCommand(options: StartCommandOptions): Promise<CommandOutcome> {
  const result = await startTask(options.cwd === undefined ? {} : { cwd: options.cwd });
  const stdout = options.json
    ? `${JSON.stringify({
        clean: result.complete && result.findings === 0,
        findings: result.findings,
        errors: result.errors,
        complete: result.complete,
        checks: result.baseline.checks.map(({ name, status, durationMs, version, error, diagnostics }) => ({
          name,
          status,
          durationMs,
          version,
          findings: diagnostics.length,
          ...(error === undefined ? {} : { error }),
        })),
      })}\n`
    : describeStart(result);
  return { stdout, exitCode: result.complete ? 0 : 2 };
}
