/**
 * `culprit fix` with TypeScript's own code fixes (real tsc, the language service of the
 * repository's TypeScript): a missing import and a misspelt member the edit introduced are
 * fixed, each the one fix offered; a standing missing import in the same file is not.
 */
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

test("TypeScript's one safe fix for an introduced finding is applied: a missing import, a spelling fix", () => {
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "codefix", "private": true, "type": "module" }',
      'tsconfig.json': bundlerTsconfig,
      'src/thing.ts': 'export function useThing(): number {\n  return 1;\n}\n',
      'src/other.ts': 'export function useOther(): number {\n  return 2;\n}\n',
      'src/app.ts': 'export const standing = useOther();\n',
    },
  });
  const edited =
    'export const standing = useOther();\nexport const n = useThing();\nexport const m = Math.flor(1.5);\n';
  repo.write('src/app.ts', edited);
  const result = runCli(repo.root, ['fix', '--json']);
  expect(result.stderr).toBe('');
  const output = JSON.parse(result.stdout) as {
    verdict: string;
    counts: { introduced: number; standing: number };
    fixes: { path: string; code: string; source: string; range: { line: number } }[];
  };
  expect(output.fixes.map((fix) => [fix.path, fix.range.line, fix.code, fix.source])).toEqual([
    ['src/app.ts', 1, 'TS2304', 'typescript'],
    ['src/app.ts', 3, 'TS2551', 'typescript'],
  ]);
  expect(repo.read('src/app.ts')).toBe(
    'import { useThing } from "./thing";\n\nexport const standing = useOther();\nexport const n = useThing();\nexport const m = Math.floor(1.5);\n',
  );
  expect(output).toMatchObject({ verdict: 'clean', counts: { introduced: 0, standing: 1 } });
});

test('a name that stopped resolving because a declaration changed elsewhere gets no spelling fix, shown or not', () => {
  // TypeScript suggests `setState` for `getState` once `getState` is gone: a read would become a
  // write. Two stores renamed, one root shown (--max-files 1): the withheld one's sites are no
  // site of a shown cause, and still get no guess.
  const store = (name: string) =>
    `export interface ${name} {\n  getState(): number;\n  setState(next: number): void;\n}\nexport declare const ${name.toLowerCase()}: ${name};\n`;
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "codefix", "private": true, "type": "module" }',
      'tsconfig.json': bundlerTsconfig,
      'src/a.ts': store('A'),
      'src/b.ts': store('B'),
      'src/use.ts':
        "import { a } from './a';\nimport { b } from './b';\nexport const now = a.getState() + b.getState();\nexport const again = b.getState();\n",
    },
  });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/a.ts', store('A').replace('getState', 'readState'));
  repo.write('src/b.ts', store('B').replace('getState', 'readState'));
  const result = runCli(repo.root, ['fix', '--json', '--max-files', '1']);
  expect(result.stderr).toBe('');
  const output = JSON.parse(result.stdout) as { fixes: { source: string }[] };
  expect(output.fixes.map((fix) => fix.source)).not.toContain('typescript');
  expect(repo.read('src/use.ts')).not.toContain('setState');
});
