/**
 * Reading the Python tools' configuration files the way the tools do, far enough to say how
 * strictly they check: pyproject.toml's `[tool.<name>]` table (TOML, smol-toml) and INI files
 * as Python's configparser reads them (mypy.ini, setup.cfg). A file that does not parse throws
 * an error naming it, so the check fails with that line instead of running with settings the
 * tool may have dropped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export type TomlTable = Record<string, unknown>;

/** The `[tool.<name>]` table of `<root>/pyproject.toml`, or null when the file or the table is not there. */
export function readPyprojectTool(root: string, name: string): TomlTable | null {
  const path = join(root, 'pyproject.toml');
  if (!existsSync(path)) return null;
  const tool = asTable(asTable(readToml(path, 'pyproject.toml'))['tool'])[name];
  return tool === undefined ? null : asTable(tool);
}

/** A TOML file as a table; throws `<name> does not parse: …` on one line. */
export function readToml(path: string, name: string): TomlTable {
  try {
    return parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${name} does not parse: ${firstLine(error)}`, { cause: error });
  }
}

/** INI sections as configparser reads them: `key = value` or `key: value`, indented lines continue a value, `#` and `;` lines are comments. */
export function parseIni(text: string, name: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let section: Map<string, string> | null = null;
  let key: string | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/^\uFEFF/, '');
    if (/^\s*[#;]/.test(line) || line.trim() === '') return;
    if (/^\s/.test(line) && section !== null && key !== null) {
      section.set(key, `${section.get(key) ?? ''}\n${line.trim()}`);
      return;
    }
    const header = /^\[([^\]]+)\]\s*$/.exec(line.trim());
    if (header !== null) {
      section = sections.get(header[1]!) ?? new Map<string, string>();
      sections.set(header[1]!, section);
      key = null;
      return;
    }
    const entry = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line.trim());
    if (section === null || entry === null)
      throw new Error(`${name} does not parse: line ${index + 1}: ${JSON.stringify(line.trim().slice(0, 60))}`);
    key = entry[1]!.trim().toLowerCase().replace(/-/g, '_');
    section.set(key, entry[2]!.trim());
  });
  return sections;
}

export function asTable(value: unknown): TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as TomlTable) : {};
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
}
