/**
 * The answer shapes the agents share. All of them read JSON from stdout on exit 0, show
 * `systemMessage` to the user (Codex only in its TUI, not in `codex exec`), and take
 * `hookSpecificOutput.additionalContext` after a tool as context for the model; a stop has no
 * context to add to in every agent, so `answerInform` tells only the user there.
 */
import type { HookAnswer, HookTrigger } from './hook-decision.js';

export const silentAnswer: HookAnswer = { stdout: '', exitCode: 0 };

export function answerJson(output: Record<string, unknown>): HookAnswer {
  return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
}

export function answerInform(trigger: HookTrigger, message: string): HookAnswer {
  if (trigger.kind === 'stop') return answerJson({ systemMessage: message });
  return answerContext(trigger, message);
}

/** The model gets `text` as context for the event; the user sees its first line. */
export function answerContext(trigger: HookTrigger, text: string): HookAnswer {
  return answerJson({
    systemMessage: firstLine(text),
    hookSpecificOutput: { hookEventName: trigger.event, additionalContext: text },
  });
}

export function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}
