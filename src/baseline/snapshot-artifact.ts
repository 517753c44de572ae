/**
 * A baseline snapshot as a remote cache artifact: gzip of one JSON object naming its format and
 * its content key beside the snapshot. Reading one back trusts nothing: it must decompress
 * within a bound, parse, name the key it was asked for, be about the tree that key is for, and
 * validate against the snapshot schema (whose paths are all relative and inside the tree);
 * otherwise it is rejected with the reason.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { describeError } from '../core/errors.js';
import { isTreePath } from '../core/is-inside.js';
import type { Snapshot } from '../core/snapshot.js';

const format = 'culprit-snapshot/1';

/**
 * A decompressed artifact larger than this is refused (a gzip bomb, or not ours): a snapshot of
 * 100,000 findings is tens of MB of JSON.
 */
export const maxJsonBytes = 256 * 1024 * 1024;

export function encodeSnapshotArtifact(key: string, snapshot: Snapshot): Buffer {
  // Fingerprint hashes are left out: the reader computes its own.
  const checks = snapshot.checks.map(({ hashes: _hashes, ...check }) => check);
  return gzipSync(JSON.stringify({ format, key, snapshot: { ...snapshot, checks } }));
}

/** A path in the snapshot that is not inside the tree (a tsconfig reaching `../shared`), or undefined: such a snapshot is not shared. */
export function findOutsidePath(snapshot: Snapshot): string | undefined {
  for (const check of snapshot.checks) {
    const paths = [
      ...check.diagnostics.flatMap((finding) => (finding.path === null ? [] : [finding.path])),
      ...(check.checkedPaths ?? []),
      ...(check.configFiles ?? []),
      ...(check.strength ?? []).flatMap((scope) => [
        ...(scope.source === null ? [] : [scope.source]),
        ...(scope.files ?? []),
      ]),
      ...(check.unchecked ?? []).flatMap((part) => part.paths),
      ...Object.keys(check.declarations ?? {}),
    ];
    const outside = paths.find((path) => !isTreePath(path));
    if (outside !== undefined) return outside;
  }
  return undefined;
}

export type DecodedArtifact = { kind: 'snapshot'; snapshot: Snapshot } | { kind: 'rejected'; reason: string };

export async function decodeSnapshotArtifact(
  body: Buffer,
  expected: { key: string; treeId: string },
): Promise<DecodedArtifact> {
  let json: unknown;
  try {
    json = JSON.parse(gunzipSync(body, { maxOutputLength: maxJsonBytes }).toString('utf8'));
  } catch (error) {
    if (error instanceof RangeError && (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      return { kind: 'rejected', reason: `it decompresses to more than ${maxJsonBytes} bytes` };
    return { kind: 'rejected', reason: `it is not a gzipped JSON artifact (${describeError(error).slice(0, 120)})` };
  }
  if (typeof json !== 'object' || json === null) return { kind: 'rejected', reason: 'it is not a culprit snapshot' };
  const envelope = json as { format?: unknown; key?: unknown; snapshot?: unknown };
  if (envelope.format !== format)
    return { kind: 'rejected', reason: `its format is ${JSON.stringify(envelope.format)}, not ${format}` };
  if (envelope.key !== expected.key)
    return { kind: 'rejected', reason: `it is the snapshot of another key (${String(envelope.key).slice(0, 64)})` };
  const { snapshotSchema } = await import('./snapshot-schema.js');
  const parsed = snapshotSchema.safeParse(envelope.snapshot);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: 'rejected',
      reason: `it does not validate (${issue === undefined ? 'invalid' : `${issue.path.join('.')}: ${issue.message}`})`,
    };
  }
  if (parsed.data.tree.treeId !== expected.treeId)
    return { kind: 'rejected', reason: `it is about tree ${parsed.data.tree.treeId}, not ${expected.treeId}` };
  return { kind: 'snapshot', snapshot: parsed.data };
}
