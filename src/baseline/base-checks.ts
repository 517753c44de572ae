/**
 * The checks a commit's tree runs, by its own configuration. A baseline of HEAD (or `--base`) is
 * checked with the checks that tree configures, not the work tree's: an edit that deletes
 * eslint.config.js, or takes a check out of culprit.config.json, leaves the work tree without
 * that check, and a baseline taken with the work tree's checks would lack it too, so nothing would
 * say it was removed. Only when the edit touched a file that decides which checks run (the tree
 * diff names one) is the base's configuration read, from a copy of just those files; otherwise the
 * checks are the same and the work tree's stand.
 */
import { loadConfig } from '../config/load-config.js';
import { isCheckConfigFile } from '../config/detect-checks.js';
import { resolveChecks } from '../config/resolve-settings.js';
import type { ResolvedCheck } from '../checks/check.js';
import { describeError } from '../core/errors.js';
import type { ReportNote } from '../core/report/report-codes.js';
import type { TreeChanges } from '../core/snapshot.js';
import { checkoutTreeFiles } from '../git/checkout-tree.js';
import type { Repository } from '../git/git.js';
import { logDebug } from '../debug/log-debug.js';
import { withTemporaryDirectory } from '../state/temporary-paths.js';
import { listTouchedPaths } from '../tree/compare-trees.js';
import { baseCopyPrefix } from './take-base-snapshot.js';

export interface BaseChecksRequest {
  repo: Repository;
  root: string;
  /** The base tree. */
  treeId: string;
  /** The work tree's checks, and what changed from the base tree to it (null: unknown). */
  checks: readonly ResolvedCheck[];
  changes: TreeChanges | null;
  scratch: string;
}

/** The base tree's checks, and a note when its configuration could not be read (then the work tree's stand). */
export async function resolveBaseChecks(
  request: BaseChecksRequest,
): Promise<{ checks: readonly ResolvedCheck[]; note?: ReportNote | undefined }> {
  const { changes } = request;
  if (changes === null || !listTouchedPaths(changes).some(isCheckConfigFile)) return { checks: request.checks };
  try {
    const checks = await withTemporaryDirectory(baseCopyPrefix, async (copy) => {
      await checkoutTreeFiles(request.repo, request.treeId, copy, request.scratch, isCheckConfigFile);
      const { raw } = await loadConfig(copy);
      return resolveChecks(request.root, raw, copy);
    });
    logDebug(`baseline checks from tree ${request.treeId}: ${checks.map((check) => check.name).join(', ') || 'none'}`);
    return { checks };
  } catch (error) {
    return {
      checks: request.checks,
      note: { code: 'base-config-unread', error: describeError(error) },
    };
  }
}
