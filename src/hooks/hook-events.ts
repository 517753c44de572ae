/**
 * How each agent names the two events culprit answers, and its tools that write files: apart
 * from the agents' answers, so that a hook the work tree's server answers (cli/served.ts) reads
 * its trigger without loading them.
 */
import type { HookAgentName } from './agent-names.js';
import type { HookTrigger } from './hook-decision.js';
import { readHookTrigger, type HookEvents } from './hook-input.js';

/** The tools that write files: any other tool's edit event is ignored. */
const hookEvents: Readonly<Record<HookAgentName, HookEvents>> = {
  'claude-code': { edit: 'PostToolUse', stop: 'Stop', editTools: new Set(['Edit', 'Write', 'MultiEdit']) },
  codex: { edit: 'PostToolUse', stop: 'Stop', editTools: new Set(['apply_patch', 'Edit', 'Write', 'MultiEdit']) },
  gemini: { edit: 'AfterTool', stop: 'AfterAgent', editTools: new Set(['write_file', 'replace']) },
};

/** The trigger in an agent's hook input, or null for other events and for tools that do not write files. */
export function readAgentTrigger(agent: HookAgentName, input: Record<string, unknown>): HookTrigger | null {
  return readHookTrigger(agent, input, hookEvents[agent]);
}
