import { renderStatsJson, renderStatsText } from '../render/stats.js';
import { parseSince, statsTask } from '../tasks/stats-task.js';
import type { CommandOutcome } from './run-command.js';
import { taskWords } from './task-words.js';

export interface StatsCommandOptions {
  cwd?: string;
  json?: boolean;
  since?: string;
}

export async function runStatsCommand(options: StatsCommandOptions): Promise<CommandOutcome> {
  const since = options.since === undefined ? undefined : parseSince(options.since);
  const stats = await statsTask({
    cwd: options.cwd,
    since,
    ...taskWords,
  });
  return { stdout: options.json ? renderStatsJson(stats) : renderStatsText(stats), exitCode: 0 };
}
