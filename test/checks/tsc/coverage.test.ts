/**
 * What a tsc run reports besides its findings (issue 35), on the real TypeScript 5.9, 6.0 and 7:
 * each suppression directive as a finding with the lines it covers, the files it checked, the
 * tsconfig files it read and each project's strength; and a run whose program has no input of
 * the repository is a failed run, never a clean one.
 */
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { runTsc } from '../../../src/checks/tsc/adapter.js';
import { attribute } from '../../../src/core/attribute.js';
import type { CheckOutput } from '../../../src/core/check-run.js';
import type { AnchoredDiagnostic, Diagnostic } from '../../../src/core/diagnostic.js';
import { makeAnchor } from '../../../src/core/identity/fingerprint.js';
import type { TypeScriptVersion } from '../../helpers/repo.js';
import { useCheckRepos } from '../helpers.js';

const makeRepo = useCheckRepos();
const makeTsRepo = (typescript: TypeScriptVersion, files: Record<string, string>) => makeRepo({ typescript, files });

const check = (root: string, project = 'tsconfig.json') => runTsc({ root, options: { project } });

const tsconfig = (compilerOptions: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    compilerOptions: {
      target: 'es2022',
      lib: ['es2022'],
      module: 'esnext',
      moduleResolution: 'bundler',
      types: [],
      ...compilerOptions,
    },
    include: ['src'],
    ...extra,
  });

const directiveFiles = {
  'tsconfig.json': tsconfig({ strict: true, noEmit: true }),
  'src/generated.ts': "// @ts-nocheck -- generated\nexport const a: number = 'x';\n",
  'src/legacy.ts': [
    'export const b: number = 1;',
    '// @ts-ignore legacy API',
    "export const c: number = 'x';",
    '// @ts-expect-error: the type is wrong on purpose',
    '',
    '// a comment between',
    "export const d: number = 'y';",
    "/* @ts-ignore */ export const e: number = 'z';",
    "export const f: number = 'w';",
    "export const s = '// @ts-ignore in a string';",
    '',
  ].join('\n'),
};

const suppression = (
  path: string,
  line: number,
  column: number,
  endColumn: number,
  code: string,
  reason: string,
  from: number,
  to: number,
): Diagnostic => ({
  tool: 'tsc',
  code,
  severity: 'error',
  phase: 'semantic',
  path,
  line,
  column,
  endLine: line,
  endColumn,
  message: code,
  kind: 'suppression',
  suppression: { codes: [], reason, from, to },
});

const expectedSuppressions = [
  suppression('src/generated.ts', 1, 1, 28, '@ts-nocheck', '-- generated', 1, 0),
  suppression('src/legacy.ts', 2, 1, 25, '@ts-ignore', 'legacy API', 3, 3),
  suppression('src/legacy.ts', 4, 1, 50, '@ts-expect-error', ': the type is wrong on purpose', 7, 7),
  suppression('src/legacy.ts', 8, 1, 17, '@ts-ignore', '', 9, 9),
];

const suppressionsOf = (output: CheckOutput) =>
  output.diagnostics.filter((diagnostic) => diagnostic.kind === 'suppression');

