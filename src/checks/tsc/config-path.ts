/**
 * Where the configured project lives. Like `tsc -p`, a folder means the tsconfig.json in it.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function resolveConfigPath(root: string, project: string): string {
  const path = resolve(root, project);
  return isDirectory(path) ? join(path, 'tsconfig.json') : path;
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
