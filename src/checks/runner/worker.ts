/**
 * Entry of a check worker process, forked by run-check.ts: it receives one request over IPC,
 * runs the adapter, sends the reply and exits. Exiting explicitly matters: tools leave handles
 * open (file watchers, a tsgo child), and the parent treats the exit as the end of the check.
 */
import { answerRequest, type WorkerRequest } from './worker-protocol.js';

const send = process.send?.bind(process);
if (send === undefined) {
  process.stderr.write('culprit check worker: run it through run-check.ts (it needs an IPC channel)\n');
  process.exit(2);
}

process.once('message', (request: WorkerRequest) => {
  void answerRequest(request).then((reply) => {
    send(reply, undefined, undefined, (error) => process.exit(error ? 1 : 0));
  });
});
