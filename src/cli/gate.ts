import { gateRenderers, type GateFormatName } from '../render/gate.js';
import { exitCodeOfGate } from '../core/gate/gate-report.js';
import { gateTask } from '../tasks/gate-task.js';
import type { CommandOutcome } from './run-command.js';
import { taskWords } from './task-words.js';

export interface GateCommandOptions {
  cwd?: string;
  json?: boolean;
  format?: GateFormatName;
}

export async function runGateCommand(options: GateCommandOptions): Promise<CommandOutcome> {
  const { report } = await gateTask({ cwd: options.cwd, ...taskWords });
  const format: GateFormatName = options.json ? 'json' : (options.format ?? 'text');
  return { stdout: gateRenderers[format](report), exitCode: exitCodeOfGate(report.verdict) };
}
