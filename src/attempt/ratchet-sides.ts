/**
 * culprit-baseline.json before and after an edit that touched it: the baseline's from git's
 * objects (its tree is one), the edit's from the work tree. Outside git nothing of the baseline's
 * side is known, and nothing is compared.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasTouched } from '../core/coverage/removed-checks.js';
import type { RatchetSides } from '../core/coverage/ratchet-growth.js';
import { ratchetFileName, type RatchetFile } from '../core/gate/ratchet-file.js';
import type { TreeChanges, TreeState } from '../core/snapshot.js';
import { readBlobTexts } from '../git/read-blobs.js';
import type { Repository } from '../git/git.js';

export async function readRatchetSides(
  context: { root: string; repo: Repository | null },
  base: TreeState,
  changes: TreeChanges,
): Promise<RatchetSides | undefined> {
  if (context.repo === null || base.kind !== 'git' || !hasTouched(changes, ratchetFileName)) return undefined;
  // Its schema (zod) loads only for an edit that touched the file, off every other check's path.
  const { parseRatchetFile } = await import('../config/ratchet-file.js');
  const parseOrWhy = (text: string): RatchetFile | string => {
    try {
      return parseRatchetFile(text);
    } catch (error) {
      return (error as Error).message;
    }
  };
  const [beforeText] = await readBlobTexts(context.repo, [`${base.treeId}:${ratchetFileName}`]).catch(() => [
    undefined,
  ]);
  // A baseline side that does not read was no ratchet to grow.
  const before = beforeText === undefined ? null : parseOrWhy(beforeText);
  if (typeof before === 'string') return undefined;
  if (!changes.changed.has(ratchetFileName)) return { before, after: null };
  let afterText: string;
  try {
    afterText = readFileSync(join(context.root, ratchetFileName), 'utf8');
  } catch {
    return { before, after: null };
  }
  return { before, after: parseOrWhy(afterText) };
}
