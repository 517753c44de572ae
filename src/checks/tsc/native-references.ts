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

/** Resolved tsconfig paths of the references one file lists; unreadable ones are left to TypeScript to report. */
function readReferences(configPath: string): string[] {
  let config: unknown;
  try {
    config = parseJsonc(readFileSync(configPath, 'utf8'));
  } catch {
    return [];
  }
  const references = (config as { references?: unknown } | null)?.references;
  if (!Array.isArray(references)) return [];
  return references.flatMap((reference: unknown) => {
    const path = (reference as { path?: unknown } | null)?.path;
    if (typeof path !== 'string') return [];
    const target = resolve(dirname(configPath), path);
    const file = isDirectory(target) ? join(target, 'tsconfig.json') : target;
    return existsSync(file) ? [file] : [];
  });
}
