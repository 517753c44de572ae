/**
 * Claude Code's hook protocol. Input: `hook_event_name` with `tool_name` for PostToolUse and
 * `stop_hook_active` for Stop. Output, exit 0: `hookSpecificOutput.additionalContext` reaches the
 * model as context after a tool and, since 2.1.163, on Stop too, where it keeps the model working
 * (the next stop has `stop_hook_active` true). `{"decision":"block","reason"}` would do the same,
 * but Claude Code shows the model a "hook blocking error" and the user a "stop hook problem",
 * which misreads a finding as a broken hook; the context form shows neither (tried in
 * test/agents/claude-code.test.ts). `systemMessage` is shown to the user. No output means
 * nothing to say.
 */
import { answerContext, answerInform, silentAnswer } from './hook-answer.js';
import type { HookAgent, HookAnswer, HookDecision, HookTrigger } from './hook-decision.js';
import { readAgentTrigger } from './hook-events.js';

export const claudeCodeHook: HookAgent = {
  readTrigger: (input) => readAgentTrigger('claude-code', input),
  makeAnswer(trigger: HookTrigger, decision: HookDecision): HookAnswer {
    switch (decision.action) {
      case 'pass':
        return silentAnswer;
      case 'block':
        return answerContext(trigger, decision.reason);
      case 'inform':
        return answerInform(trigger, decision.message);
    }
  },
};
