/**
 * Where the shared baselines live: a Turborepo Remote Cache (Vercel's, or a self-hosted server
 * speaking the same API), configured with the variables Turborepo users already set, or with
 * `remoteCache` in culprit.config.json. Secrets come only from the environment, never the file.
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
  token: string;
  /** HMAC-SHA256 key of artifact tags: uploads are signed, downloads used only when their tag verifies. */
  signatureKey?: string;
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
  const token = read('TURBO_TOKEN');
  const api = raw?.api ?? read('TURBO_API');
  if (raw === undefined && (token === undefined || (team === undefined && teamId === undefined)))
    return { kind: 'off' };
  if (token === undefined) return { kind: 'incomplete', reason: 'TURBO_TOKEN is not set' };
  if (team === undefined && teamId === undefined)
    return {
      kind: 'incomplete',
      reason: 'neither TURBO_TEAM nor TURBO_TEAMID is set (nor remoteCache.team or .teamId)',
    };
  const base = api ?? vercelApi;
  if (!/^https?:\/\/[^/]/.test(base)) return { kind: 'incomplete', reason: `TURBO_API is not an http(s) URL: ${base}` };
  const signatureKey = read('TURBO_REMOTE_CACHE_SIGNATURE_KEY');
  return {
    kind: 'on',
    api: base.replace(/\/+$/, ''),
    ...(team === undefined ? {} : { team }),
    ...(teamId === undefined ? {} : { teamId }),
    token,
    ...(signatureKey === undefined ? {} : { signatureKey }),
    timeoutMs: (raw === undefined ? undefined : raw.timeoutMs) ?? defaultRemoteTimeoutMs,
  };
}
