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

/**
 * Errors that mean code went wrong (culprit's, or a tool's) rather than saying what failed: their
 * message alone ("Cannot read properties of undefined") names nothing, so their name and the
 * place they were thrown are added.
 */
const programmingErrors: ReadonlySet<string> = new Set(['TypeError', 'ReferenceError', 'RangeError']);

/** The message of any thrown value, on one line. */
export function describeError(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && programmingErrors.has(error.name)) {
    const at = readThrowSite(error.stack);
    message = `${error.name}: ${message}${at === null ? '' : ` (at ${at})`}`;
  }
  // One line, and no control characters a terminal would act on (a tool's garbage can end up quoted here).
  return message
    .replace(/\s*\n\s*/g, ' ')
    .replace(
      // eslint-disable-next-line no-control-regex -- matching control characters is this line's purpose
      /[\u0000-\u0008\u000b-\u001f\u007f]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .trim();
}

/** `file:line:column` of the first stack frame, or null. */
function readThrowSite(stack: string | undefined): string | null {
  const frame = stack?.split('\n').find((line) => /^\s+at /.test(line));
  if (frame === undefined) return null;
  return /\((.+:\d+:\d+)\)$/.exec(frame)?.[1] ?? /^\s+at (.+:\d+:\d+)$/.exec(frame)?.[1] ?? null;
}
