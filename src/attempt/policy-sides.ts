/**
 * The baseline's culprit.config.json policy, when the edit touched the file: read from git's
 * objects (the baseline's tree is one), so the edit is judged by what the team had accepted, not
 * by what its own copy of the file says (core/coverage/suppression-policy.ts, holdPolicy).
 */
import { hasTouched } from '../core/coverage/removed-checks.js';
import { strictPolicy, type CoveragePolicy } from '../core/coverage/suppression-policy.js';
import type { TreeChanges, TreeState } from '../core/snapshot.js';
import { configFileName, parseJsonText } from '../config/load-config.js';
import { readBlobTexts } from '../git/read-blobs.js';
import type { Repository } from '../git/git.js';

/** undefined when the edit left the file alone (or outside git, where the baseline's side is not known). */
export async function readBasePolicy(
  context: { repo: Repository | null },
  base: TreeState,
  changes: TreeChanges,
): Promise<CoveragePolicy | undefined> {
  if (context.repo === null || base.kind !== 'git' || !hasTouched(changes, configFileName)) return undefined;
  const [text] = await readBlobTexts(context.repo, [`${base.treeId}:${configFileName}`]).catch(() => [undefined]);
  if (text === undefined) return strictPolicy;
  // Its schema (zod) loads only for an edit that touched the file, off every other check's path.
  const [{ parseConfig }, { resolvePolicy }] = await Promise.all([
    import('../config/parse-config.js'),
    import('../config/resolve-settings.js'),
  ]);
  try {
    return resolvePolicy(parseConfig(parseJsonText(text, configFileName, ''), configFileName));
  } catch {
    // A baseline's file that does not read allowed nothing.
    return strictPolicy;
  }
}
