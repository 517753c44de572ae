import { describe, expect, test } from 'vitest';
import type { Finding } from '../../../src/core/diagnostic.js';
import { placeRenameSites, type RenameSite } from '../../../src/core/fix/rename-sites.js';
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

function place(base: Record<string, string>, current: Record<string, string>, introduced: Finding[] = []) {
  const sites = Object.entries(base).flatMap(([path, text]) => sitesOf(path, text, 'getState', 'readState'));
  return placeRenameSites({
    renames: [{ change, sites, first: { fingerprint: 'first', code: 'TS2551' } }],
    movedTo: new Map(),
    deleted: new Set(),
    baseTextOf: (path) => (base[path] === current[path] ? undefined : base[path]),
    readText: (path) => current[path],
    introduced,
  });
}

describe('placeRenameSites', () => {
  test('a file the edit did not touch is renamed where the baseline says; its finding names the fix', () => {
    const text = 'store.getState();\nconst { getState } = store;\n';
    const finding = { path: 'src/use.ts', line: 1, column: 7, fingerprint: 'use1', code: 'TS2551' } as Finding;
    const { offered, left } = place({ 'src/use.ts': text }, { 'src/use.ts': text }, [finding]);
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
    const { offered, left } = place({ 'src/store.ts': base }, { 'src/store.ts': current });
    expect(left).toEqual([]);
    expect(offered.map((fix) => current.slice(fix.start, fix.end))).toEqual(['getState']);
    expect(offered[0]!.start).toBe(current.lastIndexOf('getState'));
  });

  test('a site on a line the agent changed in another way is left and reported, never overwritten', () => {
    const base = 'a.getState();\nb.getState();\nc.getState();\n';
    // Line 1 renamed by hand (done), line 2 changed otherwise (left), line 3 removed (nothing to do).
    const current = 'a.readState();\nb.getState().count;\n';
    const { offered, left } = place({ 'src/use.ts': base }, { 'src/use.ts': current });
    expect(offered).toEqual([]);
    expect(left).toEqual([{ cause: 'StoreApi.getState', path: 'src/use.ts', line: 2, reason: 'changed-line' }]);
  });
});
