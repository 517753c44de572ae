/**
 * Reading an agent's hook input: one JSON object on stdin. A document culprit cannot read is the
 * hook configuration's fault, never the model's, so it is an error naming the agent and what was
 * received, not a decision.
 */
import { makeUserError, type UserError } from '../core/errors.js';
import type { HookTrigger } from './hook-decision.js';

export function parseHookInput(agent: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw makeHookInputError(agent, `not JSON (${describeStart(text)})`, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw makeHookInputError(
      agent,
      `not a JSON object (got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value})`,
    );
  }
  return value as Record<string, unknown>;
}

/** How one agent names the two events culprit answers, and its tools that write files. */
export interface HookEvents {
  /** Fired after a tool ran: PostToolUse, AfterTool. */
  edit: string;
  /** Fired when the model would end its turn: Stop, AfterAgent. */
  stop: string;
  editTools: ReadonlySet<string>;
}

/** The trigger in a hook input, or null for other events and for tools that do not write files. */
export function readHookTrigger(agent: string, input: Record<string, unknown>, events: HookEvents): HookTrigger | null {
  const event = readString(agent, input, 'hook_event_name');
  const cwd = readOptionalString(input, 'cwd');
  // A field the agent did not send is absent from the trigger, not undefined: readers test for it
  // (hook-decision.test.ts asserts the trigger has no such property), so these spreads stay.
  const where = cwd === undefined ? {} : { cwd };
  if (event === events.edit) {
    if (!events.editTools.has(readString(agent, input, 'tool_name'))) return null;
    const output = input['tool_response'];
    return {
      kind: 'edit',
      event,
      stopHookActive: false,
      ...where,
      ...(typeof output === 'string' ? { toolOutput: output } : {}),
    };
  }
  if (event === events.stop) {
    const last = readOptionalString(input, 'last_assistant_message');
    return {
      kind: 'stop',
      event,
      stopHookActive: readFlag(agent, input, 'stop_hook_active'),
      ...where,
      ...(last === undefined ? {} : { lastAssistantMessage: last }),
    };
  }
  return null;
}

function readString(agent: string, input: Record<string, unknown>, key: string): string {
  const value = input[key];
  if (typeof value !== 'string')
    throw makeHookInputError(agent, `"${key}" must be a string, got ${describeValue(value)}`);
  return value;
}

/** An optional boolean: absent reads as false, anything else but a boolean is an error. */
function readFlag(agent: string, input: Record<string, unknown>, key: string): boolean {
  const value = input[key];
  if (value === undefined) return false;
  if (typeof value !== 'boolean')
    throw makeHookInputError(agent, `"${key}" must be a boolean, got ${describeValue(value)}`);
  return value;
}

function readOptionalString(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function makeHookInputError(agent: string, what: string, cause?: unknown): UserError {
  return makeUserError(
    `the ${agent} hook input is ${what.startsWith('"') ? 'invalid: ' : ''}${what}; is this command configured as a ${agent} hook?`,
    cause,
  );
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  // JSON.stringify gives undefined for a function or a symbol, which its type does not say.
  return (JSON.stringify(value) as string | undefined)?.slice(0, 40) ?? typeof value;
}

function describeStart(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'the input was empty';
  return `it starts with ${JSON.stringify(trimmed.slice(0, 30))}`;
}
