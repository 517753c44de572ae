/** The agents `culprit hook <agent>` speaks to, by name, apart from their hook code (for the command line). */
export const hookAgentNames = ['claude-code', 'codex', 'gemini'] as const;

export type HookAgentName = (typeof hookAgentNames)[number];
