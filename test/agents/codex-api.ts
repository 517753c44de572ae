/**
 * The scripted agent behind the OpenAI Responses API, as Codex calls it through a
 * `model_providers` entry: POST /v1/responses with `stream: true`, answered as server-sent
 * events. Edits are `apply_patch` calls, in whichever form the request declares the tool (a
 * freeform "custom" tool taking the patch text, or a function taking `{ input }`).
 */
import type { ServerResponse } from 'node:http';
import { sendEvents, sendJson, type LoggedRequest, type ModelHandler } from './model-server.js';
import type { FileEdit, ScriptedAgent } from './scripted-agent.js';

interface Item {
  type: string;
  role?: string;
  content?: string | { type: string; text?: string }[];
  output?: unknown;
  [key: string]: unknown;
}

/** All text in the input items after the model's last output: tool outputs, hook prompts, user text. */
export function readInbound(input: readonly Item[]): string[] {
  const ours = (item: Item) => (item.type === 'message' && item.role === 'assistant') || item.type.endsWith('_call');
  const last = input.findLastIndex(ours);
  return input
    .slice(last + 1)
    .map((item) => {
      if (item.type === 'message')
        return typeof item.content === 'string'
          ? item.content
          : (item.content ?? []).map((part) => part.text ?? '').join('\n');
      if (item.type.endsWith('_call_output'))
        return typeof item.output === 'string' ? item.output : JSON.stringify(item.output);
      return '';
    })
    .filter((text) => text !== '');
}

/** A patch in Codex's apply_patch format that replaces each file's text whole. */
export function makePatch(edits: readonly FileEdit[]): string {
  const lines = (text: string) => text.replace(/\n$/, '').split('\n');
  const hunks = edits.map((edit) =>
    [
      `*** Update File: ${edit.path}`,
      '@@',
      ...lines(edit.before).map((line) => `-${line}`),
      ...lines(edit.after).map((line) => `+${line}`),
    ].join('\n'),
  );
  return ['*** Begin Patch', ...hunks, '*** End Patch', ''].join('\n');
}

export function makeCodexHandler(agent: ScriptedAgent): ModelHandler {
  let ids = 0;
  return (request: LoggedRequest, response: ServerResponse) => {
    if (request.method !== 'POST' || !request.url.endsWith('/responses')) {
      sendJson(response, 404, { error: { message: `no ${request.method} ${request.url}` } });
      return;
    }
    const body = request.body as { input: Item[]; tools?: { type: string; name?: string }[]; model?: string };
    const step = agent.next(readInbound(body.input));
    const patchTool = body.tools?.find((tool) => tool.name === 'apply_patch');
    const id = `resp_${++ids}`;
    let item: Record<string, unknown>;
    if (step.kind === 'done' || patchTool === undefined) {
      item = {
        type: 'message',
        role: 'assistant',
        id: `msg_${ids}`,
        status: 'completed',
        content: [
          {
            type: 'output_text',
            text: step.kind === 'done' ? step.text : 'apply_patch is not offered',
            annotations: [],
          },
        ],
      };
    } else {
      const patch = makePatch(step.edits);
      item =
        patchTool.type === 'custom'
          ? {
              type: 'custom_tool_call',
              id: `ctc_${ids}`,
              status: 'completed',
              call_id: `call_${ids}`,
              name: 'apply_patch',
              input: patch,
            }
          : {
              type: 'function_call',
              id: `fc_${ids}`,
              status: 'completed',
              call_id: `call_${ids}`,
              name: 'apply_patch',
              arguments: JSON.stringify({ input: patch }),
            };
    }
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 120,
    };
    const base = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), model: body.model ?? 'gpt-5.5' };
    sendEvents(response, [
      ['response.created', { type: 'response.created', response: { ...base, status: 'in_progress', output: [] } }],
      ['response.output_item.added', { type: 'response.output_item.added', output_index: 0, item }],
      ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
      [
        'response.completed',
        { type: 'response.completed', response: { ...base, status: 'completed', output: [item], usage } },
      ],
    ]);
  };
}
