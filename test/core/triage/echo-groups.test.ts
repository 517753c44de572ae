import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostic.js';
import { makeDeclarationFinder } from '../../../src/core/triage/declarations.js';
import { makeEchoGroups, maxListedSites } from '../../../src/core/triage/echo-groups.js';

function makeDiagnostic(path: string | null, line: number, fields: Partial<Diagnostic> = {}): Diagnostic {
  return {
    tool: 'tsc',
    code: 'TS2339',
    severity: 'error',
    phase: 'semantic',
    path,
    line,
    column: 9,
    message: "Property 'tr' does not exist on type 'CommandProps'.",
    ...fields,
  };
}

const sources: Record<string, string[]> = {
  'src/types.ts': [
    "import type { Editor } from './editor';",
    '// The type CommandProps below is what every command gets.',
    'export interface Transaction {',
    '  steps: string[];',
    '}',
    '',
    'export interface CommandProps {',
    '  transaction: Transaction;',
    '}',
  ],
  'src/legacy.ts': [
    'export declare abstract class CommandProps {}',
    'type Box<T> = { value: T };',
    'export const enum Mode { A }',
  ],
  'src/app.py': ['class Settings(Base):', '    pass'],
  'src/unchanged.ts': ['export interface Editor {}'],
};
const sourceLines = (path: string) => sources[path];

describe('makeEchoGroups', () => {
  it('groups two or more shown findings by tool, code and normalised message, in shown order', () => {
    const shown = [
      makeDiagnostic(null, 0, { code: 'TS5023', message: "Unknown compiler option 'x'." }),
      makeDiagnostic(null, 0, { code: 'TS5023', message: "Unknown compiler option 'x'." }),
      makeDiagnostic('src/b.ts', 5),
      makeDiagnostic('src/a.ts', 2, { code: 'TS2554', message: 'Expected 2 arguments, but got 1.' }),
      makeDiagnostic('src/b.ts', 7),
      makeDiagnostic('src/a.ts', 3, { code: 'TS2554', message: 'Expected 3 arguments, but got 1.' }),
      makeDiagnostic('src/c.ts', 1, { tool: 'pyright' }),
      makeDiagnostic('src/a.ts', 8),
    ];
    expect(makeEchoGroups(shown)).toEqual([
      {
        tool: 'tsc',
        code: 'TS2339',
        codes: ['TS2339'],
        severity: 'error',
        message: "Property 'tr' does not exist on type 'CommandProps'.",
        sites: 3,
        files: 2,
        listed: ['src/b.ts:5:9', 'src/b.ts:7:9', 'src/a.ts:8:9'],
        members: [],
      },
      {
        tool: 'tsc',
        code: 'TS2554',
        codes: ['TS2554'],
        severity: 'error',
        message: 'Expected N arguments, but got N.',
        sites: 2,
        files: 1,
        listed: ['src/a.ts:2:9', 'src/a.ts:3:9'],
        members: [],
      },
    ]);
  });

  it(`lists at most ${maxListedSites} sites and counts them all`, () => {
    const shown = Array.from({ length: maxListedSites + 5 }, (_, index) => makeDiagnostic(`src/c${index}.ts`, 1));
    const [group] = makeEchoGroups(shown);
    expect([group?.sites, group?.files, group?.listed.length, group?.listed.at(-1)]).toEqual([
      maxListedSites + 5,
      maxListedSites + 5,
      maxListedSites,
      `src/c${maxListedSites - 1}.ts:1:9`,
    ]);
  });

  it('says where a symbol the message names is declared in a changed file', () => {
    const find = makeDeclarationFinder(['src/types.ts', 'src/legacy.ts'], sourceLines);
    const [group] = makeEchoGroups([makeDiagnostic('src/a.ts', 1), makeDiagnostic('src/b.ts', 1)], find);
    // legacy.ts sorts first and declares CommandProps too: path order decides, as documented.
    expect(group?.declared).toEqual({ name: 'CommandProps', path: 'src/legacy.ts', line: 1 });
  });
});

describe('makeDeclarationFinder', () => {
  const find = makeDeclarationFinder(['src/types.ts', 'src/app.py', 'src/legacy.ts', 'src/deleted.ts'], sourceLines);

  it('finds type-like declarations at the start of a line, skipping imports and comments', () => {
    expect(find("Property 'tr' does not exist on type 'Transaction'.")).toEqual({
      name: 'Transaction',
      path: 'src/types.ts',
      line: 3,
    });
    expect(find("Type 'Box<string>' is not assignable to type 'number'.")).toEqual({
      name: 'Box',
      path: 'src/legacy.ts',
      line: 2,
    });
    expect(find('Unsafe argument of type `Mode` assigned to a parameter of type `number`.')).toEqual({
      name: 'Mode',
      path: 'src/legacy.ts',
      line: 3,
    });
    expect(find('"Settings" has no attribute "debug"')).toEqual({ name: 'Settings', path: 'src/app.py', line: 1 });
  });

  it('finds nothing for symbols declared only in unchanged files, or not at all', () => {
    expect(find("Property 'x' does not exist on type 'Editor'.")).toBeUndefined();
    expect(find("Type 'string' is not assignable to type 'number'.")).toBeUndefined();
    expect(find("Cannot find name 'tr'.")).toBeUndefined();
  });
});
