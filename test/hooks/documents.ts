/**
 * Hook input documents as each agent sends them, field for field (Claude Code's hooks reference,
 * Codex's generated hook input schemas, Gemini CLI's hooks reference), for a session in `cwd`.
 */

export interface AgentDocuments {
  agent: 'claude-code' | 'codex' | 'gemini';
  /** After a tool that wrote `file`, by the agent's tool names for writing. */
  edits: Record<string, (cwd: string, file: string) => Record<string, unknown>>;
  /** After a tool that wrote nothing. */
  other: (cwd: string) => Record<string, unknown>;
  /** The model wants to end its turn. */
  stop: (cwd: string, stopHookActive: boolean) => Record<string, unknown>;
  /** An event culprit does not answer. */
  unrelated: (cwd: string) => Record<string, unknown>;
  /**
   * How this agent's answer hands the model a payload to act on, field for field: the keys the
   * answer has, and how to read the payload (after any lead the agent needs) from it.
   */
  blocked: Record<'edit' | 'stop', { keys: string[]; payload: (answer: Record<string, unknown>) => string }>;
}

/** `hookSpecificOutput.additionalContext` for `event`, with the payload's first line for the user. */
const asContext = (event: string) => ({
  keys: ['systemMessage', 'hookSpecificOutput'],
  payload: (answer: Record<string, unknown>) => {
    const output = answer['hookSpecificOutput'] as { hookEventName: string; additionalContext: string };
    if (output.hookEventName !== event) throw new Error(`hookEventName is ${output.hookEventName}, not ${event}`);
    if (!output.additionalContext.startsWith(answer['systemMessage'] as string))
      throw new Error('systemMessage is not the first line of the context');
    return output.additionalContext;
  },
});

/** `decision` with `reason`, which must start with `lead`. */
const asDecision = (decision: string, lead = '') => ({
  keys: ['decision', 'reason'],
  payload: (answer: Record<string, unknown>) => {
    if (answer['decision'] !== decision) throw new Error(`decision is ${String(answer['decision'])}, not ${decision}`);
    const reason = answer['reason'] as string;
    if (!reason.startsWith(lead))
      throw new Error(`the reason does not start with ${JSON.stringify(lead)}: ${reason.slice(0, 120)}`);
    return reason.slice(lead.length);
  },
});

const claudeBase = (cwd: string) => ({
  session_id: '9f3c2a1e-5b7d-4c61-8e2f-0a1b2c3d4e5f',
  transcript_path: '/home/dev/.claude/projects/demo/9f3c2a1e.jsonl',
  cwd,
  permission_mode: 'default',
});

export const claudeCodeDocuments: AgentDocuments = {
  agent: 'claude-code',
  blocked: { edit: asContext('PostToolUse'), stop: asContext('Stop') },
  edits: {
    Edit: (cwd, file) => ({
      ...claudeBase(cwd),
      hook_event_name: 'PostToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: `${cwd}/${file}`, old_string: 'amount', new_string: 'value', replace_all: false },
      tool_response: {
        filePath: `${cwd}/${file}`,
        oldString: 'amount',
        newString: 'value',
        structuredPatch: [],
        userModified: false,
        replaceAll: false,
      },
      tool_use_id: 'toolu_01EditExample',
    }),
    Write: (cwd, file) => ({
      ...claudeBase(cwd),
      hook_event_name: 'PostToolUse',
      tool_name: 'Write',
      tool_input: { file_path: `${cwd}/${file}`, content: 'export {};\n' },
      tool_response: { type: 'update', filePath: `${cwd}/${file}`, content: 'export {};\n', structuredPatch: [] },
      tool_use_id: 'toolu_01WriteExample',
    }),
    MultiEdit: (cwd, file) => ({
      ...claudeBase(cwd),
      hook_event_name: 'PostToolUse',
      tool_name: 'MultiEdit',
      tool_input: {
        file_path: `${cwd}/${file}`,
        edits: [{ old_string: 'amount', new_string: 'value', replace_all: true }],
      },
      tool_response: { filePath: `${cwd}/${file}`, edits: [], structuredPatch: [] },
      tool_use_id: 'toolu_01MultiEditExample',
    }),
  },
  other: (cwd) => ({
    ...claudeBase(cwd),
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls src', description: 'List sources' },
    tool_response: { stdout: 'app.ts\n', stderr: '', interrupted: false, isImage: false },
    tool_use_id: 'toolu_01BashExample',
  }),
  stop: (cwd, stopHookActive) => ({ ...claudeBase(cwd), hook_event_name: 'Stop', stop_hook_active: stopHookActive }),
  unrelated: (cwd) => ({ ...claudeBase(cwd), hook_event_name: 'UserPromptSubmit', prompt: 'rename price' }),
};

