/** The agents `culprit hook <agent>` speaks to, by the name used on the command line. */
import { claudeCodeHook } from './claude-code.js';
import { codexHook } from './codex.js';
import { geminiHook } from './gemini.js';
import type { HookAgentName } from './agent-names.js';
import type { HookAgent } from './hook-decision.js';

export { hookAgentNames, type HookAgentName } from './agent-names.js';

export const hookAgents: Readonly<Record<HookAgentName, HookAgent>> = {
  'claude-code': claudeCodeHook,
  codex: codexHook,
  gemini: geminiHook,
};
