/**
 * What an edge gives the task it runs so that what the task says in codes comes out in words:
 * its notices worded and handed to `write` (the edges write them to stderr), and the report's
 * payload counted as the agent reads it (the text rendering) for the ledger.
 */
import type { TaskNotice } from '../core/task-notice.js';
import { countTextPayload } from './text.js';
import { describeTaskNotice } from './wording.js';

export function makeTaskWords(write: (text: string) => void): {
  onNotice: (notice: TaskNotice) => void;
  measurePayload: typeof countTextPayload;
} {
  return { onNotice: (notice) => write(describeTaskNotice(notice)), measurePayload: countTextPayload };
}
