import { describe, expect, test } from 'vitest';
import type { Finding } from '../../../src/core/diagnostic.js';
import { readEditedLines } from '../../../src/core/fix/edited-lines.js';
import { placeRenameSites, type RenameSite } from '../../../src/core/fix/rename-sites.js';
import type { Hunk } from '../../../src/core/identity/line-map.js';
import type { CauseChange } from '../../../src/core/triage/echo-groups.js';

const change: CauseChange = {
  kind: 'renamed',
  symbol: 'StoreApi.getState',
  path: 'src/store.ts',
  line: 2,
  before: 'getState: () => T',
  after: 'readState: () => T',
  renamedTo: 'StoreApi.readState',
};

/** Every site of `name` in `text` (the baseline's), rewritten to `to`. */
function sitesOf(path: string, text: string, name: string, to: string): RenameSite[] {
  return [...text.matchAll(new RegExp(`\\b${name}\\b`, 'g'))].map((match) => ({
    path,
    start: match.index,
    end: match.index + name.length,
    text: to,
  }));
}

function place(
  base: Record<string, string>,
  current: Record<string, string>,
  hunks: Hunk[] = [],
  introduced: Finding[] = [],
) {
  const sites = Object.entries(base).flatMap(([path, text]) => sitesOf(path, text, 'getState', 'readState'));
  const changed = (path: string) => base[path] !== current[path];
  return placeRenameSites({
    renames: [{ change, sites, first: { fingerprint: 'first', code: 'TS2551' } }],
    movedTo: new Map(),
    deleted: new Set(),
    baseTextOf: (path) => (changed(path) ? base[path] : undefined),
    editedLinesOf: (path) => (changed(path) ? readEditedLines({ hunks }) : undefined),
    readText: (path) => current[path],
    introduced,
  });
}

describe('placeRenameSites', () => {
  test('a file the edit did not touch is renamed where the baseline says; its finding names the fix', () => {
    const text = 'store.getState();\nconst { getState } = store;\n';
    const finding = { path: 'src/use.ts', line: 1, column: 7, fingerprint: 'use1', code: 'TS2551' } as Finding;
    const { offered, left } = place({ 'src/use.ts': text }, { 'src/use.ts': text }, [], [finding]);
    expect(left).toEqual([]);
    expect(offered.map((fix) => [fix.start, fix.end, fix.fingerprint, fix.code, fix.cause])).toEqual([
      [6, 14, 'use1', 'TS2551', 'StoreApi.getState'],
      [26, 34, 'first', 'TS2551', 'StoreApi.getState'],
    ]);
  });

  test('in a file the edit changed, sites move with the lines around them; the declaration it renamed is left as it is', () => {
    const base = 'export interface StoreApi {\n  getState: () => T;\n}\nconst read = () => store.getState();\n';
    const current =
      '// the store\nexport interface StoreApi {\n  readState: () => T;\n}\nconst read = () => store.getState();\n';
    // A comment inserted at the top (git's -0,0 +1), the declaration's line renamed (-2 +3).
    const { offered, left } = place({ 'src/store.ts': base }, { 'src/store.ts': current }, [
      { oldStart: 0, oldCount: 0, newStart: 1, newCount: 1 },
      { oldStart: 2, oldCount: 1, newStart: 3, newCount: 1 },
    ]);
    expect(left).toEqual([]);
    expect(offered.map((fix) => current.slice(fix.start, fix.end))).toEqual(['getState']);
    expect(offered[0]!.start).toBe(current.lastIndexOf('getState'));
  });

  test('a site on a line the agent changed in another way is left and reported, never overwritten', () => {
    const base = 'a.getState();\nb.getState();\nc.getState();\n';
    // Line 1 renamed by hand (done), line 2 changed otherwise (left), line 3 removed (nothing to do).
    const current = 'a.readState();\nb.getState().count;\n';
    const { offered, left } = place({ 'src/use.ts': base }, { 'src/use.ts': current }, [
      { oldStart: 1, oldCount: 3, newStart: 1, newCount: 2 },
    ]);
    expect(offered).toEqual([]);
    expect(left).toEqual([{ cause: 'StoreApi.getState', path: 'src/use.ts', line: 2, reason: 'changed-line' }]);
  });
});
