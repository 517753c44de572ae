/**
 * Signatures of remote cache artifacts, sent in the `x-artifact-tag` header.
 *
 * - Turborepo's own scheme: HMAC-SHA256, keyed with TURBO_REMOTE_CACHE_SIGNATURE_KEY, over the
 *   artifact's hash, then the team id (empty when only a slug is configured), then the body,
 *   base64-encoded. Computed the same way here, so a server that stores tags for Turborepo stores
 *   ours, and a tag made by either verifies in the other. Whoever can verify can also sign.
 * - Ed25519 (culprit's): CI signs with a private key only it holds; agents verify with the public
 *   key, which cannot sign. The tag is `ed25519:` and the base64 signature of the hash, the team
 *   id and the body, each followed by a NUL byte but the body.
 */
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  sign,
  timingSafeEqual,
  verify,
  type KeyObject,
} from 'node:crypto';

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

const ed25519Prefix = 'ed25519:';

/** An Ed25519 key given as PEM, or as base64 DER (PKCS#8 for a private key, SPKI for a public one); undefined when it is not one. */
export function readEd25519Key(text: string, kind: 'private' | 'public'): KeyObject | undefined {
  try {
    const der = Buffer.from(text.trim(), 'base64');
    const isPem = text.trimStart().startsWith('-----BEGIN');
    const key =
      kind === 'private'
        ? createPrivateKey(isPem ? text : { key: der, format: 'der', type: 'pkcs8' })
        : createPublicKey(isPem ? text : { key: der, format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** The `x-artifact-tag` of an artifact signed with an Ed25519 private key. */
export function makeSignedTag(privateKey: KeyObject, input: Omit<TagInput, 'key'>): string {
  return `${ed25519Prefix}${sign(null, makeSignedMessage(input), privateKey).toString('base64')}`;
}

/** Whether `tag` is an Ed25519 signature of this artifact that verifies with the public key. */
export function isSignedTagValid(publicKey: KeyObject, input: Omit<TagInput, 'key'>, tag: string): boolean {
  const trimmed = tag.trim();
  if (!trimmed.startsWith(ed25519Prefix)) return false;
  const signature = Buffer.from(trimmed.slice(ed25519Prefix.length), 'base64');
  try {
    return verify(null, makeSignedMessage(input), publicKey, signature);
  } catch {
    return false;
  }
}

function makeSignedMessage({ hash, teamId, body }: Omit<TagInput, 'key'>): Buffer {
  return Buffer.concat([Buffer.from(`${hash}\0${teamId ?? ''}\0`, 'utf8'), body]);
}
