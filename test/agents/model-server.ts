/**
 * A model server on 127.0.0.1 for one agent test: a plain node http server on a free port that
 * logs every request body, so a test asserts on what the model actually received, and answers
 * through the API adapter it is given. With CULPRIT_TEST_MODEL_LOG set to a file, each request is
 * appended there too (a JSON line), for a person to read what the model was sent.
 */
import { appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface LoggedRequest {
  method: string;
  url: string;
  body: unknown;
}

export type ModelHandler = (request: LoggedRequest, response: ServerResponse) => void;

export interface ModelServer {
  url: string;
  requests: LoggedRequest[];
  close(): Promise<void>;
}

export async function startModelServer(handle: ModelHandler): Promise<ModelServer> {
  const requests: LoggedRequest[] = [];
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        // Not JSON: logged as text.
      }
      const request = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', body };
      requests.push(request);
      const log = process.env['CULPRIT_TEST_MODEL_LOG'];
      if (log !== undefined && log !== '') appendFileSync(log, `${JSON.stringify(request)}\n`);
      try {
        handle(request, response);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: String(error) } }));
      }
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the model server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

/** Writes a server-sent event stream: each item is `[event name or null, data]`. */
export function sendEvents(response: ServerResponse, events: readonly [string | null, unknown][]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [event, data] of events)
    response.write(`${event === null ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`);
  response.end();
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
