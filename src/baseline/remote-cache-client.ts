/**
 * The two requests of Turborepo's Remote Cache HTTP API culprit makes: `GET` and `PUT
 * /v8/artifacts/<hash>`, with the bearer token and the team as `teamId`/`slug`. Every request is
 * bounded by the configured timeout (the body included), and every way it can go wrong is an
 * outcome, never a throw: a remote cache is an optimisation, so its faults only cost a local run.
 */
import type { RemoteCache } from '../config/remote-cache-settings.js';

export type FetchOutcome =
  { kind: 'hit'; body: Buffer; tag: string | null } | { kind: 'miss' } | { kind: 'failed'; reason: string };

export type PutOutcome = { kind: 'stored' } | { kind: 'failed'; reason: string };

/** Larger artifacts are refused unread: a snapshot of 100,000 findings compresses to a few MB. */
const maxArtifactBytes = 256 * 1024 * 1024;

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
      return { kind: 'failed', reason: describeStatus(response.status) };
    }
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > maxArtifactBytes) {
      await response.body?.cancel();
      return { kind: 'failed', reason: `it sent an artifact of ${length} bytes, more than culprit reads` };
    }
    const body = Buffer.from(await response.arrayBuffer());
    return { kind: 'hit', body, tag: response.headers.get('x-artifact-tag') };
  } catch (error) {
    return { kind: 'failed', reason: describeFailure(error, remote) };
  }
}

export async function putArtifact(
  remote: RemoteCache,
  hash: string,
  body: Buffer,
  options: { tag?: string; durationMs: number },
): Promise<PutOutcome> {
  try {
    const signal = AbortSignal.timeout(remote.timeoutMs);
    const headers = {
      ...makeHeaders(remote),
      'content-type': 'application/octet-stream',
      'x-artifact-duration': String(Math.max(0, Math.round(options.durationMs))),
      ...(options.tag === undefined ? {} : { 'x-artifact-tag': options.tag }),
    };
    const response = await fetch(makeArtifactUrl(remote, hash), { method: 'PUT', headers, body, signal });
    await response.body?.cancel();
    return response.ok ? { kind: 'stored' } : { kind: 'failed', reason: describeStatus(response.status) };
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

function makeHeaders(remote: RemoteCache): Record<string, string> {
  return { authorization: `Bearer ${remote.token}`, 'user-agent': 'culprit' };
}

function describeStatus(status: number): string {
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
