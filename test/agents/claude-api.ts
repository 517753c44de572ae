/**
 * The scripted agent behind the Anthropic Messages API, as Claude Code calls it: POST
 * /v1/messages with `stream: true`, answered as server-sent events. Requests that carry no Edit
 * tool (titles, summaries) get a short text. Claude Code refuses to edit a file it has not read,
 * so the first edit of a file is preceded by a Read.
 */
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { sendEvents, sendJson, type LoggedRequest, type ModelHandler } from './model-server.js';
import type { FileEdit, ScriptedAgent } from './scripted-agent.js';

interface Block {
  type: string;
  text?: string;
  content?: string | Block[];
  [key: string]: unknown;
}

interface Message {
  role: 'user' | 'assistant';
  content: string | Block[];
}

type Reply =
  { kind: 'text'; text: string } | { kind: 'tools'; calls: { name: string; input: Record<string, unknown> }[] };

/** All text in the messages after the model's last reply: tool results, hook feedback, reminders. */
export function readInbound(messages: readonly Message[]): string[] {
  const lastReply = messages.map((message) => message.role).lastIndexOf('assistant');
  return messages
    .slice(lastReply + 1)
    .flatMap((message) =>
      typeof message.content === 'string' ? [message.content] : message.content.map((block) => blockText([block])),
    )
    .filter((text) => text !== '');
}

function blockText(content: string | Block[] | undefined): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .map((block) =>
      block.type === 'text' ? (block.text ?? '') : block.type === 'tool_result' ? blockText(block.content) : '',
    )
    .join('\n');
}

export function makeClaudeHandler(root: string, agent: ScriptedAgent): ModelHandler {
  const read = new Set<string>();
  /** Edits waiting for their Read to come back. */
  let pending: FileEdit[] = [];
  let ids = 0;

  const decide = (body: { messages: Message[] }): Reply => {
    if (pending.length > 0) {
      const edits = pending;
      pending = [];
      return { kind: 'tools', calls: edits.map(editCall) };
    }
    const step = agent.next(readInbound(body.messages));
    if (step.kind === 'done') return { kind: 'text', text: step.text };
    const unread = step.edits.filter((edit) => !read.has(edit.path));
    if (unread.length === 0) return { kind: 'tools', calls: step.edits.map(editCall) };
    pending = step.edits;
    for (const edit of unread) read.add(edit.path);
    return {
      kind: 'tools',
      calls: unread.map((edit) => ({ name: 'Read', input: { file_path: join(root, edit.path) } })),
    };
  };
  const editCall = (edit: FileEdit) => ({
    name: 'Edit',
    input: { file_path: join(root, edit.path), old_string: edit.before, new_string: edit.after },
  });

  return (request: LoggedRequest, response: ServerResponse) => {
    if (request.method !== 'POST' || !request.url.startsWith('/v1/messages')) {
      sendJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: request.url } });
      return;
    }
    const body = request.body as { messages: Message[]; tools?: { name: string }[]; stream?: boolean; model?: string };
    if (request.url.startsWith('/v1/messages/count_tokens')) {
      sendJson(response, 200, { input_tokens: 100 });
      return;
    }
    const main = body.tools?.some((tool) => tool.name === 'Edit') ?? false;
    const reply: Reply = main ? decide(body) : { kind: 'text', text: 'ok' };
    const id = `msg_${++ids}`;
    const blocks: { type: string; text?: string; id?: string; name?: string; input?: unknown }[] =
      reply.kind === 'text'
        ? [{ type: 'text', text: reply.text }]
        : reply.calls.map((call) => ({ type: 'tool_use', id: `toolu_${++ids}`, name: call.name, input: call.input }));
    const stopReason = reply.kind === 'text' ? 'end_turn' : 'tool_use';
    const usage = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    const message = { id, type: 'message', role: 'assistant', model: body.model ?? 'claude', stop_sequence: null };
    if (body.stream !== true) {
      sendJson(response, 200, { ...message, content: blocks, stop_reason: stopReason, usage });
      return;
    }
    sendEvents(response, [
      ['message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage } }],
      ...blocks.flatMap((block, index): [string, unknown][] => [
        [
          'content_block_start',
          {
            type: 'content_block_start',
            index,
            content_block: block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index,
            delta:
              block.type === 'text'
                ? { type: 'text_delta', text: block.text }
                : { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
          },
        ],
        ['content_block_stop', { type: 'content_block_stop', index }],
      ]),
      [
        'message_delta',
        {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: 20 },
        },
      ],
      ['message_stop', { type: 'message_stop' }],
    ]);
  };
}

/**
 * A scripted model that uses culprit's MCP server instead of hooks: it loads the check tool
 * (Claude Code defers MCP tools behind ToolSearch), makes the breaking edit, calls check once
 * (tool use id `toolu_check`) and ends its turn.
 */
export function makeMcpCallerHandler(root: string): ModelHandler {
  const types = join(root, 'packages', 'billing', 'src', 'types.ts');
  let step = 0;
  return (request: LoggedRequest, response: ServerResponse) => {
    if (request.url.startsWith('/v1/messages/count_tokens')) {
      sendJson(response, 200, { input_tokens: 100 });
      return;
    }
    const body = request.body as { tools?: { name: string }[]; model?: string };
    const names = new Set((body.tools ?? []).map((tool) => tool.name));
    const plan = [
      ...(names.has('mcp__culprit__check')
        ? []
        : [{ id: 'toolu_search', name: 'ToolSearch', input: { query: 'select:mcp__culprit__check' } }]),
      { id: 'toolu_read', name: 'Read', input: { file_path: types } },
      {
        id: 'toolu_edit',
        name: 'Edit',
        input: { file_path: types, old_string: '  price: number;', new_string: '  unitPrice: number;' },
      },
      { id: 'toolu_check', name: 'mcp__culprit__check', input: {} },
    ];
    const call = names.has('Edit') ? plan[step++] : undefined;
    const block =
      call === undefined
        ? { type: 'text', text: names.has('Edit') ? 'Checked.' : 'ok' }
        : { type: 'tool_use', ...call };
    const stopReason = call === undefined ? 'end_turn' : 'tool_use';
    const usage = { input_tokens: 100, output_tokens: 20 };
    sendEvents(response, [
      [
        'message_start',
        {
          type: 'message_start',
          message: {
            id: `msg_mcp_${step}`,
            type: 'message',
            role: 'assistant',
            model: body.model ?? 'claude',
            content: [],
            stop_reason: null,
            usage,
          },
        },
      ],
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 0,
          content_block: call === undefined ? { type: 'text', text: '' } : { ...block, input: {} },
        },
      ],
      [
        'content_block_delta',
        {
          type: 'content_block_delta',
          index: 0,
          delta:
            call === undefined
              ? { type: 'text_delta', text: block.text }
              : { type: 'input_json_delta', partial_json: JSON.stringify(call.input) },
        },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      [
        'message_delta',
        {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: 20 },
        },
      ],
      ['message_stop', { type: 'message_stop' }],
    ]);
  };
}
