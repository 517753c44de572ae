/**
 * Every command's outer edge: print what it produced, turn its outcome into an exit code, and
 * turn errors into one line on stderr. Exit 2 means culprit could not give an answer (usage,
 * configuration, or a check failed); it is never used for a clean result.
 */
import { describeError, isUserError } from '../core/errors.js';

export interface CommandOutcome {
  stdout: string;
  exitCode: number;
}

export async function runCommand(action: () => Promise<CommandOutcome>): Promise<void> {
  try {
    const outcome = await action();
    await writeOut(outcome.stdout);
    process.exitCode = outcome.exitCode;
  } catch (error) {
    if (isUserError(error)) {
      process.stderr.write(`culprit: ${describeError(error)}\n`);
    } else {
      process.stderr.write(`culprit: internal error (a bug in culprit, please report it): ${describeError(error)}\n`);
      if (error instanceof Error && error.stack !== undefined) process.stderr.write(`${error.stack}\n`);
    }
    process.exitCode = 2;
  }
}

function writeOut(text: string): Promise<void> {
  if (text === '') return Promise.resolve();
  return new Promise((resolve) => process.stdout.write(text, () => resolve()));
}
