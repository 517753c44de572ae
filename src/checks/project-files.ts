/**
 * Reading the repository's own configuration files just far enough to detect what it uses:
 * which `[tool.*]` tables a pyproject.toml has, whether clippy is configured
 * (cargo/index.ts). A line-based look at table headers, not a TOML parser: detection
 * only needs to know a table exists.
 */
import { readFileSync } from 'node:fs';

/** The `[tool.<name>]` tables (and their sub-tables) of a pyproject.toml. */
export function readPyprojectTools(text: string): Set<string> {
  const tools = new Set<string>();
  for (const match of text.matchAll(/^\s*\[\[?\s*tool\s*\.\s*"?([A-Za-z0-9_-]+)"?\s*[\].]/gm)) tools.add(match[1]!);
  return tools;
}

/** A file's text, or '' when it cannot be read. */
export function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
