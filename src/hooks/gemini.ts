/**
 * Gemini CLI's hook protocol. Input: `hook_event_name` with `tool_name` for AfterTool and
 * `stop_hook_active` for AfterAgent. Output, exit 0: on AfterTool,
 * `hookSpecificOutput.additionalContext` is appended to the tool's successful result (a
 * `decision: "deny"` there would turn the applied edit into a failed one, for the model and the
 * user); on AfterAgent, `decision: "deny"` rejects the final answer and sends `reason` as a new
 * prompt. `systemMessage` is shown to the user.
 */
import { answerContext, answerInform, answerJson, silentAnswer } from './hook-answer.js';
import type { HookAgent, HookAnswer, HookDecision, HookTrigger } from './hook-decision.js';
import { readAgentTrigger } from './hook-events.js';

export const geminiHook: HookAgent = {
  readTrigger: (input) => readAgentTrigger('gemini', input),

  makeAnswer(trigger: HookTrigger, decision: HookDecision): HookAnswer {
    switch (decision.action) {
      case 'pass':
        return silentAnswer;
      case 'block':
        return trigger.kind === 'edit'
          ? answerContext(trigger, decision.reason)
          : answerJson({ decision: 'deny', reason: decision.reason });
      case 'inform':
        return answerInform(trigger, decision.message);
    }
  },
};
