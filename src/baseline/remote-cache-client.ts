/**
 * The two requests of Turborepo's Remote Cache HTTP API culprit makes: `GET` and `PUT
 * /v8/artifacts/<hash>`, with the bearer token (when it may go to that endpoint, see
 * config/remote-cache-settings.ts) and the team as `teamId`/`slug`. Every request is bounded by
 * the configured timeout (the body included) and a response by its size, counted as it streams
 * in (a chunked response names none), and every way it can go wrong is an outcome, never a
 * throw: a remote cache is an optimisation, so its faults only cost a local run. fetch drops the
 * token on a redirect to another origin.
 */
import type { RemoteCache } from '../config/remote-cache-settings.js';

export type FetchOutcome =
  { kind: 'hit'; body: Buffer; tag: string | null } | { kind: 'miss' } | { kind: 'failed'; reason: string };

export type PutOutcome = { kind: 'stored' } | { kind: 'failed'; reason: string };

/** Larger artifacts are refused: a snapshot of 100,000 findings compresses to a few MB. */
export const maxArtifactBytes = 64 * 1024 * 1024;

export async function fetchArtifact(remote: RemoteCache, hash: string): Promise<FetchOutcome> {
  try {
    const signal = AbortSignal.timeout(remote.timeoutMs);
    const response = await fetch(makeArtifactUrl(remote, hash), { headers: makeHeaders(remote), signal });
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: 'miss' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'failed', reason: describeStatus(response.status, remote) };
    }
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > maxArtifactBytes) {
      await response.body?.cancel();
      return { kind: 'failed', reason: `it sent an artifact of ${length} bytes, more than culprit reads` };
    }
    const body = await readBoundedBody(response, maxArtifactBytes);
    if (body === undefined)
      return {
        kind: 'failed',
        reason: `it sent an artifact of more than ${maxArtifactBytes} bytes, more than culprit reads`,
      };
    return { kind: 'hit', body, tag: response.headers.get('x-artifact-tag') };
  } catch (error) {
    return { kind: 'failed', reason: describeFailure(error, remote) };
  }
}

export async function putArtifact(
  remote: RemoteCache,
  hash: string,
  body: Buffer,
  options: { tag?: string | undefined; durationMs: number },
): Promise<PutOutcome> {
  try {
    const signal = AbortSignal.timeout(remote.timeoutMs);
    const headers = {
      ...makeHeaders(remote),
      'content-type': 'application/octet-stream',
      'x-artifact-duration': String(Math.max(0, Math.round(options.durationMs))),
      // A header is absent, not undefined: fetch would send the text "undefined".
      ...(options.tag === undefined ? {} : { 'x-artifact-tag': options.tag }),
    };
    const response = await fetch(makeArtifactUrl(remote, hash), { method: 'PUT', headers, body, signal });
    await response.body?.cancel();
    return response.ok ? { kind: 'stored' } : { kind: 'failed', reason: describeStatus(response.status, remote) };
  } catch (error) {
    return { kind: 'failed', reason: describeFailure(error, remote) };
  }
}

function makeArtifactUrl(remote: RemoteCache, hash: string): string {
  const query = new URLSearchParams();
  if (remote.teamId !== undefined) query.set('teamId', remote.teamId);
  if (remote.team !== undefined) query.set('slug', remote.team);
  return `${remote.api}/v8/artifacts/${encodeURIComponent(hash)}?${query.toString()}`;
}

/** The body, read chunk by chunk and given up past `maxBytes` (the rest is never read); undefined then. */
async function readBoundedBody(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (response.body === null) return Buffer.alloc(0);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
}

function makeHeaders(remote: RemoteCache): Record<string, string> {
  return {
    // A header is absent, not undefined: fetch would send the text "undefined".
    ...(remote.token === undefined ? {} : { authorization: `Bearer ${remote.token}` }),
    'user-agent': 'culprit',
  };
}

function describeStatus(status: number, remote: RemoteCache): string {
  if ((status === 401 || status === 403) && remote.token === undefined)
    return `it refused a request without a token (HTTP ${status}); culprit sends TURBO_TOKEN only to the endpoint TURBO_API names (remoteCache.api in the repository's configuration is not enough), so set TURBO_API=${remote.api} to send it there`;
  if (status === 401 || status === 403) return `it refused the token (HTTP ${status}); check TURBO_TOKEN and the team`;
  return `it answered HTTP ${status}`;
}

function describeFailure(error: unknown, remote: RemoteCache): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `it did not answer within ${remote.timeoutMs} ms`;
  // fetch wraps the socket's error: ECONNREFUSED, ENOTFOUND, ECONNRESET.
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code !== undefined) return `it is unreachable (${code})`;
  const message = error instanceof Error ? error.message : String(error);
  return `the request failed (${message.replace(/\s+/g, ' ').slice(0, 200)})`;
}