describe.each(['5.9', '6.0', '7'] as const)('the tsc check on TypeScript %s', (version) => {
  it('reports each directive as a suppression with the lines it covers, and what it hides stays hidden', async () => {
    const repo = makeTsRepo(version, directiveFiles);
    const output = await check(repo.root);
    expect(suppressionsOf(output)).toEqual(expectedSuppressions);
    // Only the error on the directive's own line is reported: a directive covers the next line.
    expect(
      output.diagnostics
        .filter((diagnostic) => diagnostic.kind === undefined)
        .map(({ path, line, code }) => `${path}:${line} ${code}`),
    ).toEqual(['src/legacy.ts:8 TS2322']);
  });

  it('keeps a directive moved with its code the same finding, and a new one is introduced', async () => {
    const repo = makeTsRepo(version, directiveFiles);
    const anchored = (output: CheckOutput): AnchoredDiagnostic[] =>
      suppressionsOf(output).map((diagnostic) => ({
        ...diagnostic,
        anchor: makeAnchor(diagnostic, repo.read(diagnostic.path!).split('\n')),
      }));
    const before = anchored(await check(repo.root));
    const moved = repo.read('src/legacy.ts').split('\n');
    // The first directive and its line go to the end of the file; a new directive takes their place.
    const [ignore, covered] = moved.splice(1, 2);
    repo.write(
      'src/legacy.ts',
      [
        ...moved.slice(0, 1),
        '// @ts-expect-error -- new',
        'export const g: number = true;',
        ...moved.slice(1),
        ignore,
        covered,
      ].join('\n'),
    );
    const after = anchored(await check(repo.root));
    const { introduced, resolved, standing } = attribute(before, after);
    expect(introduced.map(({ line, code, message }) => ({ line, code, message }))).toEqual([
      { line: 2, code: '@ts-expect-error', message: '@ts-expect-error' },
    ]);
    expect(resolved).toEqual([]);
    expect(standing.map(({ path, line, code }) => `${path}:${line} ${code}`)).toEqual([
      'src/generated.ts:1 @ts-nocheck',
      'src/legacy.ts:4 @ts-expect-error',
      'src/legacy.ts:8 @ts-ignore',
      'src/legacy.ts:12 @ts-ignore',
    ]);
  });
});

const coverageFiles = {
  'tsconfig.base.json': JSON.stringify({ compilerOptions: { strict: false, noUnusedLocals: true } }),
  'tsconfig.json': JSON.stringify({
    extends: './tsconfig.base.json',
    compilerOptions: {
      target: 'es2022',
      module: 'esnext',
      moduleResolution: 'bundler',
      types: [],
      noEmit: true,
      strictNullChecks: true,
      skipLibCheck: true,
      allowUnreachableCode: false,
    },
    include: ['src'],
  }),
  'node_modules/fakepkg/package.json': '{ "name": "fakepkg", "types": "index.d.ts" }\n',
  'node_modules/fakepkg/index.d.ts': 'export declare const f: number;\n',
  'src/app.ts': "import { f } from 'fakepkg';\nimport { g } from './lib/g.js';\nexport const total = f + g;\n",
  'src/lib/g.ts': 'export const g = 1;\n',
  'src/types.d.ts': 'declare const injected: string;\n',
};

const strictFamily = [
  'noImplicitAny',
  'strictNullChecks',
  'strictFunctionTypes',
  'strictBindCallApply',
  'strictPropertyInitialization',
  'strictBuiltinIteratorReturn',
  'noImplicitThis',
  'useUnknownInCatchVariables',
  'alwaysStrict',
];

/** Every setting a tsc scope names, at its default (strict off), with `changes` over it. */
function makeSettings(changes: Record<string, [number, string]>, strict = false): Record<string, [number, string]> {
  const on = (value: boolean): [number, string] => [value ? 1 : 0, String(value)];
  return {
    ...Object.fromEntries(strictFamily.map((name) => [name, on(strict)])),
    ...Object.fromEntries(
      [
        'noUnusedLocals',
        'noUnusedParameters',
        'noImplicitReturns',
        'noFallthroughCasesInSwitch',
        'noUncheckedIndexedAccess',
        'exactOptionalPropertyTypes',
        'noImplicitOverride',
        'noPropertyAccessFromIndexSignature',
      ].map((name) => [name, on(false)]),
    ),
    ...Object.fromEntries(
      [
        'skipLibCheck',
        'noCheck',
        'suppressImplicitAnyIndexErrors',
        'suppressExcessPropertyErrors',
        'noStrictGenericChecks',
      ].map((name) => [name, [1, 'false']]),
    ),
    allowUnreachableCode: [0, 'unset'],
    allowUnusedLabels: [0, 'unset'],
    ...changes,
  };
}

