/**
 * The package folders of a repository, as its workspace and its tsconfig see them: npm, yarn and
 * bun workspaces (`workspaces` in package.json, an array or `{ packages }`), pnpm's
 * pnpm-workspace.yaml `packages:`, and the folders the root tsconfig.json references. A
 * workspace glob is matched against the folders holding a package.json, at most `maxDepth`
 * levels down, outside node_modules and dot folders.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { parseJsonc } from '../output/read-jsonc.js';

const maxDepth = 4;

/** Root-relative POSIX paths of the package folders, sorted, without the root itself. */
export function listPackageFolders(root: string): string[] {
  const folders = new Set<string>();
  const patterns = [...readWorkspacePatterns(root)];
  if (patterns.length > 0) {
    const included = patterns.filter((pattern) => !pattern.startsWith('!')).map(normalizePattern);
    const excluded = patterns
      .filter((pattern) => pattern.startsWith('!'))
      .map((pattern) => normalizePattern(pattern.slice(1)));
    const isIncluded = picomatch(included);
    const isExcluded = excluded.length === 0 ? () => false : picomatch(excluded);
    for (const folder of listManifestFolders(root)) if (isIncluded(folder) && !isExcluded(folder)) folders.add(folder);
  }
  for (const folder of readReferencedFolders(root)) folders.add(folder);
  folders.delete('');
  return [...folders].sort();
}

function readWorkspacePatterns(root: string): string[] {
  const patterns: string[] = [];
  const manifest = readJson(join(root, 'package.json'));
  const workspaces = isRecord(manifest) ? manifest.workspaces : undefined;
  const listed = Array.isArray(workspaces) ? workspaces : isRecord(workspaces) ? workspaces.packages : undefined;
  if (Array.isArray(listed)) patterns.push(...listed.filter((entry): entry is string => typeof entry === 'string'));
  patterns.push(...readPnpmPackages(readText(join(root, 'pnpm-workspace.yaml'))));
  return patterns;
}

/** The `packages:` list of a pnpm-workspace.yaml: block (`- 'packages/*'`) or flow (`['a', 'b']`) style. */
export function readPnpmPackages(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^packages\s*:/.test(line));
  if (start === -1) return [];
  const inline = /^packages\s*:\s*\[(.*)\]/.exec(lines[start]!)?.[1];
  if (inline !== undefined)
    return inline
      .split(',')
      .map(unquote)
      .filter((entry) => entry.length > 0);
  const entries: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const item = /^\s+-\s*(.+?)\s*(?:#.*)?$/.exec(line)?.[1];
    if (item !== undefined) entries.push(unquote(item));
  }
  return entries;
}

/** The folders of the root tsconfig.json's `references`. */
function readReferencedFolders(root: string): string[] {
  return (readReferences(join(root, 'tsconfig.json')) ?? []).flatMap((configPath) => {
    const relativePath = relative(root, dirname(configPath));
    return relativePath.startsWith('..') ? [] : [relativePath.split('\\').join('/')];
  });
}

/**
 * The tsconfig files a tsconfig references, directly or not (absolute, without itself), as
 * `tsc -b` follows them; undefined when it has no `references` or cannot be read.
 */
export function readReferencedConfigs(configPath: string): Set<string> | undefined {
  const direct = readReferences(configPath);
  if (direct === undefined) return undefined;
  const found = new Set<string>();
  const queue = [...direct];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (found.has(next) || next === configPath) continue;
    found.add(next);
    queue.push(...(readReferences(next) ?? []));
  }
  return found;
}

/** A tsconfig's `references`, each as the tsconfig file it names (a reference may name a folder). */
function readReferences(configPath: string): string[] | undefined {
  let config: unknown;
  try {
    config = parseJsonc(readFileSync(configPath, 'utf8'));
  } catch {
    return undefined;
  }
  const references = isRecord(config) ? config.references : undefined;
  if (!Array.isArray(references)) return undefined;
  return references.flatMap((reference) => {
    if (!isRecord(reference) || typeof reference.path !== 'string') return [];
    const path = resolve(dirname(configPath), reference.path);
    return [isDirectory(path) ? join(path, 'tsconfig.json') : path];
  });
}

/** Root-relative folders (POSIX) holding a package.json, down to `maxDepth`. */
function listManifestFolders(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(join(root, folder), { withFileTypes: true });
    } catch {
      return;
    }
    if (folder !== '' && entries.some((entry) => entry.name === 'package.json' && entry.isFile())) found.push(folder);
    if (depth === maxDepth) return;
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      walk(folder === '' ? entry.name : posix.join(folder, entry.name), depth + 1);
    }
  };
  walk('', 0);
  return found;
}

function normalizePattern(pattern: string): string {
  return posix.normalize(pattern.replace(/^\.\//, '')).replace(/\/+$/, '');
}

function unquote(text: string): string {
  return text.trim().replace(/^(['"])(.*)\1$/, '$2');
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