const codexBase = (cwd: string) => ({
  session_id: '0199a7c2-7c1e-7d30-9b8f-3f0e6c1d2a4b',
  turn_id: '1',
  transcript_path: null,
  cwd,
  model: 'gpt-5-codex',
  permission_mode: 'default',
});

export const codexDocuments: AgentDocuments = {
  agent: 'codex',
  blocked: {
    edit: asDecision(
      'block',
      'Exit code: 0\nWall time: 0.3 seconds\nOutput:\nSuccess. Updated the following files:\nM src/sync.ts\nculprit then checked the repository:\n\n',
    ),
    stop: asDecision('block'),
  },
  edits: {
    apply_patch: (cwd, file) => ({
      ...codexBase(cwd),
      hook_event_name: 'PostToolUse',
      tool_name: 'apply_patch',
      tool_input: { command: `*** Begin Patch\n*** Update File: ${file}\n@@\n-amount\n+value\n*** End Patch\n` },
      // As Codex 0.169.1 sends it (test/agents/codex.test.ts): the tool's output as one string.
      tool_response: `Exit code: 0\nWall time: 0.3 seconds\nOutput:\nSuccess. Updated the following files:\nM ${file}\n`,
      tool_use_id: 'call_apply_patch_1',
    }),
  },
  other: (cwd) => ({
    ...codexBase(cwd),
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls src' },
    tool_response: { output: 'app.ts\n', metadata: { exit_code: 0 } },
    tool_use_id: 'call_shell_1',
  }),
  stop: (cwd, stopHookActive) => ({
    ...codexBase(cwd),
    hook_event_name: 'Stop',
    stop_hook_active: stopHookActive,
    last_assistant_message: 'Renamed the field.',
  }),
  unrelated: (cwd) => ({ ...codexBase(cwd), hook_event_name: 'UserPromptSubmit', prompt: 'rename price' }),
};

const geminiBase = (cwd: string) => ({
  session_id: 'b7e1c9d0-2f4a-4e8b-9c3d-5a6f7e8d9c0b',
  transcript_path: '/home/dev/.gemini/tmp/demo/chats/session.json',
  cwd,
  timestamp: '2026-01-12T10:30:00.000Z',
});

export const geminiDocuments: AgentDocuments = {
  agent: 'gemini',
  blocked: { edit: asContext('AfterTool'), stop: asDecision('deny') },
  edits: {
    replace: (cwd, file) => ({
      ...geminiBase(cwd),
      hook_event_name: 'AfterTool',
      tool_name: 'replace',
      tool_input: {
        file_path: `${cwd}/${file}`,
        old_string: 'amount',
        new_string: 'value',
        instruction: 'Rename the field.',
      },
      tool_response: {
        llmContent: `Successfully modified file: ${cwd}/${file} (1 replacements).`,
        returnDisplay: 'Edited',
      },
    }),
    write_file: (cwd, file) => ({
      ...geminiBase(cwd),
      hook_event_name: 'AfterTool',
      tool_name: 'write_file',
      tool_input: { file_path: `${cwd}/${file}`, content: 'export {};\n' },
      tool_response: { llmContent: `Successfully overwrote file: ${cwd}/${file}.`, returnDisplay: 'Wrote' },
    }),
  },
  other: (cwd) => ({
    ...geminiBase(cwd),
    hook_event_name: 'AfterTool',
    tool_name: 'run_shell_command',
    tool_input: { command: 'ls src' },
    tool_response: { llmContent: 'app.ts', returnDisplay: 'app.ts' },
  }),
  stop: (cwd, stopHookActive) => ({
    ...geminiBase(cwd),
    hook_event_name: 'AfterAgent',
    prompt: 'Rename the amount field to value.',
    prompt_response: 'Done: renamed the field.',
    stop_hook_active: stopHookActive,
  }),
  unrelated: (cwd) => ({ ...geminiBase(cwd), hook_event_name: 'BeforeAgent', prompt: 'rename price' }),
};

export const agentDocuments = [claudeCodeDocuments, codexDocuments, geminiDocuments];
