/**
 * The `tsc` check kept warm on TypeScript 7: one tsgo API process stays open with the projects
 * loaded, and each run tells it which files changed (`updateSnapshot({ fileChanges })`). The API
 * has no builder cache, so the session keeps each file's diagnostics and imports itself and
 * checks again the changed files and every file that imports one of them, directly or not
 * (through culprit's own module graph, which the last run read), or the changed files alone when
 * each changed only bodies its importers cannot see (typescript/body-edit.ts).
 * Everything is checked again when that graph cannot be trusted to bound the change: a file was
 * created or deleted (an import may resolve elsewhere now), or a changed file can declare globals
 * (a script without imports or exports, `declare global`, `declare module`). New files are named by the caller's
 * hint, or found in the folders of the files checked (git does not name a new file it ignores).
 * A first run from a baseline (a cold check against a cached one) checks only what the edit
 * reaches and takes the base run's results for the rest (native-seed.ts).
 */
import type { CheckOutput, CheckRequest } from '../check.js';
import type { TscOptions } from './index.js';
import { importTool } from '../runner/resolve-tool.js';
import { resolveConfigPath } from './config-path.js';
import { findSnapshotFile, type NativeApi, type NativeModule, type NativeSnapshot } from '../typescript/native-api.js';
import {
  collectNativeOutput,
  describeNativeRun,
  listOwnedFiles,
  makeNativeChecker,
  openNativeProjects,
  retraceShort,
  type NativeFileResult,
} from './native.js';
import { loadNativeTracing } from '../typescript/native-tracer.js';
import { readProjectReferences } from './native-references.js';
import { isFile, makeFileStates } from '../../tree/file-states.js';
import { makeFolderListings } from '../../tree/folder-listings.js';
import { makeStaleSessionError } from '../stale-session.js';
import type { TscRun } from './warm-session.js';
import type { WarmSeed, WarmShared } from '../check-definition.js';
import { logDebug } from '../../debug/log-debug.js';
import { readSeededResults } from './native-seed.js';
import { isGlobalText, readDeclaresGlobals } from '../typescript/declares-globals.js';
import { collectImporters, invertImports } from '../typescript/import-graph.js';
import { isBodyEdit, isBodyEditFromBase } from '../typescript/body-edit.js';

/**
 * A run begun: the snapshot updated and what the change reaches found, its checking still to do.
 * The worker lets the sessions after this one start meanwhile (oxlint's process then lints beside
 * tsgo's checking, which the synchronous API would otherwise hold up: warm/warm-sessions.ts).
 */
export interface NativeTscStart {
  /** Files (absolute) whose type-aware results the change can have changed, or `all`. */
  affected: TscRun['affected'];
  /** The repository paths the run checks (its coverage), known before the checking. */
  checkedPaths: readonly string[];
  /** Checks what the change reaches, and answers. */
  finish(): TscRun['output'];
}

export interface NativeTscSession {
  /** `seed`, on the first run only: the baseline to check only what the edit reaches from (native-seed.ts). */
  start(hint: readonly string[] | null, seed?: WarmSeed): NativeTscStart;
  /** The next run checks these files (absolute path → base text) and every file importing them again (WarmSession.rebase). */
  rebase(baseTexts: ReadonlyMap<string, string>): void;
  /** Closes the tsgo process. */
  close(): void;
}

