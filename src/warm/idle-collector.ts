/**
 * A full garbage collection once a long-lived process (the warm worker, `culprit serve`) has been
 * idle for a moment after an answer. A run leaves its garbage on the heap: typescript-eslint's
 * trees of every file it linted, the program the update replaced. V8 collects it only when the
 * heap grows again, so between attempts a worker holds as much as the last run's peak; collected,
 * it holds what its sessions keep (measured on the bench's 798 files: 800 MB → 300 MB).
 *
 * Collecting is not enough for the resident size to fall: V8 keeps the pages it freed and hands
 * them back to the system only from its memory reducer, which waits for seconds of quiet (about
 * 8 s on Node 24) that checks a few seconds apart never leave. A worker then held ~850 MB after
 * every check with ~300 MB alive. Where V8 has it (12 and later: Node 22 and 24), the collection
 * is the "last resort" one, which compacts and returns the freed pages at once; Node 20's V8 lacks
 * it (given the option, it collects nothing), so there the plain collection runs and the pages go
 * back when the reducer runs.
 *
 * Idle, not at once: a collection of a worker's heap takes a few hundred milliseconds (seconds on
 * a loaded machine), and a request arriving meanwhile waits for it. So it runs only when the heap
 * grew enough since the last one to be worth it: after a first run or an update that rebuilt
 * programs, not after every body edit's few megabytes of garbage, which V8 collects as it goes
 * (a served check arriving a second after the last one used to wait out two full collections).
 * After those, only the young generation is collected, so the next run starts with it empty.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { logDebug } from '../debug/log-debug.js';

export interface IdleCollector {
  /** A request started: no collection until it is answered. */
  busy(): void;
  /** A request was answered: collect once nothing else started within the delay. */
  idle(): void;
  /**
   * The process is stopping: no collection is due any more. A stopping server's last lines are
   * its own, and a collection's line written after "stopped" (its worker not yet reaped keeps the
   * process up) would be read as one more.
   */
  close(): void;
}

/** A collection pays once the heap holds this much more than after the last one: 64 MB, or a quarter more. */
export function isWorthCollecting(usedBytes: number, usedAfterLast: number | undefined): boolean {
  if (usedAfterLast === undefined) return true;
  return usedBytes - usedAfterLast > Math.max(64 * 1024 * 1024, usedAfterLast / 4);
}

export function makeIdleCollector(delayMs: number): IdleCollector {
  const gc = exposeGc();
  const collect = makeCollection(gc);
  const scavenge = () => gc({ type: 'minor' });
  // What the heap held after the last collection: the measure of what a run left since.
  let usedAfterLast: number | undefined;
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  return {
    busy() {
      running += 1;
      clearTimeout(timer);
    },
    idle() {
      running = Math.max(0, running - 1);
      clearTimeout(timer);
      if (running > 0 || closed) return;
      timer = setTimeout(() => {
        const used = process.memoryUsage().heapUsed;
        // The bench waits for one of these lines before it reads what the process holds.
        if (!isWorthCollecting(used, usedAfterLast)) {
          // The young generation only, a few milliseconds: the next run then allocates into an
          // empty nursery instead of scavenging this run's garbage on its way (a served body
          // edit's tsc and ESLint took ~7 ms less of their ~48 ms in the worker on the bench).
          scavenge();
          logDebug(`idle: not collected (${describeMb(used - (usedAfterLast ?? 0))} since the last collection)`);
          return;
        }
        const started = performance.now();
        collect();
        usedAfterLast = process.memoryUsage().heapUsed;
        logDebug(`idle: collected the last run's garbage in ${Math.round(performance.now() - started)} ms`);
      }, delayMs);
      timer.unref();
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

function describeMb(bytes: number): string {
  return `${Math.round(bytes / 1048576)} MB`;
}

type Gc = (options?: { type: 'minor' } | { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** The collection that returns the most memory to the system on this V8. */
function makeCollection(gc: Gc): () => void {
  const collect = hasLastResortCollection(process.versions.v8)
    ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    : () => gc();
  // Twice: the first pass frees the objects, the second compacts the pages they held (on Node 24,
  // one last-resort collection still left 200 MB of old space committed with 40 MB alive).
  return () => {
    collect();
    collect();
  };
}

/** V8 12 (Node 22) added the `flavor` option of `gc`; V8 11 ignores the collection it names. */
export function hasLastResortCollection(v8Version: string): boolean {
  return Number.parseInt(v8Version, 10) >= 12;
}

/** `gc` without `--expose-gc` on the command line (the server is started by users too). */
function exposeGc(): Gc {
  const exposed = globalThis.gc as Gc | undefined;
  if (exposed !== undefined) return exposed;
  setFlagsFromString('--expose-gc');
  // The flag holds for contexts created after it: a new context has `gc` as a global.
  return runInNewContext('gc') as Gc;
}
