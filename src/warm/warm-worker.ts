/**
 * Entry of a warm worker process, forked by the warm engine: it answers requests over IPC, one
 * at a time and in order, keeping its sessions between them, until the engine kills its process
 * group (at a timeout, when it is stale or retired, or when culprit exits). The job itself is
 * warm-sessions.ts.
 */
import { makeWarmSessions } from './warm-sessions.js';
import type { WarmEvent, WarmRequest } from './warm-protocol.js';
import { makeIdleCollector } from './idle-collector.js';
import { listenToFilesDone } from '../checks/runner/progress.js';
import { makeDeltaSender } from './reply-delta.js';

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
// The check under way, which the files its session says it has done belong to.
let current: { id: number; name: string } | undefined;
// A check's findings are sent as changes to its last reply: most of them are the same every time.
const deltas = makeDeltaSender();
const emit = (event: WarmEvent) => {
  if (event.type === 'started') current = { id: event.id, name: event.name };
  send(event.type === 'reply' ? { ...event, ...deltas.compress(event.name, event.reply) } : event);
};
const sendFilesDone = (done: number, total: number) => {
  if (current !== undefined) send({ ...current, type: 'progress', done, total } satisfies WarmEvent);
};
const collector = makeIdleCollector(500);

process.on('message', (request: WarmRequest) => {
  collector.busy();
  // The engine primed its side alike when it sent the seeds (reply-delta.ts).
  for (const [name, seed] of Object.entries(request.seeds ?? {})) deltas.prime(name, seed.base);
  queue = queue
    .then(() => {
      // Only a request whose command shows its progress on a terminal hears of files done.
      current = undefined;
      listenToFilesDone(request.progress === true ? sendFilesDone : undefined);
      return sessions.answer(request, emit);
    })
    .finally(() => collector.idle());
});
process.once('disconnect', () => {
  sessions.close();
  process.exit(0);
});
