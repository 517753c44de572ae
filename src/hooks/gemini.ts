/**
 * Gemini CLI's hook protocol. Input: `hook_event_name` with `tool_name` for AfterTool and
 * `stop_hook_active` for AfterAgent. Output, exit 0: on AfterTool, `decision: "deny"` replaces
 * the tool's result with `reason`, and `hookSpecificOutput.additionalContext` is appended to it;
 * on AfterAgent, `decision: "deny"` rejects the final answer and sends `reason` as a new prompt.
 * `systemMessage` is shown to the user.
 */
import { answerInform, answerJson, silentAnswer } from './hook-answer.js';
import type { HookAgent, HookAnswer, HookDecision, HookTrigger } from './hook-decision.js';
import { readHookTrigger } from './hook-input.js';

const events = { edit: 'AfterTool', stop: 'AfterAgent', editTools: new Set(['write_file', 'replace']) };

/** The tool's own result is replaced by the reason, so the model must still learn the edit happened. */
const appliedLead = 'The edit was applied. culprit then checked the repository:\n\n';

export const geminiHook: HookAgent = {
  readTrigger: (input) => readHookTrigger('gemini', input, events),

  makeAnswer(trigger: HookTrigger, decision: HookDecision): HookAnswer {
    switch (decision.action) {
      case 'pass':
        return silentAnswer;
      case 'block':
        return answerJson({ decision: 'deny', reason: trigger.kind === 'edit' ? `${appliedLead}${decision.reason}` : decision.reason });
      case 'inform':
        return answerInform(trigger, decision.message);
    }
  },
};
