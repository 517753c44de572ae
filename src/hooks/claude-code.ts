/**
 * Claude Code's hook protocol. Input: `hook_event_name` with `tool_name` for PostToolUse and
 * `stop_hook_active` for Stop. Output, exit 0: `{"decision":"block","reason"}` makes the model
 * act on the reason (after a tool, and on a stop it keeps the model going);
 * `hookSpecificOutput.additionalContext` adds context without blocking; `systemMessage` is shown
 * to the user. No output means nothing to say.
 */
import { answerInform, answerJson, silentAnswer } from './hook-answer.js';
import type { HookAgent, HookAnswer, HookDecision, HookTrigger } from './hook-decision.js';
import { readHookTrigger } from './hook-input.js';

/** The tools that write files; any other tool's PostToolUse is ignored. */
const events = { edit: 'PostToolUse', stop: 'Stop', editTools: new Set(['Edit', 'Write', 'MultiEdit']) };

export const claudeCodeHook: HookAgent = {
  readTrigger: (input) => readHookTrigger('claude-code', input, events),
  makeAnswer: makeClaudeStyleAnswer,
};

/** Claude Code's output shape, which Codex shares. */
export function makeClaudeStyleAnswer(trigger: HookTrigger, decision: HookDecision): HookAnswer {
  switch (decision.action) {
    case 'pass':
      return silentAnswer;
    case 'block':
      return answerJson({ decision: 'block', reason: decision.reason });
    case 'inform':
      return answerInform(trigger, decision.message);
  }
}
