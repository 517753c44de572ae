/**
 * What every command gives the task it runs so that what the task says in codes comes out in
 * words: its notices as lines on stderr, and the report's payload counted as the agent reads it
 * (the text rendering) for the ledger.
 */
import type { TaskNotice } from '../core/task-notice.js';
import { countTextPayload } from '../render/text.js';
import { describeTaskNotice } from '../render/wording.js';

export function writeTaskNotice(notice: TaskNotice): void {
  process.stderr.write(describeTaskNotice(notice));
}

export const taskWords = { onNotice: writeTaskNotice, measurePayload: countTextPayload };
