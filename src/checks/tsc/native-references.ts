/**
 * TypeScript 7's API opens exactly the projects it is asked to open, and it does not report a
 * project's `references`. We read them from the tsconfig files ourselves (references are not
 * inherited through `extends`, so each file's own list is the whole list).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseJsonc } from '../output/read-jsonc.js';
import { isDirectory } from './config-path.js';

/** The configured tsconfig and every project it references, dependencies first, the configured one last. */
export function readProjectReferences(configPath: string): string[] {
  if (!existsSync(configPath)) throw new Error(`tsc could not read ${configPath}: the file does not exist`);
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (path: string) => {
    seen.add(path);
    for (const reference of readReferences(path)) if (!seen.has(reference)) visit(reference);
    order.push(path);
  };
  visit(configPath);
  return order;
}

/**
 * The tsconfig files `configPath` extends, directly or not, that it names by path (`./base.json`,
 * `../tsconfig.base`); one named by package lives in node_modules, which is not the repository's.
 */
export function readExtendedConfigs(configPath: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const extended = (readConfig(path) as { extends?: unknown } | undefined)?.extends;
    for (const entry of [extended].flat()) {
      if (typeof entry !== 'string' || !/^\.{0,2}\//.test(entry)) continue;
      const target = resolve(dirname(path), entry);
      const file = existsSync(target) || target.endsWith('.json') ? target : `${target}.json`;
      if (found.includes(file) || !existsSync(file)) continue;
      found.push(file);
      visit(file);
    }
  };
  visit(configPath);
  return found;
}

function readConfig(configPath: string): unknown {
  try {
    return parseJsonc(readFileSync(configPath, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Resolved tsconfig paths of the references one file lists; unreadable ones are left to TypeScript to report. */
function readReferences(configPath: string): string[] {
  const references = (readConfig(configPath) as { references?: unknown } | null | undefined)?.references;
  if (!Array.isArray(references)) return [];
  return references.flatMap((reference: unknown) => {
    const path = (reference as { path?: unknown } | null)?.path;
    if (typeof path !== 'string') return [];
    const target = resolve(dirname(configPath), path);
    const file = isDirectory(target) ? join(target, 'tsconfig.json') : target;
    return existsSync(file) ? [file] : [];
  });
}
