/**
 * What must not outlive culprit (temporary paths, the lock file, `culprit serve`'s socket, check
 * workers and git helpers) registers a synchronous cleanup here. One place installs the process's
 * handlers for SIGINT, SIGTERM and SIGHUP and its `exit` listener, and only while a cleanup is
 * registered, so a culprit with nothing to clean up keeps Node's default action.
 *
 * On a signal every cleanup runs, last registered first (a worker or git helper started in a
 * temporary copy is killed before the copy is removed), the handlers are removed, and culprit
 * dies of the signal as the user asked (the shell then reports 128 + its number). Our handler
 * replaced Node's default, so it re-raises the signal; when someone else also listens (a program
 * embedding culprit), that listener decides instead, and the signal is re-raised only once the
 * last cleanup is unregistered with no listener left.
 */

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Each registration is its own entry, so one function registered twice runs twice. */
const cleanups = new Set<{ run: () => void }>();
let interruptedBy: NodeJS.Signals | undefined;
let installed = false;
/** While the cleanups run, unregistering one must not uninstall and re-raise halfway through. */
let draining = false;

/**
 * Runs `cleanup` when culprit exits or is interrupted, unless the returned function is called
 * first (it unregisters without running it; calling it again does nothing).
 */
export function registerCleanup(cleanup: () => void): () => void {
  const entry = { run: cleanup };
  cleanups.add(entry);
  installHandlers();
  return () => {
    if (cleanups.delete(entry)) settle();
  };
}

/**
 * Runs `create` (synchronous: it makes something and registers its cleanup) with the signal
 * handlers installed. With none installed a signal kills at once, even between two synchronous
 * lines, and the kernel delivers it on the return from a system call: a path made just before
 * its cleanup is registered would stay behind. With a handler, the signal waits for `create` to
 * finish, then runs the cleanup.
 */
export function whileArmed<T>(create: () => T): T {
  const disarm = registerCleanup(() => undefined);
  try {
    return create();
  } finally {
    disarm();
  }
}

function runCleanups(): void {
  draining = true;
  try {
    for (const entry of [...cleanups].reverse()) {
      cleanups.delete(entry);
      try {
        entry.run();
      } catch {
        // Best effort: one cleanup that fails must not keep the others from running.
      }
    }
  } finally {
    draining = false;
  }
}

function onSignal(signal: NodeJS.Signals): void {
  interruptedBy = signal;
  runCleanups();
  removeHandlers();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/** After an unregistration: uninstall when nothing is left, and die of a signal another listener deferred. */
function settle(): void {
  if (draining || cleanups.size > 0) return;
  removeHandlers();
  const signal = interruptedBy;
  if (signal !== undefined && process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function installHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('exit', runCleanups);
  for (const signal of signals) process.on(signal, onSignal);
}

function removeHandlers(): void {
  if (!installed) return;
  installed = false;
  process.off('exit', runCleanups);
  for (const signal of signals) process.off(signal, onSignal);
}
