/**
 * Entry of a check worker process, forked by run-check.ts: it receives one request over IPC,
 * runs the adapter, sends the reply and exits. Exiting explicitly matters: tools leave handles
 * open (file watchers, a tsgo child), and the parent treats the exit as the end of the check.
 */
import { answerRequest, type WorkerRequest } from './worker-protocol.js';
import { listenToFilesDone, type FilesProgress } from './progress.js';

const send = process.send?.bind(process);
if (send === undefined) {
  process.stderr.write('culprit check worker: run it through run-check.ts (it needs an IPC channel)\n');
  process.exit(2);
}

process.once('message', (request: WorkerRequest) => {
  // How far the check is, where its adapter says (progress.ts), when a terminal shows it.
  if (request.progress === true)
    listenToFilesDone((done, total) => send({ progress: { done, total } } satisfies FilesProgress));
  void answerRequest(request).then((reply) => {
    send(reply, undefined, undefined, (error) => process.exit(error ? 1 : 0));
  });
});
