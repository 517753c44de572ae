/**
 * Codex CLI's hook protocol is Claude Code's in its input (`hook_event_name`, `tool_name`,
 * `tool_response`, `stop_hook_active`) and output (`decision: "block"` with `reason`,
 * `systemMessage`), but its output schemas reject unknown fields and its Stop output has no
 * `hookSpecificOutput`, so a stop is blocked the classic way: Codex sends `reason` to the model
 * as a `<hook_prompt>`. After `apply_patch` (which its matchers also know as Edit and Write), a
 * block replaces the tool's output with `reason`, so the reason leads with that output: the
 * model must still learn that its patch applied.
 *
 * `codex exec` shows its user nothing a hook says: neither `--json` nor the human output carries a
 * `systemMessage`, a `stopReason` or stderr (0.169.1; its exec event processors drop hook
 * completions but for a `hook: Stop Completed` status line). Only the model's messages reach the
 * user, so a stuck verdict at a stop is sent to the model once, asking it to tell the user
 * (`stuckThroughModel`).
 */
import { describeToolOutput } from '../render/hook-messages.js';
import { answerInform, answerJson, silentAnswer } from './hook-answer.js';
import type { HookAgent, HookAnswer, HookDecision, HookTrigger } from './hook-decision.js';
import { readAgentTrigger } from './hook-events.js';

export const codexHook: HookAgent = {
  readTrigger: (input) => readAgentTrigger('codex', input),
  stuckThroughModel: true,
  makeAnswer(trigger: HookTrigger, decision: HookDecision): HookAnswer {
    switch (decision.action) {
      case 'pass':
        return silentAnswer;
      case 'block':
        return answerJson({
          decision: 'block',
          reason:
            trigger.kind === 'edit'
              ? `${describeToolOutput(trigger.toolOutput)}\n\n${decision.reason}`
              : decision.reason,
        });
      case 'inform':
        return answerInform(trigger, decision.message);
    }
  },
};
