/**
 * The answer shapes the agents share. All of them read JSON from stdout on exit 0, show
 * `systemMessage` to the user, and take `hookSpecificOutput.additionalContext` after a tool as
 * context for the model; a stop has no context to add to, so there only the user is told.
 */
import type { HookAnswer, HookTrigger } from './hook-decision.js';

export const silentAnswer: HookAnswer = { stdout: '', exitCode: 0 };

export function answerJson(output: Record<string, unknown>): HookAnswer {
  return { stdout: `${JSON.stringify(output)}\n`, exitCode: 0 };
}

export function answerInform(trigger: HookTrigger, message: string): HookAnswer {
  if (trigger.kind === 'stop') return answerJson({ systemMessage: message });
  return answerJson({
    systemMessage: firstLine(message),
    hookSpecificOutput: { hookEventName: trigger.event, additionalContext: message },
  });
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}
