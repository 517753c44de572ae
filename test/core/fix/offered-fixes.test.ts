import { describe, expect, test } from 'vitest';
import type { Finding } from '../../../src/core/diagnostic.js';
import { listRenameFixes, listToolFixes } from '../../../src/core/fix/offered-fixes.js';
import type { EchoGroup } from '../../../src/core/triage/echo-groups.js';
import { makeFinding } from '../../helpers/findings.js';

/** A finding in src/use.ts with the given fields (its fingerprint too). */
function finding(fields: Partial<Finding>): Finding {
  return { ...makeFinding('src/use.ts', 1, fields), ...fields };
}

describe('listToolFixes', () => {
  test("a finding's fix is offered; a suggestion only when asked for and the only one", () => {
    const fixed = finding({
      tool: 'eslint',
      code: 'prefer-const',
      fingerprint: 'a',
      fix: { start: 0, end: 3, text: 'const' },
    });
    const suggested = finding({ tool: 'eslint', fingerprint: 'b', suggestions: [{ start: 4, end: 5, text: 'x' }] });
    const choice = finding({
      tool: 'eslint',
      fingerprint: 'c',
      suggestions: [
        { start: 4, end: 5, text: 'x' },
        { start: 4, end: 5, text: 'y' },
      ],
    });
    const all = [fixed, suggested, choice, finding({ fingerprint: 'none' })];
    expect(listToolFixes(all)).toEqual([
      { fingerprint: 'a', code: 'prefer-const', source: 'eslint', path: 'src/use.ts', start: 0, end: 3, text: 'const' },
    ]);
    expect(listToolFixes(all, { suggestions: true }).map((fix) => fix.fingerprint)).toEqual(['a', 'b']);
  });
});

describe('listRenameFixes', () => {
  const text = [
    "import { getState } from './store.js';",
    "import { getState as read } from './store.js';",
    'store.getState();',
    'const { getState } = store;',
    'make({ getState: () => 1 });',
    'getState();',
    'store.getStateLater();',
  ].join('\n');
  /** The finding at the first `getState` of the line that starts so. */
  const site = (line: string, fingerprint: string, code: string) => {
    const lines = text.split('\n');
    const index = lines.findIndex((row) => row.startsWith(line));
    const column = lines[index]!.indexOf('getState') + 1;
    return finding({ fingerprint, code, line: index + 1, column, endLine: index + 1, endColumn: column + 8 });
  };
  const shown = [
    site('import { getState }', 'import', 'TS2305'),
    site('import { getState as', 'aliased', 'TS2305'),
    site('store.getState()', 'member', 'TS2339'),
    site('const { getState }', 'shorthand', 'TS2339'),
    site('make({ getState', 'key', 'TS2353'),
    site('getState()', 'name', 'TS2304'),
    { ...site('store.getStateLater', 'partial', 'TS2339'), endColumn: 15 },
  ];
  const group = (kind: 'renamed' | 'removed'): EchoGroup => ({
    tool: 'tsc',
    code: 'TS2339',
    codes: ['TS2339'],
    severity: 'error',
    message: '',
    sites: shown.length,
    files: 1,
    listed: [],
    members: shown.map((one) => one.fingerprint),
    cause: {
      symbol: 'StoreApi',
      member: 'getState',
      change: {
        kind,
        symbol: 'StoreApi.getState',
        path: 'src/store.ts',
        line: 2,
        before: '',
        after: '',
        renamedTo: kind === 'renamed' ? 'StoreApi.readState' : undefined,
      },
    },
  });

  test('each site of a renamed declaration is rewritten where the new name means the same; a shorthand stays', () => {
    const fixes = listRenameFixes({ shown, groups: [group('renamed')] }, () => text);
    expect(fixes.map((fix) => [fix.fingerprint, text.slice(fix.start, fix.end), fix.text])).toEqual([
      ['import', 'getState', 'readState as getState'],
      ['aliased', 'getState', 'readState'],
      ['member', 'getState', 'readState'],
      ['key', 'getState', 'readState'],
      ['name', 'getState', 'readState'],
    ]);
    expect(fixes.every((fix) => fix.source === 'rename' && fix.path === 'src/use.ts')).toBe(true);
  });

  test('a removed declaration offers nothing', () => {
    expect(listRenameFixes({ shown, groups: [group('removed')] }, () => text)).toEqual([]);
  });
});
