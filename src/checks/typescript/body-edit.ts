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
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import type ts from 'typescript';
import type { NativeApi, NativeModule, NativeProject, NativeSnapshot } from './native-api.js';
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
    const surface = readSurfaceIn(syntax, before, path, configPaths);
    return surface !== undefined && surface === readSurfaceIn(syntax, after, path, configPaths);
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
  let folder: string | undefined;
  try {
    // A copy in a folder a project takes in (TMPDIR inside the repository) would join that project.
    const temporary = realpathSync(tmpdir());
    if (configPaths.some((config) => isWithin(temporary, dirname(config)))) return false;
    folder = mkdtempSync(join(temporary, 'culprit-base-'));
    const copies = writeCopies(folder, changed, baseTexts);
    const opened = api.updateSnapshot({ openFiles: copies });
    try {
      return changed.every((path, index) => {
        const base = readSurface(syntax, opened.getDefaultProjectForFile(copies[index]!), copies[index]!);
        return base !== undefined && base === readSurfaceIn(syntax, snapshot, path, configPaths);
      });
    } finally {
      api.updateSnapshot({ closeFiles: copies }).dispose();
      opened.dispose();
    }
  } catch {
    return false;
  } finally {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
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
  const folder = mkdtempSync(join(tmpdir(), 'culprit-base-'));
  try {
    const copies = writeCopies(folder, changed, baseTexts);
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
        const base = readSurface(tracing.syntax, project, copies[index]!);
        return base !== undefined && base === readSurface(tracing.syntax, project, path);
      });
    } finally {
      api.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Each changed file's base text in a folder of its own under `folder` (two changed files may share a name). */
function writeCopies(
  folder: string,
  changed: readonly string[],
  baseTexts: Readonly<Record<string, string>>,
): string[] {
  return changed.map((path, index) => {
    const copy = join(folder, String(index), basename(path));
    mkdirSync(join(folder, String(index)));
    writeFileSync(copy, baseTexts[path]!);
    return copy;
  });
}

function isWithin(path: string, folder: string): boolean {
  const inside = relative(folder, path);
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside));
}

function isSourceEdit(changed: readonly string[]): boolean {
  return changed.length > 0 && changed.every((path) => /\.[cm]?tsx?$/.test(path) && !/\.d\.[cm]?ts$/.test(path));
}

/** Each file is a round trip to tsgo: asked of one project after another until one has it. */
function readSurfaceIn(
  syntax: Syntax,
  snapshot: NativeSnapshot,
  path: string,
  configPaths: readonly string[],
): string | undefined {
  for (const configPath of configPaths) {
    const surface = readSurface(syntax, snapshot.getProject(configPath), path);
    if (surface !== undefined) return surface;
  }
  return undefined;
}

function readSurface(syntax: Syntax, project: NativeProject | undefined, path: string): string | undefined {
  const file = project?.program.getSourceFile(path);
  return file === undefined ? undefined : readModuleSurface(syntax, file as unknown as ts.SourceFile);
}
