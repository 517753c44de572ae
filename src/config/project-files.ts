/**
 * Reading the repository's own configuration files just far enough to detect what it uses:
 * which `[tool.*]` tables a pyproject.toml has, whether clippy is configured. A line-based
 * look at table headers, not a TOML parser: detection only needs to know a table exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The `[tool.<name>]` tables (and their sub-tables) of a pyproject.toml. */
export function readPyprojectTools(text: string): Set<string> {
  const tools = new Set<string>();
  for (const match of text.matchAll(/^\s*\[\[?\s*tool\s*\.\s*"?([A-Za-z0-9_-]+)"?\s*[\].]/gm)) tools.add(match[1]!);
  return tools;
}

/** clippy.toml, .clippy.toml, or a `[lints.clippy]` / `[workspace.lints.clippy]` table in the manifest. */
export function hasClippyConfig(root: string, manifestPath: string): boolean {
  if (existsSync(join(root, 'clippy.toml')) || existsSync(join(root, '.clippy.toml'))) return true;
  return /^\s*\[\s*(?:workspace\s*\.\s*)?lints\s*\.\s*clippy\s*\]/m.test(readText(join(root, manifestPath)));
}

/** A file's text, or '' when it cannot be read. */
export function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
