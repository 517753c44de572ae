/**
 * `biome lint --reporter=sarif` as diagnostics (Biome's JSON reporter is experimental and may
 * change in a patch release; its SARIF is SARIF 2.1.0, read by checks/output/sarif-log.ts). The
 * rule id is Biome's category, kept as it is because `biome-ignore` comments name it
 * (`lint/suspicious/noDebugger`). Category `parse` is what the parser rejects (phase syntax);
 * categories outside `lint/`, `suppressions/` and `plugin` are about the run itself (a
 * deprecated or unknown key in biome.json, a file too large or unreadable: phase config).
 * Severity `info` is a SARIF note, a warning here. Regions count columns in Unicode scalar
 * values.
 */
import type { Phase } from '../../core/diagnostic.js';
import { makeRepoPath } from '../output/repo-path.js';
import { parseSarifLog, type SarifFindings } from '../output/sarif-log.js';
import { makeColumnRecounter } from '../output/source-columns.js';

/** `Version: 2.6.9` → `2.6.9`. */
export function parseBiomeVersion(output: string): string | null {
  return /\bVersion: (\d+\.\d+\S*)/.exec(output)?.[1] ?? null;
}

/** Throws, saying on one line why, when the text is not a SARIF log. */
export function parseBiomeSarif(stdout: string, root: string): SarifFindings {
  const findings = parseSarifLog(stdout, { root, toRepoPath: makeRepoPath(root), phase: 'lint' });
  const recount = makeColumnRecounter(root, 'code-points');
  return {
    ...findings,
    diagnostics: findings.diagnostics.map((d) => recount({ ...d, tool: 'biome', phase: readPhase(d.code) })),
  };
}

/**
 * The files Biome processed, from the `Files processed:` list `--verbose` adds to its summary
 * reporter (`  - src/a.js`, relative to the folder it ran in; "The list is empty" when none);
 * null when the list is not there.
 */
export function parseBiomeProcessedFiles(stdout: string): string[] | null {
  const lines = stdout.split(/\r?\n/);
  const start = lines.findIndex((line) => /^\s*(?:\S\s)?Files processed:\s*$/u.test(line));
  if (start === -1) return null;
  const files: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') continue;
    const item = /^\s*- (.+)$/.exec(line);
    if (item === null) break;
    files.push(item[1]!);
  }
  return files;
}

function readPhase(category: string): Phase {
  if (category === 'parse') return 'syntax';
  return /^(?:lint|suppressions)\/|^plugin\b/.test(category) ? 'lint' : 'config';
}

/**
 * Why Biome stopped, from its stderr: the headers of its diagnostics (`biome.json:1:15
 * deserialize`) and their `×` lines, root-relative; the last lines when there are none.
 */
export function readBiomeFailure(stderrLines: readonly string[], stripRoot: (text: string) => string): string[] {
  const said = stderrLines.flatMap((line) => {
    if (line.startsWith('×')) return [line.replace(/^×\s*/, '')];
    const header = /^(\S+:\d+:\d+ \S+)\s+━/.exec(line);
    return header?.[1] === undefined ? [] : [stripRoot(header[1])];
  });
  return said.length > 0 ? said : stderrLines.slice(-3);
}
