/**
 * Turborepo's artifact signature: HMAC-SHA256, keyed with TURBO_REMOTE_CACHE_SIGNATURE_KEY, over
 * the artifact's hash, then the team id (empty when only a slug is configured), then the body;
 * sent base64-encoded in the `x-artifact-tag` header. Computed the same way here, so a server
 * that stores tags for Turborepo stores ours, and a tag made by either verifies in the other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TagInput {
  key: string;
  hash: string;
  teamId: string | undefined;
  body: Uint8Array;
}

export function makeArtifactTag(input: TagInput): string {
  return computeTag(input).toString('base64');
}

/** Whether `tag` is the tag of this body under this key, compared in constant time. */
export function isArtifactTagValid(input: TagInput, tag: string): boolean {
  const expected = computeTag(input);
  const given = Buffer.from(tag.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function computeTag({ key, hash, teamId, body }: TagInput): Buffer {
  return createHmac('sha256', key)
    .update(hash)
    .update(teamId ?? '')
    .update(body)
    .digest();
}
