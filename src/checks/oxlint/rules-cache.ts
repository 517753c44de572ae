/**
 * Which of oxlint's rules need type information, kept across processes: `oxlint --rules
 * --format=json` costs a process (~0.3 s on a loaded machine) that a cold check would otherwise
 * run beside every lint, for an answer that only the installed oxlint and its configuration
 * decide. Kept in the user's cache directory (never the tree), one small file per key: the
 * executable's real path, its size and modification time, the version its package.json names,
 * and the content of the root's .oxlintrc.json (JS plugins it names could add rules). Any of
 * them changing is a new key, so a reinstall or a config edit reads the listing again.
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { resolveCacheDir } from '../../state/state-dir.js';
import { writeFileAtomic } from '../../state/atomic-write.js';
import { logDebug } from '../../debug/log-debug.js';

/** The cache file for this oxlint and configuration, or undefined when the executable cannot be read. */
export function resolveRulesCacheFile(executable: string, root: string): string | undefined {
  let real: string;
  let size: number;
  let modified: number;
  try {
    real = realpathSync(executable);
    ({ size, mtimeMs: modified } = statSync(real));
  } catch {
    return undefined;
  }
  const key = JSON.stringify([real, size, modified, readPackageVersion(real), readText(join(root, '.oxlintrc.json'))]);
  return resolveCacheDir('oxlint', 'rules', `${createHash('sha1').update(key).digest('hex')}.json`);
}

/** The type-aware rules kept for this key, or undefined (none kept, or unreadable). */
export function readCachedRules(file: string): Set<string> | undefined {
  const text = readText(file);
  if (text === undefined) return undefined;
  try {
    const rules: unknown = JSON.parse(text);
    if (Array.isArray(rules) && rules.every((rule) => typeof rule === 'string')) return new Set(rules);
  } catch {
    // A damaged entry is read again from oxlint, and written over.
  }
  return undefined;
}

/** Keeps the rules; a cache that cannot be written costs the next run a listing, never the check. */
export function writeCachedRules(file: string, rules: ReadonlySet<string>): void {
  try {
    writeFileAtomic(file, JSON.stringify([...rules].sort()));
  } catch (error) {
    logDebug(`oxlint: its rules were not cached in ${file}: ${String(error)}`);
  }
}

/** The version of the package the executable belongs to (oxlint's bin is a script inside it). */
function readPackageVersion(real: string): string | undefined {
  for (let dir = dirname(real); dirname(dir) !== dir; dir = dirname(dir)) {
    const text = readText(join(dir, 'package.json'));
    if (text === undefined) continue;
    try {
      const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
      return typeof version === 'string' ? version : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
