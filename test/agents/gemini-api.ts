/**
 * The scripted agent behind the Gemini API, as Gemini CLI calls it with an API key:
 * POST /v1beta/models/<model>:streamGenerateContent?alt=sse (and :generateContent for its own
 * side questions, which get a short answer). Edits are `replace` calls, the whole file's text
 * replaced by the fixed one.
 */
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { sendEvents, sendJson, type LoggedRequest, type ModelHandler } from './model-server.js';
import type { ScriptedAgent } from './scripted-agent.js';

interface Part {
  text?: string;
  functionCall?: { name: string; args: unknown };
  functionResponse?: { name: string; response: unknown };
}

interface Content {
  role: 'user' | 'model';
  parts: Part[];
}

/** All text in the contents after the model's last turn: user text and tool responses. */
export function readInbound(contents: readonly Content[]): string[] {
  const last = contents.map((content) => content.role).lastIndexOf('model');
  return contents
    .slice(last + 1)
    .flatMap((content) => content.parts)
    .map(
      (part) => part.text ?? (part.functionResponse === undefined ? '' : responseText(part.functionResponse.response)),
    )
    .filter((text) => text !== '');
}

/** A tool response as the model reads it: its output or error text, else the JSON. */
function responseText(response: unknown): string {
  const fields = response as { output?: unknown; error?: unknown };
  if (typeof fields.output === 'string') return fields.output;
  if (typeof fields.error === 'string') return fields.error;
  return JSON.stringify(response);
}

export function makeGeminiHandler(root: string, agent: ScriptedAgent): ModelHandler {
  return (request: LoggedRequest, response: ServerResponse) => {
    const match = /\/models\/([^/:]+):(streamGenerateContent|generateContent|countTokens)/.exec(request.url);
    if (request.method !== 'POST' || match === null) {
      sendJson(response, 404, {
        error: { code: 404, message: `no ${request.method} ${request.url}`, status: 'NOT_FOUND' },
      });
      return;
    }
    if (match[2] === 'countTokens') {
      sendJson(response, 200, { totalTokens: 100 });
      return;
    }
    const body = request.body as {
      contents: Content[];
      tools?: { functionDeclarations?: { name: string }[] }[];
      generationConfig?: Record<string, unknown>;
    };
    const declared = new Set(
      (body.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []).map((declaration) => declaration.name),
    );
    let parts: Part[];
    if (!declared.has('replace')) {
      const wantsJson = body.generationConfig?.['responseMimeType'] === 'application/json';
      parts = [
        {
          text: wantsJson
            ? JSON.stringify({ reasoning: 'The model finished its answer.', next_speaker: 'user' })
            : 'ok',
        },
      ];
    } else {
      const step = agent.next(readInbound(body.contents));
      parts =
        step.kind === 'done'
          ? [{ text: step.text }]
          : step.edits.map((edit) => ({
              functionCall: {
                name: 'replace',
                args: {
                  file_path: join(root, edit.path),
                  old_string: edit.before,
                  new_string: edit.after,
                  instruction: 'Rename price to unitPrice where culprit showed it.',
                },
              },
            }));
    }
    const chunk = {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 },
      modelVersion: match[1],
    };
    if (match[2] === 'generateContent') {
      sendJson(response, 200, chunk);
      return;
    }
    sendEvents(response, [[null, chunk]]);
  };
}
