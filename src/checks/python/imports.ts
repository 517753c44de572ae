/**
 * The Python module graph from a static walk of import statements, resolved to files of the
 * repository: packages (`__init__.py`), modules and stubs, absolute imports from the source
 * roots (`.` and `src` for a src layout), relative imports (`from . import x`,
 * `from ..pkg import y`), and `from pkg import name` where the name is a submodule. Pure: file
 * texts in, edges out; python-sources.ts reads the files.
 *
 * Edges go to the module an import names, not to the `__init__.py` of every package on the way,
 * although Python runs those too: a package whose `__init__.py` imports its submodules would
 * otherwise close a cycle through every module importing a sibling, and the whole package would
 * condense into one frontier unit.
 */
import { posix } from 'node:path';
import type { ImportRecord } from '../check.js';

export interface PythonSource {
  /** Repository-relative POSIX path of a `.py` or `.pyi` file. */
  path: string;
  text: string;
}

export type ImportStatement =
  /** `import a.b` (one per name of `import a.b, c as d`). */
  | { kind: 'import'; module: string }
  /** `from ..a.b import x, y`: `level` is the number of leading dots; `names` may hold `*`. */
  | { kind: 'from'; level: number; module: string; names: string[] };

const identifier = String.raw`[\p{L}\p{N}_]+`;
const dottedName = new RegExp(String.raw`^${identifier}(?:\s*\.\s*${identifier})*`, 'u');
const importPattern = /^import\s+(.+)$/su;
const fromPattern = /^from(?=[\s.])\s*((?:\.\s*)*)([\p{L}\p{N}_.\s]*?)\s*import(?=[\s(*])\s*(.*)$/su;

/** Edges from every source to the repository files its imports resolve to. */
export function resolvePythonImports(sources: readonly PythonSource[], sourceRoots: readonly string[]): ImportRecord {
  const files = new Set(sources.map((source) => source.path));
  const roots = sourceRoots.map(normalizeDir);
  const imports: ImportRecord = {};
  for (const source of sources) {
    const targets = new Set<string>();
    for (const statement of readImportStatements(source.text)) {
      for (const target of resolveStatement(statement, source.path, roots, files)) {
        if (target !== source.path) targets.add(target);
      }
    }
    if (targets.size > 0) imports[source.path] = [...targets].sort();
  }
  return imports;
}

/** The import statements of a module, wherever they stand (functions, `if TYPE_CHECKING:`, `try:`). */
export function readImportStatements(text: string): ImportStatement[] {
  const statements: ImportStatement[] = [];
  for (const line of readLogicalLines(text)) {
    for (const part of line.split(';')) {
      const statement = part.trim();
      const plain = importPattern.exec(statement);
      if (plain !== null) {
        for (const item of plain[1]!.split(',')) {
          const module = readDottedName(item);
          if (module !== null) statements.push({ kind: 'import', module });
        }
        continue;
      }
      const from = fromPattern.exec(statement);
      if (from === null) continue;
      const level = (from[1] ?? '').replace(/\s/g, '').length;
      const module = (from[2] ?? '').replace(/\s/g, '');
      if (module !== '' && readDottedName(module) !== module) continue;
      const names = (from[3] ?? '')
        .replace(/[()]/g, ' ')
        .split(',')
        .map((item) => (item.trim() === '*' ? '*' : readDottedName(item)))
        .filter((name): name is string => name !== null);
      if (level === 0 && module === '') continue;
      statements.push({ kind: 'from', level, module, names });
    }
  }
  return statements;
}

function resolveStatement(
  statement: ImportStatement,
  importer: string,
  roots: readonly string[],
  files: ReadonlySet<string>,
): string[] {
  const importerDir = normalizeDir(posix.dirname(importer));
  if (statement.kind === 'import') return resolveAbsolute(statement.module, roots, importerDir, files);

  const resolveName = (name: string): string[] => {
    if (statement.level === 0) return resolveAbsolute(joinDotted(statement.module, name), roots, importerDir, files);
    const base = climb(importerDir, statement.level - 1);
    return base === null ? [] : findModule(base, joinDotted(statement.module, name), files);
  };
  const targets: string[] = [];
  let needsModule = statement.names.length === 0;
  for (const name of statement.names) {
    const submodule = name === '*' ? [] : resolveName(name);
    if (submodule.length > 0) targets.push(...submodule);
    else needsModule = true;
  }
  if (needsModule) targets.push(...resolveName(''));
  return targets;
}

/** The first source root (then the importer's own folder) where the dotted name is a module. */
function resolveAbsolute(
  dotted: string,
  roots: readonly string[],
  importerDir: string,
  files: ReadonlySet<string>,
): string[] {
  if (dotted === '') return [];
  for (const root of [...roots, importerDir]) {
    const found = findModule(root, dotted, files);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * A regular package before a module of the same name, as Python's path finder decides; a stub
 * beside its module is an edge too (type checkers read the stub, Python runs the module).
 */
function findModule(dir: string, dotted: string, files: ReadonlySet<string>): string[] {
  const base = dotted === '' ? dir : posix.join(dir, ...dotted.split('.'));
  const packageInit = ['__init__.py', '__init__.pyi']
    .map((name) => posix.join(base, name))
    .filter((file) => files.has(file));
  if (packageInit.length > 0 || dotted === '') return packageInit;
  return [`${base}.py`, `${base}.pyi`].filter((file) => files.has(file));
}

/** `n` folders up from `dir`, or null above the repository root. */
function climb(dir: string, levels: number): string | null {
  let current = dir;
  for (let step = 0; step < levels; step++) {
    if (current === '') return null;
    current = normalizeDir(posix.dirname(current));
  }
  return current;
}

function joinDotted(module: string, name: string): string {
  if (module === '') return name;
  return name === '' ? module : `${module}.${name}`;
}

/** `.`, `./src/` and `src` → `''` and `src`: folders as posix.join-able prefixes. */
function normalizeDir(dir: string): string {
  const normal = posix.normalize(dir).replace(/\/+$/, '');
  return normal === '.' ? '' : normal;
}

function readDottedName(text: string): string | null {
  const match = dottedName.exec(text.trim());
  return match === null ? null : match[0].replace(/\s/g, '');
}

/**
 * Logical lines with comments removed and every string literal replaced by `""`: brackets and
 * backslashes join physical lines, so `from a import (\n  b,\n  c,\n)` is one line, and an
 * import inside a docstring is not an import.
 */
export function readLogicalLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  let depth = 0;
  let index = 0;
  const end = text.length;
  const endLine = () => {
    if (current.trim() !== '') lines.push(current);
    current = '';
  };
  while (index < end) {
    const char = text[index]!;
    if (char === '#') {
      while (index < end && text[index] !== '\n' && text[index] !== '\r') index++;
      continue;
    }
    if (char === '"' || char === "'") {
      index = skipString(text, index);
      current += '""';
      continue;
    }
    if (char === '\\' && (text[index + 1] === '\n' || text[index + 1] === '\r')) {
      index += text.startsWith('\r\n', index + 1) ? 3 : 2;
      current += ' ';
      continue;
    }
    if (char === '\n' || char === '\r') {
      index += text.startsWith('\r\n', index) ? 2 : 1;
      if (depth > 0) current += ' ';
      else endLine();
      continue;
    }
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth = Math.max(0, depth - 1);
    current += char;
    index++;
  }
  endLine();
  return lines;
}

/** The index just after the string literal opening at `start`; an unterminated one ends at its line. */
export function skipString(text: string, start: number): number {
  const quote = text[start]!;
  const triple = text.startsWith(quote.repeat(3), start);
  let index = start + (triple ? 3 : 1);
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\\') {
      index += 2;
      continue;
    }
    if (triple) {
      if (text.startsWith(quote.repeat(3), index)) return index + 3;
    } else {
      if (char === quote) return index + 1;
      if (char === '\n' || char === '\r') return index;
    }
    index++;
  }
  return index;
}
