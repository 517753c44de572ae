/**
 * A full garbage collection once a long-lived process (the warm worker, `culprit serve`) has been
 * idle for a moment after an answer. A run leaves its garbage on the heap: typescript-eslint's
 * trees of every file it linted, the program the update replaced. V8 collects it only when the
 * heap grows again, so between attempts a worker holds as much as the last run's peak; collected,
 * it holds what its sessions keep (measured on the bench's 798 files: 800 MB → 300 MB).
 *
 * Idle, not at once: a collection of a worker's heap takes a few hundred milliseconds, and a
 * request arriving meanwhile would wait for it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { logDebug } from '../debug/log-debug.js';

export interface IdleCollector {
  /** A request started: no collection until it is answered. */
  busy(): void;
  /** A request was answered: collect once nothing else started within the delay. */
  idle(): void;
}

export function makeIdleCollector(delayMs: number): IdleCollector {
  const collect = exposeGc();
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    busy() {
      running += 1;
      clearTimeout(timer);
    },
    idle() {
      running = Math.max(0, running - 1);
      clearTimeout(timer);
      if (running > 0) return;
      timer = setTimeout(() => {
        // Twice: the first pass frees the objects, the second compacts the pages they held, so the
        // process's resident size falls, not only its heap.
        const started = performance.now();
        collect();
        collect();
        // The bench waits for this line before it reads what the process holds.
        logDebug(`idle: collected the last run's garbage in ${Math.round(performance.now() - started)} ms`);
      }, delayMs);
      timer.unref();
    },
  };
}

/** `gc` without `--expose-gc` on the command line (the server is started by users too). */
function exposeGc(): () => void {
  const exposed = globalThis.gc;
  if (exposed !== undefined)
    return () => {
      exposed();
    };
  setFlagsFromString('--expose-gc');
  // The flag holds for contexts created after it: a new context has `gc` as a global.
  return runInNewContext('gc') as () => void;
}