export async function openNativeTscSession(
  request: CheckRequest<TscOptions>,
  version: string,
  shared?: WarmShared,
): Promise<NativeTscSession> {
  const { API } = await importTool<NativeModule>(request.root, 'typescript/unstable/sync');
  const configPaths = readProjectReferences(resolveConfigPath(request.root, request.options.project));
  const configFiles = makeFileStates({ compareContent: true });
  for (const path of configPaths) configFiles.record(path);
  // tsgo reads a changed file after it is reported: its content then decides the next look (file-states.ts).
  const documents = makeFileStates({ stats: shared?.stats, hashChanged: true });
  const folders = makeFolderListings(request.root);
  // The API spawns tsgo here: it starts while the tracing modules load (which never throws).
  const api: NativeApi = new API({ cwd: request.root });
  const tracing = await loadNativeTracing(request.root);
  const results = new Map<string, NativeFileResult>();
  let snapshot: NativeSnapshot | undefined;
  /** The last run's answer: a run that finds nothing changed gives it again (no global diagnostics asked). */
  let last: { output: CheckOutput; checkedPaths: string[] } | undefined;
  /**
   * Files the last (seeded) run took the baseline's results for though it read them after they
   * changed, with their base text: the next run checks them and their importers again, never
   * only the files (the snapshots it would compare hold the same text).
   */
  const rebased = new Map<string, string>();

  /**
   * Whether the text of a file the last snapshot checked could declare globals (one it lacks may):
   * asked of the few files an edit changed, where reading every checked file after each run would
   * put a read of each on every run's path.
   */
  const declaredGlobals = (path: string): boolean => {
    const file = findSnapshotFile(snapshot, configPaths, path);
    return file === undefined || isGlobalText(file.text, path);
  };

  /** The files to check again: the changed ones and their importers, or all (undefined). */
  const findRecheck = (
    hint: readonly string[] | null,
  ): { changes: Required<NativeChanges>; recheck: Set<string> | undefined } => {
    const stale = configFiles.takeChanged();
    if (stale.length > 0) throw makeStaleSessionError(`${stale[0]!} changed`);
    const changes: Required<NativeChanges> = { changed: [], created: [], deleted: [] };
    for (const path of new Set([
      ...(hint ?? []),
      ...documents.takeChanged(),
      ...folders.takeAdded(),
      ...rebased.keys(),
    ])) {
      const exists = isFile(path);
      if (results.has(path) || documents.has(path)) (exists ? changes.changed : changes.deleted).push(path);
      else if (exists && /\.(?:[cm]?[jt]sx?|json)$/.test(path)) changes.created.push(path);
    }
    if (hint === null || changes.created.length > 0 || changes.deleted.length > 0)
      return { changes, recheck: undefined };
    if (changes.changed.some((path) => declaredGlobals(path) || readDeclaresGlobals(path)))
      return { changes, recheck: undefined };
    if ([...rebased].some(([path, text]) => isGlobalText(text, path))) return { changes, recheck: undefined };
    const imports = new Map([...results].map(([fileName, result]) => [fileName, result.imports]));
    return { changes, recheck: collectImporters(changes.changed, invertImports(imports)) };
  };

  return {
    close: () => api.close(),
    rebase: (baseTexts) => {
      for (const [path, text] of baseTexts) rebased.set(path, text);
    },
    start(hint, seed) {
      let recheck: Set<string> | undefined;
      const first = snapshot === undefined;
      if (snapshot === undefined) {
        snapshot = api.updateSnapshot({ openProjects: [...configPaths] });
      } else {
        const found = findRecheck(hint);
        const rebasing = rebased.size > 0;
        rebased.clear();
        recheck = found.recheck;
        const { changed, created, deleted } = found.changes;
        const kept = last;
        // Nothing changed (the server often ran this tree already, as it followed the edit).
        if (changed.length + created.length + deleted.length === 0 && hint !== null && kept !== undefined) {
          logDebug('tsc 7: found nothing changed');
          return { affected: new Set(), checkedPaths: kept.checkedPaths, finish: () => kept.output };
        }
        if (changed.length + created.length + deleted.length > 0 || hint === null) {
          const previous = snapshot;
          snapshot = api.updateSnapshot({
            fileChanges:
              hint === null ? { changed: [...results.keys()], created, deleted } : { changed, created, deleted },
          });
          // Read while the last snapshot is still open: it has the texts the last run checked.
          if (
            recheck !== undefined &&
            !rebasing &&
            'syntax' in tracing &&
            isBodyEdit(tracing.syntax, [previous, snapshot], changed, configPaths)
          )
            recheck = new Set(changed);
          previous.dispose();
        }
      }
      const projects = openNativeProjects(snapshot, configPaths);
      // Line maps are per text; a new checker per run reads the texts of this snapshot.
      const checker = makeNativeChecker(request.root, tracing);
      const owned = listOwnedFiles(projects);
      if (first && seed !== undefined) {
        const { syntax } = 'syntax' in tracing ? tracing : {};
        const seeded = readSeededResults(
          seed,
          checker,
          owned,
          (changed) =>
            syntax !== undefined && isBodyEditFromBase(api, syntax, snapshot!, changed, seed.baseTexts, configPaths),
        );
        if ('reason' in seeded) logDebug(`tsc 7: not seeded: ${seeded.reason}`);
        else {
          for (const [fileName, result] of seeded.results) results.set(fileName, result);
          recheck = seeded.recheck;
        }
      }
      // Every owned file is in the answer, checked or kept: its coverage is known now.
      const described = describeNativeRun(
        projects,
        owned.map(({ fileName }) => fileName),
        checker.toRepoPath,
      );
      const checkedPaths = described.checkedPaths ?? [];
      return {
        affected: recheck ?? 'all',
        checkedPaths,
        finish: () => {
          const output = { version, ...finishRun(projects, checker, owned, recheck), ...described };
          last = { output, checkedPaths };
          return output;
        },
      };
    },
  };

  /** Checks the files `recheck` names (all when undefined) in the snapshot `start` made: the answer's findings and imports. */
  function finishRun(
    projects: ReturnType<typeof openNativeProjects>,
    checker: ReturnType<typeof makeNativeChecker>,
    owned: ReturnType<typeof listOwnedFiles>,
    recheck: ReadonlySet<string> | undefined,
  ): ReturnType<typeof collectNativeOutput> {
    // tsc reads the programs' global diagnostics before checking any file; so does this.
    const config = projects.flatMap((project) => checker.readConfigDiagnostics(project));
    const current = new Map<string, NativeFileResult>();
    const fresh: NativeFileResult[] = [];
    for (const { project, fileName } of owned) {
      let result = recheck === undefined || recheck.has(fileName) ? undefined : results.get(fileName);
      if (result === undefined) {
        result = checker.checkFile(project, fileName) ?? { diagnostics: [], imports: [] };
        fresh.push(result);
        results.set(fileName, result);
      }
      // A file taken from a seed is watched as one checked here.
      if (!documents.has(fileName)) {
        documents.record(fileName);
        folders.watchFileFolder(fileName);
      }
      current.set(fileName, result);
    }
    logDebug(`tsc 7: checked ${fresh.length} of ${owned.length} files`);
    for (const fileName of [...results.keys()]) {
      if (current.has(fileName)) continue;
      results.delete(fileName);
      documents.forget(fileName);
    }
    retraceShort(request.root, configPaths.at(-1)!, fresh);
    return collectNativeOutput(checker, config, current);
  }
}

interface NativeChanges {
  changed?: string[];
  created?: string[];
  deleted?: string[];
}
