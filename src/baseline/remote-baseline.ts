/**
 * Baselines in the remote cache: looked up before a base run, uploaded after one. A snapshot is
 * used only when its artifact decodes and validates for the key asked for and, with a key to
 * verify it configured (an Ed25519 public key, or Turborepo's HMAC key), its tag verifies;
 * anything else is a reason, which the check states in one note while it runs the baseline itself.
 */
import { logDebug } from '../debug/log-debug.js';
import type { Snapshot } from '../core/snapshot.js';
import {
  isArtifactTagValid,
  isSignedTagValid,
  makeArtifactTag,
  makeSignedTag,
  readEd25519Key,
} from './artifact-signature.js';
import { fetchArtifact, putArtifact } from './remote-cache-client.js';
import type { RemoteCache } from '../config/remote-cache-settings.js';
import { decodeSnapshotArtifact, encodeSnapshotArtifact, findOutsidePath } from './snapshot-artifact.js';

/** `failed`: the request did not succeed; `rejected`: it did, and what came back is not to be trusted. */
export type RemoteLookup =
  { kind: 'found'; snapshot: Snapshot } | { kind: 'miss' } | { kind: 'failed' | 'rejected'; reason: string };

export async function lookUpRemoteBaseline(remote: RemoteCache, key: string, treeId: string): Promise<RemoteLookup> {
  const fetched = await fetchArtifact(remote, key);
  logDebug(`remote cache: GET ${key}: ${fetched.kind === 'failed' ? fetched.reason : fetched.kind}`);
  if (fetched.kind !== 'hit') return fetched;
  const unverified = verifyArtifact(remote, key, fetched);
  if (unverified !== undefined) return { kind: 'rejected', reason: unverified };
  const decoded = await decodeSnapshotArtifact(fetched.body, { key, treeId });
  if (decoded.kind === 'rejected') return { kind: 'rejected', reason: `its artifact was rejected: ${decoded.reason}` };
  return { kind: 'found', snapshot: decoded.snapshot };
}

/**
 * Why the artifact's signature does not hold, or undefined. With a public key only Ed25519 tags
 * count (CI signed them; no agent can); else with Turborepo's HMAC key, its tags.
 */
function verifyArtifact(
  remote: RemoteCache,
  key: string,
  fetched: { body: Buffer; tag: string | null },
): string | undefined {
  const signed = { hash: key, teamId: remote.teamId, body: fetched.body };
  if (remote.publicKey !== undefined) {
    const publicKey = readEd25519Key(remote.publicKey, 'public');
    if (publicKey === undefined)
      return 'CULPRIT_REMOTE_CACHE_PUBLIC_KEY is not an Ed25519 public key (PEM, or base64 DER)';
    if (fetched.tag === null)
      return 'its artifact has no signature (x-artifact-tag), and CULPRIT_REMOTE_CACHE_PUBLIC_KEY is set';
    if (!isSignedTagValid(publicKey, signed, fetched.tag))
      return 'the signature of its artifact does not verify with CULPRIT_REMOTE_CACHE_PUBLIC_KEY';
    return undefined;
  }
  if (remote.signatureKey !== undefined) {
    if (fetched.tag === null)
      return 'its artifact has no signature (x-artifact-tag), and TURBO_REMOTE_CACHE_SIGNATURE_KEY is set';
    if (!isArtifactTagValid({ key: remote.signatureKey, ...signed }, fetched.tag))
      return 'the signature of its artifact does not verify with TURBO_REMOTE_CACHE_SIGNATURE_KEY';
  }
  return undefined;
}

/** Uploads a complete snapshot under its key; resolves to why it was not stored, or null. */
export async function publishRemoteBaseline(
  remote: RemoteCache,
  key: string,
  snapshot: Snapshot,
): Promise<string | null> {
  const outside = findOutsidePath(snapshot);
  if (outside !== undefined)
    return `its findings name files outside the repository (${outside}), which no other clone could read`;
  const body = encodeSnapshotArtifact(key, snapshot);
  const signed = { hash: key, teamId: remote.teamId, body };
  let tag: string | undefined;
  if (remote.signingKey !== undefined) {
    const privateKey = readEd25519Key(remote.signingKey, 'private');
    if (privateKey === undefined)
      return 'CULPRIT_REMOTE_CACHE_SIGNING_KEY is not an Ed25519 private key (PEM, or base64 DER)';
    tag = makeSignedTag(privateKey, signed);
  } else if (remote.signatureKey !== undefined) tag = makeArtifactTag({ key: remote.signatureKey, ...signed });
  const durationMs = Math.max(0, ...snapshot.checks.map((check) => check.durationMs));
  const put = await putArtifact(remote, key, body, { tag, durationMs });
  logDebug(`remote cache: PUT ${key} (${body.length} bytes): ${put.kind === 'failed' ? put.reason : put.kind}`);
  return put.kind === 'failed' ? put.reason : null;
}
