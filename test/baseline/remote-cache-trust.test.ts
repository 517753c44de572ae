/**
 * What culprit takes from a remote cache and what it sends there, against real HTTP servers on
 * 127.0.0.1 (node:http): a chunked response past the size cap is given up while it streams (the
 * server sees the connection closed before it could send it all); a gzip bomb, and artifacts
 * whose paths lead out of the tree, are rejected; the endpoint and the token come from the
 * environment before the repository's configuration, which can name an endpoint but never
 * receive the token there, and nothing leaves the machine but over https; Ed25519 signatures
 * verify with the public key alone, which cannot make one.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isArtifactTagValid,
  isSignedTagValid,
  makeArtifactTag,
  makeSignedTag,
  readEd25519Key,
} from '../../src/baseline/artifact-signature.js';
import { fetchArtifact, maxArtifactBytes } from '../../src/baseline/remote-cache-client.js';
import { decodeSnapshotArtifact, maxJsonBytes } from '../../src/baseline/snapshot-artifact.js';
import { resolveRemoteCache, type RemoteCache } from '../../src/config/remote-cache-settings.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function remoteAt(api: string, extra: Partial<RemoteCache> = {}): RemoteCache {
  return { api, team: 'fleet', token: 'fleet-token', timeoutMs: 20_000, ...extra };
}

const key = 'a'.repeat(40);
const treeId = 'b'.repeat(40);

function makeArtifact(check: Record<string, unknown>): Buffer {
  const snapshot = {
    version: 1,
    takenAt: '2025-01-01T00:00:00.000Z',
    tree: { kind: 'git', treeId },
    checks: [{ name: 'tsc', status: 'ok', durationMs: 1, version: '6.0.3', diagnostics: [], ...check }],
  };
  return gzipSync(JSON.stringify({ format: 'culprit-snapshot/1', key, snapshot }));
}

const finding = (path: string) => ({
  tool: 'tsc',
  code: 'TS2322',
  severity: 'error',
  phase: 'semantic',
  path,
  line: 1,
  column: 1,
  message: 'm',
  anchor: 'a',
});

describe('what comes back from a remote cache', () => {
  it('a chunked response past the cap is given up while it streams', async () => {
    const total = 4 * maxArtifactBytes;
    let sent = 0;
    let closedEarly = false;
    const api = await listen((_request, response) => {
      // No Content-Length: chunked, so only counting while reading can stop it.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      response.once('close', () => (closedEarly = sent < total));
      const pump = () => {
        while (sent < total && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    expect(await fetchArtifact(remoteAt(api), key)).toEqual({
      kind: 'failed',
      reason: `it sent an artifact of more than ${maxArtifactBytes} bytes, more than culprit reads`,
    });
    expect(await waitUntil(() => closedEarly)).toBe(true);
    expect(sent).toBeLessThan(total);
  });

  it('an artifact that decompresses past the cap is rejected', async () => {
    const gzip = createGzip();
    const parts: Buffer[] = [];
    gzip.on('data', (part: Buffer) => parts.push(part));
    const done = new Promise((resolve) => gzip.once('end', resolve));
    const zeros = Buffer.alloc(1024 * 1024);
    for (let written = 0; written <= maxJsonBytes; written += zeros.length) gzip.write(zeros);
    gzip.end();
    await done;
    const bomb = Buffer.concat(parts);
    expect(bomb.length).toBeLessThan(maxArtifactBytes);
    expect(await decodeSnapshotArtifact(bomb, { key, treeId })).toEqual({
      kind: 'rejected',
      reason: `it decompresses to more than ${maxJsonBytes} bytes`,
    });
  });

  it('admits only relative paths inside the tree', async () => {
    expect(
      (await decodeSnapshotArtifact(makeArtifact({ diagnostics: [finding('src/a.ts')] }), { key, treeId })).kind,
    ).toBe('snapshot');
    const outside = 'not a relative path inside the tree';
    for (const [check, problem] of [
      [{ diagnostics: [finding('../outside/secret.ts')] }, `checks.0.diagnostics.0.path: ${outside}`],
      [{ diagnostics: [finding('/etc/passwd')] }, `checks.0.diagnostics.0.path: ${outside}`],
      [{ diagnostics: [finding('src/../../x.ts')] }, `checks.0.diagnostics.0.path: ${outside}`],
      [{ checkedPaths: ['src/a.ts', 'C:\\Windows\\win.ini'] }, `checks.0.checkedPaths.1: ${outside}`],
      // zod names a record's key that fails its schema this way.
      [{ declarations: { '../up.ts': [] } }, 'checks.0.declarations.../up.ts: Invalid key in record'],
    ] as const) {
      expect(await decodeSnapshotArtifact(makeArtifact(check), { key, treeId })).toEqual({
        kind: 'rejected',
        reason: `it does not validate (${problem})`,
      });
    }
  });
});

describe('where requests go, and with what', () => {
  const env = { TURBO_TOKEN: 'user-token', TURBO_TEAM: 'fleet' };

  it("takes the endpoint from the environment first, and sends the token only to the user's endpoint or this machine", () => {
    const configured = { api: 'https://cache.example.com' };
    expect(resolveRemoteCache(configured, env)).toMatchObject({
      kind: 'on',
      api: 'https://cache.example.com',
      token: undefined,
    });
    expect(resolveRemoteCache(configured, { ...env, TURBO_API: 'https://mine.example.com' })).toMatchObject({
      kind: 'on',
      api: 'https://mine.example.com',
      token: 'user-token',
    });
    expect(resolveRemoteCache({ api: 'http://127.0.0.1:3000' }, env)).toMatchObject({
      kind: 'on',
      token: 'user-token',
    });
    expect(resolveRemoteCache(undefined, env)).toMatchObject({
      kind: 'on',
      api: 'https://vercel.com/api',
      token: 'user-token',
    });
  });

  it('sends nothing to another machine over plain http', () => {
    expect(resolveRemoteCache(undefined, { ...env, TURBO_API: 'http://cache.example.com' })).toEqual({
      kind: 'incomplete',
      reason: 'TURBO_API is http://cache.example.com: culprit sends requests to another machine only over https',
    });
    expect(resolveRemoteCache({ api: 'http://cache.example.com/api' }, env)).toEqual({
      kind: 'incomplete',
      reason: 'remoteCache.api is http://cache.example.com: culprit sends requests to another machine only over https',
    });
    expect(resolveRemoteCache(undefined, { ...env, TURBO_API: 'http://localhost:3000' })).toMatchObject({ kind: 'on' });
  });

  it('asks an endpoint without the token when it has none to send, and says how to send it', async () => {
    const heard: IncomingHttpHeaders[] = [];
    const api = await listen((request, response) => {
      heard.push(request.headers);
      response.writeHead(request.headers.authorization === undefined ? 401 : 404).end();
    });
    expect(await fetchArtifact(remoteAt(api, { token: undefined }), key)).toEqual({
      kind: 'failed',
      reason: `it refused a request without a token (HTTP 401); culprit sends TURBO_TOKEN only to the endpoint TURBO_API names (remoteCache.api in the repository's configuration is not enough), so set TURBO_API=${api} to send it there`,
    });
    expect(await fetchArtifact(remoteAt(api), key)).toEqual({ kind: 'miss' });
    expect(heard.map((headers) => headers.authorization)).toEqual([undefined, 'Bearer fleet-token']);
  });
});

describe('signatures', () => {
  const pair = generateKeyPairSync('ed25519');
  const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const publicDer = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const body = Buffer.from('the artifact');
  const signed = { hash: key, teamId: 'team_fleet', body };

  it('an Ed25519 tag verifies with the public key alone, and nothing else does', () => {
    const tag = makeSignedTag(readEd25519Key(privatePem, 'private')!, signed);
    expect(tag).toMatch(/^ed25519:[A-Za-z0-9+/]+=*$/);
    for (const text of [publicPem, publicDer])
      expect(isSignedTagValid(readEd25519Key(text, 'public')!, signed, tag)).toBe(true);
    const publicKey = readEd25519Key(publicPem, 'public')!;
    expect(isSignedTagValid(publicKey, { ...signed, body: Buffer.from('another artifact') }, tag)).toBe(false);
    expect(isSignedTagValid(publicKey, { ...signed, teamId: 'team_other' }, tag)).toBe(false);
    // A tag of Turborepo's HMAC scheme, whoever made it, is not an Ed25519 signature.
    const hmac = makeArtifactTag({ key: 'shared-secret', ...signed });
    expect(isArtifactTagValid({ key: 'shared-secret', ...signed }, hmac)).toBe(true);
    expect(isSignedTagValid(publicKey, signed, hmac)).toBe(false);
    expect(isSignedTagValid(publicKey, signed, `ed25519:${hmac}`)).toBe(false);
    // A public key signs nothing; a key of another kind is not taken for one.
    expect(readEd25519Key(publicPem, 'private')).toBeUndefined();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
    expect(readEd25519Key(rsa.toString(), 'public')).toBeUndefined();
  });
});

async function waitUntil(condition: () => boolean): Promise<boolean> {
  for (let tries = 0; tries < 200 && !condition(); tries++) await new Promise((resolve) => setTimeout(resolve, 25));
  return condition();
}
