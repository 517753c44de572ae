/**
 * Which files an edit reaches, asked of real TypeScript programs before and after the edit: the
 * walk goes on past a module only while what it exports changed, a name whose meaning changed
 * counts as a change, and global declarations reach everything. (The warm engine tests check
 * the consequence — warm answers equal cold ones — on whole repositories.)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findLintReach, readProgramImports } from '../../../src/checks/tsc/lint-reach.js';
import { useTemporaryDirectories } from '../../helpers/temporary-dirs.js';

const makeDirectory = useTemporaryDirectories();

const files: Record<string, string> = {
  'box.ts':
    'export interface Box { value: number }\nexport function area(size: number): number {\n  return size * size;\n}\n',
  // open()'s declaration reads `(): Box` before and after any change to Box.
  'open.ts': "import type { Box } from './box.js';\nexport function open(): Box {\n  return { value: 1 } as Box;\n}\n",
  'read.ts': "import { open } from './open.js';\nexport const read = open().value;\n",
  'twice.ts': "import { read } from './read.js';\nexport const twice = [read, read];\n",
  'far.ts': "import { twice } from './twice.js';\nexport const count: number = twice.length;\n",
  'other.ts': 'export const other = 1;\n',
  'uses-other.ts': "import { other } from './other.js';\nexport const more = other + 1;\n",
  'pending.ts':
    "// @ts-ignore: the module appears later\nimport { late } from './late.js';\nexport const seen = late;\n",
  'globals.ts': 'export {};\ndeclare global {\n  interface Settings { region: string }\n}\n',
  'script.ts': 'const scriptValue = 1;\n',
  'conditional.ts':
    'export function pick<T>(value: T): T extends string ? 1 : 2 {\n  return (typeof value === "string" ? 1 : 2) as T extends string ? 1 : 2;\n}\n',
  'picks.ts': "import { pick } from './conditional.js';\nexport const picked = pick('a');\n",
};

interface Project {
  program: ts.Program;
  imports: ReadonlyMap<string, readonly string[]>;
}

function makeProject(root: string, previous?: Project): Project {
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    types: [],
    // TypeScript 6 makes every file a module by default; `auto` keeps a file without imports or exports a script.
    moduleDetection: ts.ModuleDetectionKind.Auto,
  };
  const rootNames = ts.sys.readDirectory(root, ['.ts']);
  const program = ts.createProgram({
    rootNames,
    options,
    ...(previous === undefined ? {} : { oldProgram: previous.program }),
  });
  program.getTypeChecker();
  return { program, imports: readProgramImports(ts, program, new WeakMap()) };
}

/** The reach of `edit` (paths to new contents, null to delete) on the files above, as sorted relative paths, or `all`. */
function reachOf(edit: Record<string, string | null>): string[] | 'all' {
  const root = makeDirectory('culprit-reach-');
  // CommonJS: a file with no import or export is a script, its declarations global.
  writeFileSync(join(root, 'package.json'), '{}\n');
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  const before = makeProject(root);
  for (const [path, text] of Object.entries(edit)) {
    if (text === null) rmSync(join(root, path));
    else {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  }
  const after = makeProject(root, before);
  const changed = new Set(Object.keys(edit).map((path) => join(root, path)));
  const reach = findLintReach(
    ts,
    [{ before: before.program, after: after.program, beforeImports: before.imports, afterImports: after.imports }],
    changed,
  );
  return reach === 'all' ? reach : [...reach].map((fileName) => relative(root, fileName)).sort();
}

describe('the reach of an edit', () => {
  it('is the edited file alone when its exports show the same types', () => {
    expect(reachOf({ 'box.ts': files['box.ts']!.replace('size * size', 'size ** 2') })).toEqual(['box.ts']);
  });

  it('follows a changed type behind a name through modules whose declarations read the same, and stops where the types are the same', () => {
    // read.ts's `read` becomes a string, twice.ts's `twice` a string[]; far.ts's `count` stays a number.
    expect(reachOf({ 'box.ts': files['box.ts']!.replace('value: number', 'value: string') })).toEqual([
      'box.ts',
      'far.ts',
      'open.ts',
      'read.ts',
      'twice.ts',
    ]);
  });

  it('takes in a new file and the unchanged importer whose import now resolves to it', () => {
    expect(reachOf({ 'late.ts': 'export const late = 1;\n' })).toEqual(['late.ts', 'pending.ts']);
  });

  it('takes in the importers of a deleted file', () => {
    expect(reachOf({ 'other.ts': null })).toEqual(['uses-other.ts']);
  });

  it('is every file when an edit changes global declarations, or a script', () => {
    expect(reachOf({ 'globals.ts': files['globals.ts']!.replace('region: string', 'region: number') })).toBe('all');
    expect(reachOf({ 'script.ts': 'const scriptValue = 2;\n' })).toBe('all');
    expect(reachOf({ 'new-globals.d.ts': 'declare const injected: string;\n' })).toBe('all');
  });

  it('takes in the importers of a module whose types it cannot spell out, even when nothing they see changed', () => {
    expect(reachOf({ 'conditional.ts': `// a comment\n${files['conditional.ts']!}` })).toEqual([
      'conditional.ts',
      'picks.ts',
    ]);
  });
});
