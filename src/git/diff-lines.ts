/**
 * What an edit made of each line of some files: the hunks of git's diff between two trees, with no
 * context lines, as line maps (core/identity/line-map.ts) for re-anchoring findings whose flagged
 * line was edited. One git process for all the files, limited to their paths; git's rename
 * detection pairs a renamed file's two paths when both are asked for.
 */
import type { Hunk, LineMap } from '../core/identity/line-map.js';
import { runGit, type Repository } from './git.js';

/**
 * The line map of each of these paths modified from `base` to `current`, or renamed from one of
 * them to another (ask for both paths of a rename). A file git does not diff as text (binary, a
 * symbolic link turned file) gets none, and its findings are matched by identity alone.
 */
export async function readLineMaps(
  repo: Repository,
  base: string,
  current: string,
  paths: readonly string[],
): Promise<LineMap[]> {
  if (paths.length === 0) return [];
  const output = await runGit(
    [
      '--literal-pathspecs',
      'diff-tree',
      '-r',
      '-M',
      '-U0',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--patch-with-raw',
      '-z',
      base,
      current,
      '--',
      ...new Set(paths),
    ],
    { cwd: repo.root },
  );
  return parseLineMaps(output);
}

interface RawEntry {
  status: string;
  from: string;
  to: string;
}

/**
 * Reads `diff-tree --patch-with-raw -z -U0`: the raw entries (NUL-separated, paths unquoted),
 * an empty field, then one patch per entry in the same order (two for a type change). Only
 * modified and renamed text files give a map; when the patches cannot be aligned with the
 * entries, none does.
 */
export function parseLineMaps(output: string): LineMap[] {
  const entries: RawEntry[] = [];
  let at = 0;
  while (output.startsWith(':', at)) {
    const headerEnd = output.indexOf('\0', at);
    if (headerEnd === -1) return [];
    const status = output.slice(at, headerEnd).split(' ').at(-1) ?? '';
    const fromEnd = output.indexOf('\0', headerEnd + 1);
    if (fromEnd === -1) return [];
    const from = output.slice(headerEnd + 1, fromEnd);
    at = fromEnd + 1;
    let to = from;
    if (status.startsWith('R') || status.startsWith('C')) {
      const toEnd = output.indexOf('\0', at);
      if (toEnd === -1) return [];
      to = output.slice(at, toEnd);
      at = toEnd + 1;
    }
    entries.push({ status, from, to });
  }
  const patches = splitPatches(output.slice(at).replace(/^\0/, ''));
  const expected = entries.reduce((count, entry) => count + (entry.status === 'T' ? 2 : 1), 0);
  if (patches.length !== expected) return [];
  const maps: LineMap[] = [];
  let patch = 0;
  for (const entry of entries) {
    const lines = patches[patch]!;
    patch += entry.status === 'T' ? 2 : 1;
    if (!/^[MR]/.test(entry.status) || lines.some((line) => line.startsWith('Binary files '))) continue;
    maps.push({ from: entry.from, to: entry.to, hunks: lines.flatMap(parseHunkHeader) });
  }
  return maps;
}

/** The patch text cut at each `diff --git` header; no line of a hunk starts that way (each starts with ' ', '+', '-' or '\'). */
function splitPatches(text: string): string[][] {
  const patches: string[][] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) patches.push([]);
    patches.at(-1)?.push(line);
  }
  return patches;
}

const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

function parseHunkHeader(line: string): Hunk[] {
  const match = hunkHeader.exec(line);
  if (match === null) return [];
  return [
    {
      oldStart: Number(match[1]),
      oldCount: match[2] === undefined ? 1 : Number(match[2]),
      newStart: Number(match[3]),
      newCount: match[4] === undefined ? 1 : Number(match[4]),
    },
  ];
}
