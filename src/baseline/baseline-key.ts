/**
 * The content key of a baseline snapshot: everything that decides what the checks find on a
 * tree, and nothing that does not (time, where the tree lives, timeouts). Two snapshots with the
 * same key are interchangeable, so a baseline is computed once per key and reused by every
 * check against that base and by `culprit start` on that tree.
 *
 * Tool versions are read from the repository's installed packages without running the tools, so
 * a lookup costs a few file reads; each kind names its packages (its definition's `toolPackages`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ResolvedCheck } from '../checks/check.js';
import { checkDefinitions } from '../checks/registry.js';
import { installStateFiles } from '../checks/runner/install-state.js';

/** Bump when what a snapshot stores, or how adapters report, changes meaning. */
const snapshotFormat = 2;

const culpritVersion = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

export interface BaselineKeyInput {
  /** The git tree id of the tree the snapshot is (or would be) taken on. */
  treeId: string;
  /** The work tree, whose installed packages every run uses. */
  root: string;
  checks: readonly ResolvedCheck[];
}

export function makeBaselineKey(input: BaselineKeyInput): string {
  const parts = {
    format: snapshotFormat,
    culprit: culpritVersion,
    tree: input.treeId,
    // The timeout decides only whether a run completes, and incomplete runs are never cached.
    // Where the work tree lives is not part of what a check finds, so clones share keys.
    checks: input.checks.map(({ name, kind, options }) => ({ name, kind, options: omitWorkTree(options) })),
    tools: readToolVersions(input.root, input.checks),
    installed: readInstallState(input.root),
  };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);
}

function omitWorkTree(options: ResolvedCheck['options']): object {
  if (!('workTree' in options)) return options;
  const { workTree: _workTree, ...rest } = options;
  return rest;
}

/** `{ package: version }` for every tool package the checks use, as installed for `root` (null: not installed). */
export function readToolVersions(root: string, checks: readonly ResolvedCheck[]): Record<string, string | null> {
  const names = [...new Set(checks.flatMap((check) => checkDefinitions[check.kind].toolPackages ?? []))].sort();
  return Object.fromEntries(names.map((name) => [name, readInstalledVersion(root, name)]));
}

/** The version of a package as Node would resolve it from `root`: the nearest node_modules upwards. */
function readInstalledVersion(root: string, name: string): string | null {
  for (let dir = root; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {
        version?: unknown;
      };
      return typeof manifest.version === 'string' ? manifest.version : null;
    } catch {
      // Not installed here; look further up, as Node does.
    }
    if (dirname(dir) === dir) return null;
  }
}

function readInstallState(root: string): Record<string, string> {
  const state: Record<string, string> = {};
  for (const name of installStateFiles) {
    try {
      state[name] = createHash('sha1')
        .update(readFileSync(join(root, 'node_modules', name)))
        .digest('hex');
    } catch {
      // This package manager's state is not there.
    }
  }
  return state;
}
