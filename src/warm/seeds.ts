/**
 * What a cold check against a baseline hands the sessions that can start from it (tsc, ESLint):
 * each check's run on the base tree and the base text of every file the edit changed, read from
 * git's objects (the baseline's tree is one), never from a copy. Only a plain edit is seeded:
 * files modified in place, none added, deleted or renamed, and no configuration or package file
 * touched; anything else makes the programs, or the set of linted files, differ from the base
 * tree's, and the check runs in full as before.
 */
import { basename, join } from 'node:path';
import type { ResolvedCheck } from '../checks/check.js';
import type { SeedGraph, SeedRun, WarmSeed } from '../checks/check-definition.js';
import { checkDefinitions } from '../checks/registry.js';
import type { Snapshot, SnapshotCheck, TreeChanges } from '../core/snapshot.js';
import { listIgnoredPaths } from '../git/checkout-tree.js';
import type { Repository } from '../git/git.js';
import { readBlobTexts } from '../git/read-blobs.js';
import { isRestartFile } from './warm-engine.js';

/** Past this many changed files, reading their base text and walking from each costs more than it saves. */
const maxSeededFiles = 300;

export interface SeedRequest {
  repo: Repository;
  /** Absolute work tree root. */
  root: string;
  baseline: Snapshot;
  /** From the baseline's tree to the tree about to be checked. */
  changes: TreeChanges;
  checks: readonly ResolvedCheck[];
}

export type SeedsOrReason = { seeds: Record<string, WarmSeed> } | { reason: string };

export async function readSeeds(request: SeedRequest): Promise<SeedsOrReason> {
  const { baseline, changes, root } = request;
  if (baseline.tree.kind !== 'git') return { reason: 'the baseline is not a git tree' };
  if (changes.deleted.size > 0 || changes.renames.size > 0) return { reason: 'the edit deleted or renamed files' };
  const changed = [...changes.changed];
  if (changed.length > maxSeededFiles) return { reason: `the edit changed ${changed.length} files` };
  const config = changed.find((path) => isRestartFile(basename(path)));
  if (config !== undefined) return { reason: `${config} changed` };
  const runs = new Map(baseline.checks.map((check) => [check.name, check]));
  const seedable = request.checks.filter((check) => {
    const run = runs.get(check.name);
    if (checkDefinitions[check.kind].warm === undefined || run?.status !== 'ok' || run.version === null) return false;
    // Files outside their project: typescript-eslint words that finding otherwise in a process that
    // lints more than once (the seeded worker) than in the one-shot run that took the baseline.
    return check.kind !== 'eslint' || !run.diagnostics.some((diagnostic) => diagnostic.phase === 'config');
  });
  if (seedable.length === 0) return { reason: 'no check the baseline can seed' };
  // Two git processes, side by side.
  const [texts, ignored] = await Promise.all([
    readBaseTexts(request.repo, baseline.tree.treeId, changed),
    listIgnoredPaths(request.repo),
  ]);
  if (texts === undefined) return { reason: 'the edit added files' };
  const baseTexts = Object.fromEntries(changed.map((path, index) => [join(root, path), texts[index]!]));
  // Installed packages change with their lockfile or manifest, which leave nothing seeded (above).
  const ignoredPaths = ignored
    .filter((path) => !/(?:^|\/)node_modules\/$/.test(path))
    .map((path) => join(root, path) + (path.endsWith('/') ? '/' : ''));
  const graph = readSeedGraph(request.checks, seedable, runs, ignoredPaths);
  return {
    seeds: Object.fromEntries(
      seedable.map((check) => [
        check.name,
        {
          base: makeSeedRun(runs.get(check.name)!),
          baseTexts,
          ignoredPaths,
          graph: checkDefinitions[check.kind].warm?.reachFromGraph === true ? graph : undefined,
        },
      ]),
    ),
  };
}

/** What a file git ignores may be to a compiler: one it reads (in a folder, unknown), so the base graph may miss it. */
const compilerInput = /(?:\/|\.(?:[cm]?[jt]sx?|json))$/;

/**
 * The base tree's module graph, when it says what the type checker of this check would find the
 * edit reaches: one compiler check, seeded (so its base run succeeded and the edit is a plain
 * one), whose base run kept its imports; and no file git ignores that it could read, which no
 * tree diff follows (a new one in the program changes its files, where tsc itself checks all).
 */
function readSeedGraph(
  checks: readonly ResolvedCheck[],
  seedable: readonly ResolvedCheck[],
  runs: ReadonlyMap<string, SnapshotCheck>,
  ignoredPaths: readonly string[],
): SeedGraph | undefined {
  const compilers = checks.filter((check) => checkDefinitions[check.kind].graph === 'compiler');
  if (compilers.length !== 1 || !seedable.includes(compilers[0]!)) return undefined;
  const { imports, checkedPaths } = runs.get(compilers[0]!.name)!;
  if (imports === undefined || checkedPaths === undefined) return undefined;
  if (ignoredPaths.some((path) => compilerInput.test(path))) return undefined;
  return { imports, checkedPaths };
}

function makeSeedRun(check: SnapshotCheck): SeedRun {
  return {
    version: check.version,
    // Anchors are made again from the checked tree; a session returns findings as a run does.
    diagnostics: check.diagnostics.map(({ anchor: _anchor, ...diagnostic }) => diagnostic),
    declarations: check.declarations,
    derived: check.derived,
    checkedPaths: check.checkedPaths,
    imports: check.imports,
  };
}

/** Each path's text in the tree, as TypeScript reads a file (a leading BOM dropped); undefined when one is not there. */
async function readBaseTexts(
  repo: Repository,
  treeId: string,
  paths: readonly string[],
): Promise<string[] | undefined> {
  const texts = await readTreeTexts(repo, treeId, paths);
  const found = texts.filter((text) => text !== undefined);
  return found.length === texts.length ? found : undefined;
}

/** Each path's text in the tree, as TypeScript reads a file (a leading BOM dropped), or undefined where it is not there. */
export async function readTreeTexts(
  repo: Repository,
  treeId: string,
  paths: readonly string[],
): Promise<(string | undefined)[]> {
  const texts = await readBlobTexts(
    repo,
    paths.map((path) => `${treeId}:${path}`),
  );
  return texts.map((text) => text?.replace(/^\uFEFF/, ''));
}
