/**
 * Which files' type-aware results (the type checker's own, and type-aware lint rules') an edit
 * can change. TypeScript's builder re-checks every file that imports a changed one, however far
 * through others, whenever the changed file's declarations change: it cannot tell whether a name
 * an importer re-exports still means the same. Checking and linting all of those again is what
 * made an exported-type edit cost most of a cold run.
 *
 * This asks the checker instead. A file's type-aware results depend on its own text and on what
 * the modules it imports show it (see export-digest.ts); global declarations aside, nothing else
 * (TypeScript's checker results can depend on the order files are checked in, in rare cycles; the
 * builder shares that, and the warm tests compare every answer with a cold run).
 * So starting from the changed files: when a module's export digest differs between the previous
 * program and the new one, its importers are linted again and their own digests compared in
 * turn; when it is the same, the change stops there.
 *
 * New files, deleted files and imports that now resolve elsewhere start the walk too. A changed,
 * new or deleted file that declares globals (a script, `declare global`, an ambient module)
 * reaches files that never import it: the answer is then `all`.
 */
import type ts from 'typescript';
import { makeResolutionCache, readFileImports, readImportRoute } from './imports.js';
import { makeExportDigester } from './export-digest.js';
import { collectImporters, invertImports } from '../typescript/import-graph.js';

type TypeScript = typeof ts;

/**
 * A change to a type every file reads (a shared types module in a large repository) would have
 * the walk describe the exports of thousands of modules twice; past this long, checking every
 * file again costs less than finding out which need it.
 */
const walkBudgetMs = 3_000;

/** One project's program before and after the update, with each file's imports (absolute file names) in each. */
export interface ProgramUpdate {
  before: ts.Program;
  after: ts.Program;
  beforeImports: ReadonlyMap<string, readonly string[]>;
  afterImports: ReadonlyMap<string, readonly string[]>;
}

/** Each source file's imports, kept while resolutions cannot change: a reused file has the same ones. */
export type ImportCache = WeakMap<ts.SourceFile, readonly string[]>;

/**
 * The changed files, and every file whose type-aware results the change can reach; `all` when a
 * change reaches files that do not import it. A file is a seed when its text changed, when it is
 * new, or when its imports resolve to other files than before (one it imported was deleted, or a
 * new file now answers an import).
 */
export function findLintReach(
  ts: TypeScript,
  updates: readonly ProgramUpdate[],
  changed: ReadonlySet<string>,
): Set<string> | 'all' {
  const deadline = performance.now() + walkBudgetMs;
  const reach = new Set<string>();
  for (const { before, after, beforeImports, afterImports } of updates) {
    const seeds: string[] = [];
    for (const [fileName, targets] of afterImports) {
      const previous = beforeImports.get(fileName);
      if (changed.has(fileName) || previous === undefined || !isSameList(previous, targets)) seeds.push(fileName);
    }
    const deleted = [...beforeImports.keys()].filter((fileName) => !afterImports.has(fileName));
    const declaring = [...seeds, ...deleted].some(
      (fileName) =>
        declaresGlobals(ts, before.getSourceFile(fileName)) || declaresGlobals(ts, after.getSourceFile(fileName)),
    );
    if (declaring) return 'all';
    if (seeds.length === 0) continue;
    const importers = invertImports(afterImports);
    const mayChange = collectImporters(seeds, importers);
    for (const fileName of collectImporters([...seeds, ...deleted], invertImports(beforeImports)))
      mayChange.add(fileName);
    const isAffected = (fileName: string) => mayChange.has(fileName);
    const digestBefore = makeExportDigester(ts, before, isAffected);
    const digestAfter = makeExportDigester(ts, after, isAffected);
    const queue = [...seeds];
    const queued = new Set(seeds);
    for (const seed of seeds) reach.add(seed);
    for (let fileName = queue.pop(); fileName !== undefined; fileName = queue.pop()) {
      if (performance.now() > deadline) return 'all';
      const current = after.getSourceFile(fileName);
      if (current === undefined) continue;
      const old = before.getSourceFile(fileName);
      const is = digestAfter(current);
      // A new file has no digest to compare: whatever imports it now sees something new.
      const was = old === undefined ? null : digestBefore(old);
      if (was === undefined || is === undefined) return 'all';
      if (was === is) continue;
      for (const importer of importers.get(fileName) ?? []) {
        reach.add(importer);
        if (!queued.has(importer)) {
          queued.add(importer);
          queue.push(importer);
        }
      }
    }
  }
  return reach;
}

/** Each source file's imports in `program` (default lib files aside), read once per SourceFile while `cache` lives. */
export function readProgramImports(
  ts: TypeScript,
  program: ts.Program,
  cache: ImportCache,
): Map<string, readonly string[]> {
  const route = readImportRoute(program);
  let resolutions: ts.ModuleResolutionCache | undefined;
  const imports = new Map<string, readonly string[]>();
  for (const file of program.getSourceFiles()) {
    if (program.isSourceFileDefaultLibrary(file)) continue;
    let targets = cache.get(file);
    if (targets === undefined) {
      resolutions ??= makeResolutionCache(ts, program);
      targets = readFileImports(ts, program, file, route, resolutions);
      cache.set(file, targets);
    }
    imports.set(file.fileName, targets);
  }
  return imports;
}

/** A file whose declarations are global, or that adds to globals or to another module: its change reaches files that never import it. */
function declaresGlobals(ts: TypeScript, file: ts.SourceFile | undefined): boolean {
  if (file === undefined) return false;
  if (!ts.isExternalModule(file)) return true;
  return file.statements.some(
    (statement) =>
      ts.isModuleDeclaration(statement) &&
      (ts.isStringLiteral(statement.name) || (statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0),
  );
}

function isSameList(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((item, index) => item === b[index]));
}
