/**
 * The I/O edge of the Python module graph: every `.py` and `.pyi` file of the tree, read once.
 * Virtualenvs, caches, node_modules and hidden folders are not the repository's code and are
 * left out, so an import of an installed package never resolves into site-packages.
 */
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { ImportRecord } from '../check.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { resolvePythonImports, type PythonSource } from './imports.js';
import { scanPythonSuppressions, type PythonTool } from './suppressions.js';

const skippedFolders = new Set(['node_modules', '__pycache__', 'site-packages', 'venv', 'target']);

/** The module graph of the Python files under `root`. */
export function readPythonImports(root: string, sourceRoots: readonly string[]): ImportRecord {
  return resolvePythonImports(loadPythonSources(root), sourceRoots);
}

export function loadPythonSources(root: string): PythonSource[] {
  const sources: PythonSource[] = [];
  const walk = (dir: string, prefix: string) => {
    const entries = readEntries(dir);
    // Any virtualenv, whatever it is called, has this file at its top.
    if (prefix !== '' && entries.some((entry) => entry.name === 'pyvenv.cfg')) return;
    for (const entry of entries) {
      const path = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !skippedFolders.has(entry.name)) walk(join(dir, entry.name), `${path}/`);
      } else if (entry.isFile() && /\.pyi?$/.test(entry.name)) {
        const text = readText(join(dir, entry.name));
        if (text !== null) sources.push({ path, text });
      }
    }
  };
  walk(root, '');
  return sources;
}

/** The suppression directives `tool` obeys in the Python files a run checked (repository-relative). */
export function readPythonSuppressions(tool: PythonTool, root: string, paths: readonly string[]): Diagnostic[] {
  return paths
    .filter((path) => /\.pyi?$/.test(path))
    .flatMap((path) => {
      const text = readText(join(root, path));
      return text === null ? [] : scanPythonSuppressions(tool, path, text);
    });
}

function readEntries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
