/**
 * Whether an edit changed only bodies importers cannot see (module-surface.ts; on TypeScript 7 the
 * stand-in for TypeScript 6's export digest): then the files importing a changed one keep their
 * results, and only the changed files are checked and linted again. Only TypeScript sources
 * count (a JavaScript file's types can come from its bodies; a declaration file has none); a
 * file whose surface cannot be read counts as changed.
 *
 * A warm run compares the tree the last snapshot checked with the new one. A first run from a
 * baseline (tsc/native-seed.ts) has no snapshot of the base tree: each changed file's base text is
 * parsed alone, from a copy in a temporary folder outside every project (tsgo opens it in an
 * inferred project of its own: a few milliseconds, where a snapshot of the base tree would cost
 * a program), and its surface set against the file's in the snapshot checked now. A lint run
 * beside tsc's (oxlint from a baseline: seeded/run-beside.ts), which has no snapshot at all,
 * parses both texts of each file alone: TypeScript 7 in a process of its own over a project of
 * those files only (no library, no imports followed: ~20 ms), TypeScript 6 in this one.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type ts from 'typescript';
import {
  findSnapshotFile,
  type NativeApi,
  type NativeModule,
  type NativeSnapshot,
  type NativeSourceFile,
} from './native-api.js';
import { isInside } from '../../core/is-inside.js';
import type { Syntax } from './checker-view.js';
import { readModuleSurface } from './module-surface.js';
import { loadNativeTracing } from './native-tracer.js';
import { importTool, requireTool } from '../runner/resolve-tool.js';

/** Whether each changed file has the same surface in the last snapshot as in the new one. */
export function isBodyEdit(
  syntax: Syntax,
  [before, after]: readonly [NativeSnapshot, NativeSnapshot],
  changed: readonly string[],
  configPaths: readonly string[],
): boolean {
  if (!isSourceEdit(changed)) return false;
  return changed.every((path) => {
    const surface = readSurface(syntax, findSnapshotFile(before, configPaths, path));
    return surface !== undefined && surface === readSurface(syntax, findSnapshotFile(after, configPaths, path));
  });
}

/** Whether each changed file (absolute) has the same surface in its base text as in `snapshot`; false when it cannot tell. */
export function isBodyEditFromBase(
  api: NativeApi,
  syntax: Syntax,
  snapshot: NativeSnapshot,
  changed: readonly string[],
  baseTexts: Readonly<Record<string, string>>,
  configPaths: readonly string[],
): boolean {
  if (!isSourceEdit(changed) || changed.some((path) => baseTexts[path] === undefined)) return false;
  try {
    // A copy in a folder a project takes in (TMPDIR inside the repository) would join that project.
    const temporary = realpathSync(tmpdir());
    if (configPaths.some((config) => temporary === dirname(config) || isInside(dirname(config), temporary)))
      return false;
    return withBaseCopies(temporary, changed, baseTexts, (copies) => {
      const opened = api.updateSnapshot({ openFiles: copies });
      try {
        return changed.every((path, index) => {
          const copy = copies[index]!;
          const base = readSurface(syntax, opened.getDefaultProjectForFile(copy)?.program.getSourceFile(copy));
          return base !== undefined && base === readSurface(syntax, findSnapshotFile(snapshot, configPaths, path));
        });
      } finally {
        api.updateSnapshot({ closeFiles: copies }).dispose();
        opened.dispose();
      }
    });
  } catch {
    return false;
  }
}

/**
 * Whether each changed file (absolute) has the same surface in its base text as on disk now,
 * each text parsed alone by the repository's TypeScript; false when it cannot tell.
 */
export async function isBodyEditAlone(root: string, baseTexts: Readonly<Record<string, string>>): Promise<boolean> {
  const changed = Object.keys(baseTexts);
  if (!isSourceEdit(changed)) return false;
  try {
    const typescript = requireTool<typeof ts>(root, 'typescript');
    if (Number.parseInt(typescript.versionMajorMinor, 10) < 7)
      return changed.every((path) => {
        const parse = (text: string) => typescript.createSourceFile(path, text, typescript.ScriptTarget.Latest);
        return (
          readModuleSurface(typescript, parse(baseTexts[path]!)) ===
          readModuleSurface(typescript, parse(readFileSync(path, 'utf8')))
        );
      });
    return await isNativeBodyEditAlone(root, changed, baseTexts);
  } catch {
    return false;
  }
}

async function isNativeBodyEditAlone(
  root: string,
  changed: readonly string[],
  baseTexts: Readonly<Record<string, string>>,
): Promise<boolean> {
  const tracing = await loadNativeTracing(root);
  if (!('syntax' in tracing)) return false;
  const { API } = await importTool<NativeModule>(root, 'typescript/unstable/sync');
  return withBaseCopies(tmpdir(), changed, baseTexts, (copies, folder) => {
    const config = join(folder, 'tsconfig.json');
    // The files as they are and their base copies, parsed and nothing else.
    writeFileSync(
      config,
      JSON.stringify({ compilerOptions: { noLib: true, noResolve: true, types: [] }, files: [...changed, ...copies] }),
    );
    const api = new API({ cwd: folder });
    try {
      const project = api.updateSnapshot({ openProjects: [config] }).getProject(config);
      return changed.every((path, index) => {
        const base = readSurface(tracing.syntax, project?.program.getSourceFile(copies[index]!));
        return base !== undefined && base === readSurface(tracing.syntax, project?.program.getSourceFile(path));
      });
    } finally {
      api.close();
    }
  });
}

/**
 * Runs `use` with each changed file's base text copied into a new folder under `parent`, one
 * folder per file (two changed files may share a name); the folder is removed after.
 */
function withBaseCopies<T>(
  parent: string,
  changed: readonly string[],
  baseTexts: Readonly<Record<string, string>>,
  use: (copies: string[], folder: string) => T,
): T {
  const folder = mkdtempSync(join(parent, 'culprit-base-'));
  try {
    const copies = changed.map((path, index) => {
      const copy = join(folder, String(index), basename(path));
      mkdirSync(dirname(copy));
      writeFileSync(copy, baseTexts[path]!);
      return copy;
    });
    return use(copies, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function isSourceEdit(changed: readonly string[]): boolean {
  return changed.length > 0 && changed.every((path) => /\.[cm]?tsx?$/.test(path) && !/\.d\.[cm]?ts$/.test(path));
}

function readSurface(syntax: Syntax, file: NativeSourceFile | undefined): string | undefined {
  return file === undefined ? undefined : readModuleSurface(syntax, file as unknown as ts.SourceFile);
}
