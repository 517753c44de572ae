/**
 * The one error culprit raises on purpose: something about the input, the configuration or the
 * environment that the user can fix. It carries a one-line message naming what failed; the CLI
 * prints it and exits 2. Anything else reaching the top is a bug in culprit and is reported as one.
 * Recognised by a brand rather than instanceof, so copies of culprit loaded twice still agree.
 */

const brand = Symbol.for('culprit.user-error');

export interface UserError extends Error {
  [brand]: true;
}

export function makeUserError(message: string, cause?: unknown): UserError {
  const error = new Error(message, cause === undefined ? undefined : { cause }) as UserError;
  error.name = 'UserError';
  error[brand] = true;
  return error;
}

export function isUserError(error: unknown): error is UserError {
  return typeof error === 'object' && error !== null && (error as Partial<UserError>)[brand] === true;
}

/** The message of any thrown value, on one line. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, ' ').trim();
}
