/**
 * A TypeScript 7 session's first run from a baseline (warm/seeds.ts), as a cold check
 * against a cached baseline runs it: every file's imports are read (no checking), then only the
 * files the edit changed and every file that imports one of them, directly or not, are checked,
 * traced and tabled — the changed files alone when each changed only bodies its importers cannot
 * see (typescript/body-edit.ts), as a warm run after the same edit checks them; every other file takes
 * the base run's findings and declaration table, which the edit cannot have changed (only the
 * changed files' texts differ from the base tree, and nothing they declare is global). That is
 * also the reach it offers oxlint's type-aware re-lint.
 *
 * Not seeded (a full run, as without a seed): a base run without its coverage or tables, a
 * program whose own files differ from the base run's, a changed file that declares globals (in
 * its base text or now), or a program file git ignores (no tree id says what it held).
 */
import { join } from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { WarmSeed } from '../check-definition.js';
import type { NativeProject } from '../typescript/native-api.js';
import type { NativeChecker, NativeFileResult } from './native.js';
import { isOwnFile } from './strength.js';
import { findGlobalEdit } from '../typescript/declares-globals.js';
import { collectImporters, invertImports } from '../typescript/import-graph.js';
import { logDebug } from '../../debug/log-debug.js';

export interface SeededResults {
  /** The base run's result of every file not checked again, its imports read now. */
  results: Map<string, NativeFileResult>;
  /** The files to check: the changed ones and their importers. */
  recheck: Set<string>;
}

/**
 * Every file's imports, for the walk to the edit's importers and for the files not checked again.
 * An unchanged own file's are the base run's: under a seed (no file added, deleted or renamed, no
 * configuration or package changed, no changed file declaring globals) a file whose text did not
 * change resolves its imports as it did, and the walk needs no edited file's own imports (they
 * are checked again, and their importers are found by the edges into them). The API is asked
 * about installed packages' files, every file when the base run kept no imports, and any file
 * whose base edges name a file the program does not have now (a base copy names installed
 * packages by the work tree's path).
 */
function readSeededImports(
  seed: WarmSeed,
  checker: NativeChecker,
  owned: readonly { project: NativeProject; fileName: string }[],
): Map<string, readonly string[]> {
  const { toRepoPath } = checker;
  const base = seed.base.imports;
  const inProgram = new Set(owned.map(({ fileName }) => fileName));
  const imports = new Map<string, readonly string[]>();
  let asked = 0;
  for (const { project, fileName } of owned) {
    const path = toRepoPath(fileName);
    let targets: readonly string[] | undefined;
    if (base !== undefined && isOwnFile(path)) {
      const known = (base[path] ?? []).map((target) => join(checker.root, target));
      if (known.every((target) => inProgram.has(target))) targets = known;
    }
    if (targets === undefined) {
      asked += 1;
      targets = checker.readImports(project, fileName) ?? [];
    }
    imports.set(fileName, targets);
  }
  logDebug(`tsc 7: read the imports of ${asked} of ${owned.length} files`);
  return imports;
}

/** `isBodyEdit`: whether each of the changed files (absolute, in the program) changed only bodies its importers cannot see. */
export function readSeededResults(
  seed: WarmSeed,
  checker: NativeChecker,
  owned: readonly { project: NativeProject; fileName: string }[],
  isBodyEdit: (changed: readonly string[]) => boolean,
): SeededResults | { reason: string } {
  const { base } = seed;
  const { toRepoPath } = checker;
  if (base.checkedPaths === undefined) return { reason: 'the base run does not say what it checked' };
  if (checker.tracing && base.declarations === undefined) return { reason: 'the base run has no declaration tables' };
  const own = [...new Set(owned.map(({ fileName }) => toRepoPath(fileName)).filter(isOwnFile))].sort();
  if (own.length !== base.checkedPaths.length || own.some((path, index) => path !== base.checkedPaths![index]))
    return { reason: "the program's files differ from the base run's" };
  const ignored = owned.find(({ fileName }) =>
    seed.ignoredPaths.some((path) => fileName === path || (path.endsWith('/') && fileName.startsWith(path))),
  );
  if (ignored !== undefined) return { reason: `${toRepoPath(ignored.fileName)} is ignored by git` };
  const changed = Object.keys(seed.baseTexts);
  const global = findGlobalEdit(seed.baseTexts);
  if (global !== undefined) return { reason: `${toRepoPath(global)} may declare globals` };

  const imports = readSeededImports(seed, checker, owned);
  const edited = changed.filter((fileName) => imports.has(fileName));
  const recheck = isBodyEdit(edited) ? new Set(edited) : collectImporters(edited, invertImports(imports));
  const byPath = new Map<string, Diagnostic[]>();
  for (const diagnostic of base.diagnostics) {
    // The configuration's findings are read again on every run.
    if (diagnostic.path === null || diagnostic.phase === 'config') continue;
    byPath.set(diagnostic.path, [...(byPath.get(diagnostic.path) ?? []), diagnostic]);
  }
  const results = new Map<string, NativeFileResult>();
  for (const [fileName, targets] of imports) {
    if (recheck.has(fileName)) continue;
    const path = toRepoPath(fileName);
    results.set(fileName, {
      diagnostics: byPath.get(path) ?? [],
      imports: [...targets],
      declarations: base.declarations?.[path],
    });
  }
  return { results, recheck };
}
