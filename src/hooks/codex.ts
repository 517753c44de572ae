/**
 * Codex CLI's hook protocol is Claude Code's: the same events, input fields and output JSON
 * (`decision: "block"` with `reason`, `hookSpecificOutput.additionalContext`, `systemMessage`).
 * Codex writes files with its `apply_patch` tool, which its matchers also know as Edit and Write.
 */
import { makeClaudeStyleAnswer } from './claude-code.js';
import type { HookAgent } from './hook-decision.js';
import { readHookTrigger } from './hook-input.js';

const events = { edit: 'PostToolUse', stop: 'Stop', editTools: new Set(['apply_patch', 'Edit', 'Write', 'MultiEdit']) };

export const codexHook: HookAgent = {
  readTrigger: (input) => readHookTrigger('codex', input, events),
  makeAnswer: makeClaudeStyleAnswer,
};
