/**
 * Baselines in the remote cache: looked up before a base run, uploaded after one. A snapshot is
 * used only when its artifact decodes and validates for the key asked for and, with a signature
 * key configured, its tag verifies; anything else is a reason, which the check states in one
 * note while it runs the baseline itself.
 */
import { logDebug } from '../debug/log-debug.js';
import type { Snapshot } from '../core/snapshot.js';
import { isArtifactTagValid, makeArtifactTag } from './artifact-signature.js';
import { fetchArtifact, putArtifact } from './remote-cache-client.js';
import type { RemoteCache } from '../config/remote-cache-settings.js';
import { decodeSnapshotArtifact, encodeSnapshotArtifact } from './snapshot-artifact.js';

/** `failed`: the request did not succeed; `rejected`: it did, and what came back is not to be trusted. */
export type RemoteLookup =
  { kind: 'found'; snapshot: Snapshot } | { kind: 'miss' } | { kind: 'failed' | 'rejected'; reason: string };

export async function lookUpRemoteBaseline(remote: RemoteCache, key: string, treeId: string): Promise<RemoteLookup> {
  const fetched = await fetchArtifact(remote, key);
  logDebug(`remote cache: GET ${key}: ${fetched.kind === 'failed' ? fetched.reason : fetched.kind}`);
  if (fetched.kind !== 'hit') return fetched;
  if (remote.signatureKey !== undefined) {
    if (fetched.tag === null)
      return {
        kind: 'rejected',
        reason: 'its artifact has no signature (x-artifact-tag), and TURBO_REMOTE_CACHE_SIGNATURE_KEY is set',
      };
    const signed = { key: remote.signatureKey, hash: key, teamId: remote.teamId, body: fetched.body };
    if (!isArtifactTagValid(signed, fetched.tag))
      return {
        kind: 'rejected',
        reason: 'the signature of its artifact does not verify with TURBO_REMOTE_CACHE_SIGNATURE_KEY',
      };
  }
  const decoded = await decodeSnapshotArtifact(fetched.body, { key, treeId });
  if (decoded.kind === 'rejected') return { kind: 'rejected', reason: `its artifact was rejected: ${decoded.reason}` };
  return { kind: 'found', snapshot: decoded.snapshot };
}

/** Uploads a complete snapshot under its key; resolves to why it was not stored, or null. */
export async function publishRemoteBaseline(
  remote: RemoteCache,
  key: string,
  snapshot: Snapshot,
): Promise<string | null> {
  const body = encodeSnapshotArtifact(key, snapshot);
  const tag =
    remote.signatureKey === undefined
      ? undefined
      : makeArtifactTag({ key: remote.signatureKey, hash: key, teamId: remote.teamId, body });
  const durationMs = Math.max(0, ...snapshot.checks.map((check) => check.durationMs));
  const put = await putArtifact(remote, key, body, { ...(tag === undefined ? {} : { tag }), durationMs });
  logDebug(`remote cache: PUT ${key} (${body.length} bytes): ${put.kind === 'failed' ? put.reason : put.kind}`);
  return put.kind === 'failed' ? put.reason : null;
}
