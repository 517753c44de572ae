/**
 * The hook's side of the work tree's server: what `culprit hook <agent>` asks it, and how its
 * outcome is written. Apart from hook.ts, so that a hook the server answers (served.ts) loads
 * none of the cold hook's modules, nor the agents' answers (hooks/hook-events.ts).
 */
import { resolve } from 'node:path';
import type { HookAgentName } from '../hooks/agent-names.js';
import { readAgentTrigger } from '../hooks/hook-events.js';
import { parseHookInput } from '../hooks/hook-input.js';
import type { ServedCommandRequest } from '../serve/protocol.js';
import { readProcessStart } from '../serve/ask-server.js';

/**
 * The hook's request with its input as the agent sent it; undefined when no check is due (the
 * input asks for none) or the input cannot be read (the cold hook reports it).
 */
export function makeServedHookRequest(
  agent: HookAgentName,
  input: string,
  cwd: string | undefined,
  version: string,
): (ServedCommandRequest & { command: 'hook' }) | undefined {
  let trigger;
  try {
    trigger = readAgentTrigger(agent, parseHookInput(agent, input));
  } catch {
    return undefined;
  }
  if (trigger === null) return undefined;
  const startedAt = readProcessStart();
  return {
    version,
    command: 'hook',
    options: { agent, input, cwd: resolve(cwd ?? trigger.cwd ?? process.cwd()), startedAt },
  };
}

/** The hook's answer out: stderr, then stdout (flushed before the exit code is set). */
export async function writeHookOutcome(outcome: { stdout: string; stderr: string; exitCode: number }): Promise<void> {
  if (outcome.stderr !== '') process.stderr.write(outcome.stderr);
  if (outcome.stdout !== '') await new Promise<void>((done) => process.stdout.write(outcome.stdout, () => done()));
  process.exitCode = outcome.exitCode;
}
