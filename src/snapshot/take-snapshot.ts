/**
 * Runs every check on one tree and records what they found, anchored to the source lines they
 * flag. The tree's identity is read first, so it names the content the checks saw.
 */
import type { CheckRun, ImportRecord, ResolvedCheck } from '../checks/check.js';
import { runChecks, type CheckRunner } from '../checks/runner/run-check.js';
import { makeAnchor } from '../core/identity/fingerprint.js';
import { makeModuleGraph, type ModuleGraph } from '../core/graph/module-graph.js';
import type { Repository } from '../git/git.js';
import { makeWorkTreeId, type KeptIndex } from '../git/tree-id.js';
import { logDebug } from '../debug/log-debug.js';
import { hashFiles } from '../tree/file-hashes.js';
import type { Snapshot, SnapshotCheck, TreeState } from '../core/snapshot.js';
import type { AnchoredDiagnostic, Diagnostic } from '../core/diagnostic.js';
import { makeSourceCache, type SourceCache, type SourceStore } from './source-cache.js';
import { dropRepeatedCompilerFindings } from './repeated-findings.js';

export interface SnapshotRequest {
  /** The tree to check. */
  root: string;
  /** The repository the tree belongs to, or null outside git. */
  repo: Repository | null;
  checks: readonly ResolvedCheck[];
  /** A directory for short-lived files, outside the tree. */
  scratch: string;
  /** The tree's identity when the caller knows it (a copy of a commit's tree); read from the tree otherwise. */
  tree?: TreeState;
  /** Applied to each run before anchoring: a base copy names linked files the way the work tree does. */
  mapRun?: (run: CheckRun) => CheckRun;
  /** What runs the checks: a new worker per check by default; a warm engine keeps workers between runs. */
  runChecks?: CheckRunner;
  /** Source lines kept between checks by a long-lived culprit (source-cache.ts); none: read afresh. */
  sources?: SourceStore | undefined;
}

export interface TakenSnapshot {
  snapshot: Snapshot;
  /** The module graph the checks resolved on this tree. */
  graph: ModuleGraph;
  /** Source lines of this tree, as read while anchoring. */
  sources: SourceCache;
}

export async function takeSnapshot(request: SnapshotRequest): Promise<TakenSnapshot> {
  const tree = request.tree ?? (await readTreeState(request));
  const { checks, graph, sources } = await runAnchoredChecks({ ...request, tree });
  return { snapshot: { version: 1, takenAt: new Date().toISOString(), tree, checks }, graph, sources };
}

export interface AnchoredRuns {
  checks: SnapshotCheck[];
  graph: ModuleGraph;
  sources: SourceCache;
}

/** Every check run once on `root`, anchored; no tree identity (the gate reads the absolute state only). */
export async function runAnchoredChecks(
  request: Pick<SnapshotRequest, 'root' | 'checks' | 'mapRun' | 'runChecks' | 'tree' | 'sources'>,
): Promise<AnchoredRuns> {
  logDebug(`running ${request.checks.map((check) => check.name).join(', ')} on ${request.root}`);
  const running = (request.runChecks ?? runChecks)([...request.checks], request.root, request.tree);
  // A kept store looks at every file it holds lines of (a stat each) while the checks run in their
  // workers, not after: a served check waits for the warm worker's answer meanwhile. Lines are
  // still read after the runs, and a file changed in between is read again at the next check.
  const sources = makeSourceCache(request.root, request.sources);
  const raw = await running;
  const runs = dropRepeatedCompilerFindings(request.mapRun === undefined ? raw : raw.map(request.mapRun));
  const graph = makeRunsGraph(runs.flatMap((run) => (run.imports === undefined ? [] : [run.imports])));
  return { checks: runs.map((run) => anchorRun(run, sources)), graph, sources };
}

/**
 * The graph of one check's imports is kept for as long as that check's run hands the very same
 * record (a warm worker whose reply changed no file's imports: warm/reply-delta.ts): a served
 * check would otherwise sort the whole tree's edges again each time.
 */
const graphs = new WeakMap<ImportRecord, ModuleGraph>();

function makeRunsGraph(records: readonly ImportRecord[]): ModuleGraph {
  const [only] = records;
  if (only === undefined || records.length > 1) return makeModuleGraph(records);
  let graph = graphs.get(only);
  if (graph === undefined) {
    graph = makeModuleGraph(records);
    graphs.set(only, graph);
  }
  return graph;
}

/** `index`: a long-lived culprit's last reading, confirmed by one `git status` when nothing changed since (git/tree-id.ts). */
export async function readTreeState(
  request: Pick<SnapshotRequest, 'root' | 'repo' | 'scratch'> & { index?: KeptIndex | undefined },
): Promise<TreeState> {
  if (request.repo === null) return { kind: 'files', hashes: hashFiles(request.root) };
  return { kind: 'git', treeId: await makeWorkTreeId(request.repo, request.scratch, request.index) };
}

function anchorRun(run: CheckRun, sources: SourceCache): SnapshotCheck {
  const { imports, diagnostics, ...rest } = run;
  // A tool reports a file's findings together: its lines are looked up once for the run of them.
  let path: string | null | undefined;
  let lines: readonly string[] | undefined;
  const linesOf = (diagnostic: Diagnostic) => {
    if (diagnostic.path !== path) {
      path = diagnostic.path;
      lines = path === null ? undefined : sources.lines(path);
    }
    return lines;
  };
  return {
    ...rest,
    imports: keepOwnImports(imports),
    diagnostics: diagnostics.map((diagnostic) => anchorDiagnostic(diagnostic, linesOf(diagnostic), sources)),
  };
}

/** The edges from the tree's own files: what a cold check from this snapshot reuses; installed packages' it asks again. */
function keepOwnImports(imports: ImportRecord | undefined): ImportRecord | undefined {
  if (imports === undefined) return undefined;
  const own = Object.entries(imports).filter(
    ([path]) => !path.startsWith('../') && !/(?:^|\/)node_modules\//.test(path),
  );
  return own.length === 0 ? undefined : Object.fromEntries(own);
}

/** The finding with the folded text of its line; the one anchored before when both are the same objects as then. */
function anchorDiagnostic(
  diagnostic: Diagnostic,
  lines: readonly string[] | undefined,
  sources: SourceCache,
): AnchoredDiagnostic {
  const known = sources.anchored?.get(diagnostic);
  if (known !== undefined && known.lines === lines) return known.anchored;
  const anchored = { ...diagnostic, anchor: makeAnchor(diagnostic, lines) };
  sources.anchored?.set(diagnostic, { lines, anchored });
  return anchored;
}
