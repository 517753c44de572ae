/**
 * Entry of a warm worker process, forked by the warm engine: it answers requests over IPC, one
 * at a time and in order, keeping its sessions between them, until the engine kills its process
 * group (at a timeout, when it is stale or retired, or when culprit exits). The job itself is
 * warm-sessions.ts.
 */
import { makeWarmSessions } from './warm-sessions.js';
import type { WarmEvent, WarmRequest } from './warm-protocol.js';
import { makeIdleCollector } from './idle-collector.js';

const send = process.send?.bind(process);
if (send === undefined) {
  process.stderr.write('culprit warm worker: run it through the warm engine (it needs an IPC channel)\n');
  process.exit(2);
}

// typescript-eslint would otherwise decide this is a one-shot CLI run (CI=true) and cache
// programs for the process's lifetime, or re-parse a file linted twice without its types.
process.env['TSESTREE_SINGLE_RUN'] = 'false';

const sessions = makeWarmSessions();
let queue = Promise.resolve();
const emit = (event: WarmEvent) => send(event);
const collector = makeIdleCollector(500);

process.on('message', (request: WarmRequest) => {
  collector.busy();
  queue = queue.then(() => sessions.answer(request, emit)).finally(() => collector.idle());
});
process.once('disconnect', () => {
  sessions.close();
  process.exit(0);
});
