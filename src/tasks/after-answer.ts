/**
 * The writes a long-lived culprit (`culprit serve`, `culprit mcp`) leaves for after its answer:
 * a check's attempt, its session file and ledger each synced to disk (CheckTaskOptions.afterAnswer),
 * which the client need not wait for. They run in order, before the next command reads them.
 */
import { describeError } from '../core/errors.js';

export interface AnswerWrites {
  /** What a task is given as `afterAnswer`: keeps the write for `flush`. */
  afterAnswer(write: () => Promise<void>): void;
  /**
   * Runs the writes kept so far, in order. A write that fails is reported through `log` (the
   * client has its answer; a cold check would have failed on the same write) and the rest are dropped.
   */
  flush(log: (line: string) => void): Promise<void>;
}

export function makeAnswerWrites(): AnswerWrites {
  const writes: (() => Promise<void>)[] = [];
  return {
    afterAnswer: (write) => void writes.push(write),
    async flush(log) {
      try {
        for (const write of writes.splice(0)) await write();
      } catch (error) {
        log(`the attempt was not recorded: ${describeError(error)}`);
      }
    },
  };
}
