/**
 * Where the shared baselines live: a Turborepo Remote Cache (Vercel's, or a self-hosted server
 * speaking the same API), configured with the variables Turborepo users already set, or with
 * `remoteCache` in culprit.config.json. Secrets come only from the environment, never the file.
 *
 * The file is the repository's, so anyone who can change it must not be able to send the user's
 * token elsewhere: the endpoint comes from `TURBO_API` before the file, and an endpoint only the
 * file names is asked without the token unless it is on this machine. Requests leave the machine
 * only over https.
 */
import type { RawConfig } from './schema.js';

export type RemoteCacheSetup =
  | { kind: 'off' }
  /** Asked for, but something it needs is missing: every lookup would fail, so none is made and the report says why. */
  | { kind: 'incomplete'; reason: string }
  | ({ kind: 'on' } & RemoteCache);

export interface RemoteCache {
  /** Base URL without a trailing slash; artifacts are at `<api>/v8/artifacts/<hash>`. */
  api: string;
  /** Sent as `?slug=`. */
  team?: string;
  /** Sent as `?teamId=`, and signed into artifact tags as Turborepo does. */
  teamId?: string;
  /** The bearer token; undefined when the endpoint is one the user did not set (see above). */
  token: string | undefined;
  /** HMAC-SHA256 key of artifact tags (Turborepo's scheme): uploads are signed, downloads used only when their tag verifies. */
  signatureKey?: string;
  /** Ed25519 private key (PEM, or base64 DER) that signs uploads: CI's alone. */
  signingKey?: string;
  /** Ed25519 public key (PEM, or base64 DER): downloads are used only when their signature verifies with it. */
  publicKey?: string;
  /** One request's limit, from the first byte sent to the last byte read. */
  timeoutMs: number;
}

const vercelApi = 'https://vercel.com/api';
export const defaultRemoteTimeoutMs = 5000;

type RawRemoteCache = NonNullable<RawConfig['remoteCache']>;

/**
 * Off unless the config has `remoteCache` or the environment names a team and a token (as a
 * Turborepo user's does); `"remoteCache": false` and `CULPRIT_REMOTE_CACHE=0` turn it off.
 */
export function resolveRemoteCache(raw: RawRemoteCache | undefined, env: NodeJS.ProcessEnv): RemoteCacheSetup {
  if (raw === false || env['CULPRIT_REMOTE_CACHE'] === '0') return { kind: 'off' };
  const read = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  const team = raw?.team ?? read('TURBO_TEAM');
  const teamId = raw?.teamId ?? read('TURBO_TEAMID');
  const envApi = read('TURBO_API');
  const base = envApi ?? raw?.api ?? vercelApi;
  const named =
    envApi === undefined ? (raw?.api === undefined ? 'the default endpoint' : 'remoteCache.api') : 'TURBO_API';
  const url = parseUrl(base);
  if (url === undefined) return { kind: 'incomplete', reason: `${named} is not an http(s) URL: ${base}` };
  const local = isLoopback(url.hostname);
  if (url.protocol === 'http:' && !local)
    return {
      kind: 'incomplete',
      reason: `${named} is ${url.origin}: culprit sends requests to another machine only over https`,
    };
  // The user's token goes to an endpoint the user set (or Turborepo's default), or to this machine;
  // never to one only the repository's configuration names.
  const token = envApi !== undefined || raw?.api === undefined || local ? read('TURBO_TOKEN') : undefined;
  const needsToken = envApi !== undefined || raw?.api === undefined;
  if (raw === undefined && (token === undefined || (team === undefined && teamId === undefined)))
    return { kind: 'off' };
  if (token === undefined && needsToken) return { kind: 'incomplete', reason: 'TURBO_TOKEN is not set' };
  if (team === undefined && teamId === undefined)
    return {
      kind: 'incomplete',
      reason: 'neither TURBO_TEAM nor TURBO_TEAMID is set (nor remoteCache.team or .teamId)',
    };
  const signatureKey = read('TURBO_REMOTE_CACHE_SIGNATURE_KEY');
  const signingKey = read('CULPRIT_REMOTE_CACHE_SIGNING_KEY');
  const publicKey = read('CULPRIT_REMOTE_CACHE_PUBLIC_KEY');
  return {
    kind: 'on',
    api: base.replace(/\/+$/, ''),
    team,
    teamId,
    token,
    signatureKey,
    signingKey,
    publicKey,
    timeoutMs: (raw === undefined ? undefined : raw.timeoutMs) ?? defaultRemoteTimeoutMs,
  };
}

function parseUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a URL's host is this machine: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
