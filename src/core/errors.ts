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

/**
 * culprit's own errors, and failures of the file system the user can do something about (a full
 * disk, a read-only mount, a file they may not write): neither is a bug in culprit.
 */
export function isUserError(error: unknown): error is UserError {
  if (typeof error !== 'object' || error === null) return false;
  return (error as Partial<UserError>)[brand] === true || describeFileSystemFailure(error) !== undefined;
}

/** What each failure of the file system means, and what to do about it. */
const fileSystemFailures: Readonly<Record<string, readonly [meaning: string, remedy: string]>> = {
  ENOSPC: ['no space left on the device', 'free some space and run culprit again'],
  EDQUOT: ['the disk quota is used up', 'free some space and run culprit again'],
  EROFS: ['the file system is read-only', 'run culprit where it can write (its state lives in .git/culprit)'],
  EACCES: ['permission denied', 'make it writable by the user culprit runs as, or run culprit as its owner'],
  EPERM: ['operation not permitted', 'make it writable by the user culprit runs as, or run culprit as its owner'],
  EFBIG: ['the file is larger than this system lets a process write', 'raise the file size limit (ulimit -f)'],
  EIO: ['the device reported an input/output error', 'check the disk'],
  EMFILE: ['too many open files', 'raise the limit (ulimit -n)'],
  ENFILE: ['too many open files on this system', 'close some programs and run culprit again'],
};

/**
 * One line for a failure of the file system (ENOSPC, EROFS, EACCES, EFBIG, …): the path, what
 * happened and what to do, or undefined for any other error.
 */
export function describeFileSystemFailure(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, path, syscall } = error as { code?: unknown; path?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || typeof syscall !== 'string') return undefined;
  const failure = fileSystemFailures[code];
  if (failure === undefined) return undefined;
  const [meaning, remedy] = failure;
  const where = typeof path === 'string' ? `cannot ${syscall} ${path}` : `${syscall} failed`;
  return `${where}: ${meaning} (${code}); ${remedy}`;
}

/**
 * Errors that mean code went wrong (culprit's, or a tool's) rather than saying what failed: their
 * message alone ("Cannot read properties of undefined") names nothing, so their name and the
 * place they were thrown are added.
 */
const programmingErrors: ReadonlySet<string> = new Set(['TypeError', 'ReferenceError', 'RangeError']);

/** The message of any thrown value, on one line. */
export function describeError(error: unknown): string {
  let message = describeFileSystemFailure(error) ?? (error instanceof Error ? error.message : String(error));
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