describe.each(['5.9', '6.0', '7'] as const)('what a tsc run covered on TypeScript %s', (version) => {
  it('names the files it checked, the tsconfig files it read and the effective value of each setting that relaxes checking', async () => {
    const repo = makeTsRepo(version, coverageFiles);
    const { checkedPaths, configFiles, strength } = await check(repo.root);
    // Not the package's declaration file, nor TypeScript's own lib files.
    expect(checkedPaths).toEqual(['src/app.ts', 'src/lib/g.ts', 'src/types.d.ts']);
    expect(configFiles).toEqual(['tsconfig.base.json', 'tsconfig.json']);
    expect(strength).toEqual([
      {
        source: 'tsconfig.json',
        settings: makeSettings({
          strictNullChecks: [1, 'true'],
          noUnusedLocals: [1, 'true'],
          skipLibCheck: [0, 'true'],
          allowUnreachableCode: [1, 'false'],
        }),
      },
    ]);
  });

  it("takes TypeScript's own default for strict: off before 6, on from 6", async () => {
    const repo = makeTsRepo(version, {
      'tsconfig.json': tsconfig({ noEmit: true }),
      'src/a.ts': 'export const a = 1;\n',
    });
    const { strength } = await check(repo.root);
    expect(strength).toEqual([{ source: 'tsconfig.json', settings: makeSettings({}, version !== '5.9') }]);
  });

  it('gives one scope per project of a solution, each named by its tsconfig', async () => {
    const repo = makeTsRepo(version, {
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './packages/a' }, { path: './packages/b' }] }),
      'packages/a/tsconfig.json': tsconfig({ composite: true, strict: true, noUncheckedIndexedAccess: true }),
      'packages/a/src/a.ts': 'export const a = 1;\n',
      'packages/b/tsconfig.json': tsconfig({ composite: true, strict: true, skipLibCheck: true }),
      'packages/b/src/b.ts': 'export const b = 2;\n',
    });
    const { checkedPaths, configFiles, strength } = await check(repo.root);
    expect(checkedPaths).toEqual(['packages/a/src/a.ts', 'packages/b/src/b.ts']);
    expect(configFiles).toEqual(['packages/a/tsconfig.json', 'packages/b/tsconfig.json', 'tsconfig.json']);
    expect(strength?.map((scope) => scope.source)).toEqual([
      'packages/a/tsconfig.json',
      'packages/b/tsconfig.json',
      'tsconfig.json',
    ]);
    expect(strength?.[0]?.settings['noUncheckedIndexedAccess']).toEqual([1, 'true']);
    expect(strength?.[1]?.settings['skipLibCheck']).toEqual([0, 'true']);
  });

  it('fails a run whose program has no input of the repository (TS18003), never reporting it clean', async () => {
    const repo = makeTsRepo(version, {
      'tsconfig.json': JSON.stringify({ compilerOptions: { types: [], noEmit: true }, include: ['source'] }),
      'src/a.ts': "export const a: number = 'x';\n",
    });
    const run = await runCheck(
      { name: 'tsc', kind: 'tsc', timeoutMs: 60_000, options: { project: 'tsconfig.json' } },
      repo.root,
    );
    expect({ status: run.status, error: run.error, diagnostics: run.diagnostics }).toEqual({
      status: 'failed',
      error:
        "tsc checked no file: No inputs were found in config file 'tsconfig.json'. Specified 'include' paths were '[\"source\"]' and 'exclude' paths were '[]'.",
      diagnostics: [],
    });
  });

  it('fails a run where one project of a solution has no input, though the others have', async () => {
    const repo = makeTsRepo(version, {
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './packages/a' }, { path: './packages/b' }] }),
      'packages/a/tsconfig.json': tsconfig({ composite: true }),
      'packages/a/src/a.ts': 'export const a = 1;\n',
      'packages/b/tsconfig.json': tsconfig({ composite: true }, { include: ['lib'] }),
      'packages/b/src/b.ts': 'export const b = 2;\n',
    });
    const run = await runCheck(
      { name: 'tsc', kind: 'tsc', timeoutMs: 60_000, options: { project: 'tsconfig.json' } },
      repo.root,
    );
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(
      /^tsc did not check all it was configured to: No inputs were found in config file '.*packages\/b\/tsconfig\.json'\./,
    );
  });
});
