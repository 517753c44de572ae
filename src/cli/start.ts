import { describeStart } from '../render/start.js';
import { describeNotes } from '../render/report-notes.js';
import { makeCodedNote } from '../core/report/report-codes.js';
import { startTask } from '../tasks/start-task.js';
import type { CheckRunner } from '../checks/runner/run-check.js';
import type { WarmMemory } from '../warm/warm-memory.js';
import type { CommandOutcome } from './run-command.js';
import { taskWords } from './task-words.js';

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
    ...taskWords,
  });
  const notes = describeNotes(result.notes);
  const stdout = options.json
    ? `${JSON.stringify({
        clean: result.complete && result.findings === 0,
        findings: result.findings,
        errors: result.errors,
        complete: result.complete,
        source: result.source,
        // Undefined is left out: no notes, no key.
        notes: notes.length === 0 ? undefined : notes,
        noteCodes: notes.length === 0 ? undefined : result.notes.map(makeCodedNote),
        checks: result.baseline.checks.map(({ name, status, durationMs, version, error, diagnostics }) => ({
          name,
          status,
          durationMs,
          version,
          findings: diagnostics.length,
          error,
        })),
      })}\n`
    : `${describeStart(result)}${notes.map((note) => `culprit: note: ${note}\n`).join('')}`;
  return { stdout, exitCode: result.complete ? 0 : 2 };
}
