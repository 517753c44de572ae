/**
 * `culprit gate`: every check on the work tree as it is, compared with the checked-in baseline
 * file. The merge gate reads the absolute state; no baseline run, no session, no cache. Where
 * that leaves a new finding beside an entry no longer found in one file, and the file records the
 * commit it was written at, the work tree is compared with that commit too: git's diff says
 * which line each entry's line became (core/gate/gate-report.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ratchetFileName, type RatchetFile } from '../core/gate/ratchet-file.js';
import { loadRatchetFile } from '../config/ratchet-file.js';
import { listGateReanchorPaths, makeGateReport, type GateDiff, type GateReport } from '../core/gate/gate-report.js';
import { makeUserError } from '../core/errors.js';
import { splitSourceLines } from '../core/identity/source-lines.js';
import { readLineMaps } from '../git/diff-lines.js';
import { runGit } from '../git/git.js';
import { readBlobTexts } from '../git/read-blobs.js';
import { readCommitTree } from '../git/tree-id.js';
import { readTreeState, runAnchoredChecks, type AnchoredRuns } from '../snapshot/take-snapshot.js';
import { resolveTaskContext, type TaskContext, type TaskOptions } from './context.js';

export interface GateResult {
  context: TaskContext;
  report: GateReport;
}

export async function gateTask(options: TaskOptions = {}): Promise<GateResult> {
  const context = await resolveTaskContext(options);
  const file = requireRatchetFile(context);
  const runs = await runWorkTreeChecks(context);
  return { context, report: await compareWithFile(context, file, runs) };
}

export function requireRatchetFile(context: TaskContext): RatchetFile {
  const loaded = loadRatchetFile(context.root);
  if (loaded === null) {
    throw makeUserError(`no ${ratchetFileName} in ${context.root}: run \`culprit baseline --write\` and commit it`);
  }
  return loaded.file;
}

export function runWorkTreeChecks(context: TaskContext): Promise<AnchoredRuns> {
  return runAnchoredChecks({ root: context.root, checks: context.settings.checks });
}

export async function compareWithFile(
  context: TaskContext,
  file: RatchetFile,
  runs: AnchoredRuns,
): Promise<GateReport> {
  const input = {
    file,
    fileName: ratchetFileName,
    runs: runs.checks,
    exists: (path: string) => existsSync(join(context.root, path)),
    policy: context.settings.policy,
  };
  const report = makeGateReport(input);
  const paths = listGateReanchorPaths(report);
  const diff = paths.entries.length === 0 ? undefined : await readGateDiff(context, file.commit, paths);
  return diff === undefined ? report : makeGateReport({ ...input, diff });
}

/**
 * What the edit since `commit` made of the lines of these files, and their text at the commit;
 * undefined outside git (there is no commit to record nor to compare with).
 */
async function readGateDiff(
  context: TaskContext,
  commit: string | undefined,
  paths: { entries: readonly string[]; findings: readonly string[] },
): Promise<GateDiff | undefined> {
  const { repo } = context;
  if (repo === null) return undefined;
  if (commit === undefined) return { kind: 'unrecorded' };
  let base: string;
  try {
    await runGit(['cat-file', '-e', `${commit}^{commit}`], { cwd: repo.root });
    base = await readCommitTree(repo, commit);
  } catch {
    return { kind: 'missing', commit };
  }
  const current = await readTreeState({ root: context.root, repo, scratch: context.layout.scratch });
  if (current.kind !== 'git') return undefined;
  const findings = new Set(paths.findings);
  const maps = (await readLineMaps(repo, base, current.treeId, [...paths.entries, ...paths.findings])).filter(
    (map) => paths.entries.includes(map.from) && findings.has(map.to),
  );
  const texts = await readBlobTexts(
    repo,
    maps.map((map) => `${base}:${map.from}`),
  );
  const lines = new Map<string, readonly string[]>();
  maps.forEach((map, index) => {
    const text = texts[index];
    if (text !== undefined) lines.set(map.from, splitSourceLines(text));
  });
  return { kind: 'mapped', maps: new Map(maps.map((map) => [map.from, map])), lines };
}
