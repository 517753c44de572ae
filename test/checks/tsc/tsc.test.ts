import { symlinkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostic.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { requireTool } from '../../../src/checks/runner/resolve-tool.js';
import { checkWithCompilerApi, runTsc } from '../../../src/checks/tsc/adapter.js';
import { makeRepo, type TestRepo, type TypeScriptVersion } from '../../helpers/repo.js';
import { listTree, runTscCli, toPrinted } from '../helpers.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeTsRepo(typescript: TypeScriptVersion, files: Record<string, string>): TestRepo {
  const repo = makeRepo({ typescript, files, git: false });
  repos.push(repo);
  return repo;
}

const check = (root: string, project = 'tsconfig.json') => runTsc({ root, options: { project } });

/** Only the fields that identify a finding, for readable exact assertions. */
const brief = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map(({ code, phase, path, line, column, message }) => ({ code, phase, path, line, column, message }));

const phasesFiles = {
  'tsconfig.json': `{
  "compilerOptions": {
    "strict": true,
    "target": "es2022",
    "module": "nodenext",
    "skipLibCheck": true,
    "types": [],
    "declarationDir": "types",
    "bogusOption": true
  },
  "include": ["src"]
}
`,
  'src/broken.ts': 'export const a = ;\n',
  'src/types.ts': "export const n: number = 'one';\nexport const f: (a: string) => void = (a: number) => {};\n",
};

const phasesExpected = [
  { code: 'TS1109', phase: 'syntax', path: 'src/broken.ts', line: 1, column: 18, message: 'Expression expected.' },
  {
    code: 'TS2322',
    phase: 'semantic',
    path: 'src/types.ts',
    line: 1,
    column: 14,
    message: "Type 'string' is not assignable to type 'number'.",
  },
  {
    code: 'TS2322',
    phase: 'semantic',
    path: 'src/types.ts',
    line: 2,
    column: 14,
    message:
      "Type '(a: number) => void' is not assignable to type '(a: string) => void'.\n  Types of parameters 'a' and 'a' are incompatible.\n    Type 'string' is not assignable to type 'number'.",
  },
  {
    code: 'TS5069',
    phase: 'config',
    path: 'tsconfig.json',
    line: 8,
    column: 5,
    message:
      "Option 'declarationDir' cannot be specified without specifying option 'declaration' or option 'composite'.",
  },
  {
    code: 'TS5023',
    phase: 'config',
    path: 'tsconfig.json',
    line: 9,
    column: 5,
    message: "Unknown compiler option 'bogusOption'.",
  },
];

/**
 * Semantic errors only (tsc stops before semantics when a file fails to parse): one chained, one
 * after characters outside the BMP on its line, one in a file with CRLF line ends.
 */
const cliFiles = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      target: 'es2022',
      lib: ['es2022'],
      module: 'nodenext',
      skipLibCheck: true,
      types: [],
      declaration: true,
    },
    include: ['src'],
  }),
  'src/card.ts': 'export interface Card { price: number }\nexport const card: Card = { price: 1, extra: true };\n',
  'src/use.ts':
    "import { card } from './card.js';\n/* 😀 é */ export const total: string = card.price;\nexport const f: (a: string) => void = (a: number) => {};\nexport const missing = card.unitPrice;\n",
  'src/crlf.ts': '// line ends\r\nexport const c: string = 1;\r\n',
};

/** What the edit leaves for tsc --noEmit to report: only a declaration emit diagnostic. */
const declarationOnly = {
  'src/card.ts': 'export interface Card { price: number }\nexport const card: Card = { price: 1 };\n',
  'src/use.ts': 'export const Hidden = class { private secret = 1; };\n',
  'src/crlf.ts': '// line ends\r\nexport const c: string = "c";\r\n',
};

const graphFiles = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      target: 'es2022',
      lib: ['es2022'],
      module: 'nodenext',
      skipLibCheck: true,
      types: [],
      paths: { '@lib/*': ['./src/lib/*'] },
    },
    include: ['src'],
  }),
  'package.json': '{ "name": "graph", "type": "module" }\n',
  'node_modules/fakepkg/package.json': '{ "name": "fakepkg", "types": "index.d.ts" }\n',
  'node_modules/fakepkg/index.d.ts': 'export declare const f: number;\n',
  'src/lib/index.ts': "export * from './rate.js';\nexport type { Unit } from './unit.js';\n",
  'src/lib/rate.ts': 'export const rate = 2;\n',
  'src/lib/unit.ts': "export type Unit = 'kg';\n",
  'src/app.ts':
    "import { rate } from '@lib/index.js';\nimport type { Unit } from '@lib/unit.js';\nimport { f } from 'fakepkg';\nexport const u: Unit = 'kg';\nexport const total = rate * f;\nexport const later = () => import('./late.js');\n",
  'src/late.ts': 'export const late = 1;\n',
};

const graphExpected = {
  'src/app.ts': ['src/lib/index.ts', 'src/lib/unit.ts', 'node_modules/fakepkg/index.d.ts', 'src/late.ts'],
  'src/lib/index.ts': ['src/lib/rate.ts', 'src/lib/unit.ts'],
};

/** A solution tsconfig over two composite packages; b imports a by package name and by a path alias, with no dist built. */
const workspaceFiles = {
  'package.json': '{ "name": "workspace", "private": true, "type": "module" }\n',
  'tsconfig.json':
    '{\n  // the solution: no files of its own\n  "files": [],\n  "references": [{ "path": "packages/a" }, { "path": "./packages/b/tsconfig.json" }]\n}\n',
  'tsconfig.base.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      composite: true,
      incremental: true,
      target: 'es2022',
      lib: ['es2022'],
      module: 'nodenext',
      skipLibCheck: true,
      types: [],
    },
  }),
  'packages/a/package.json': JSON.stringify({
    name: '@repo/a',
    type: 'module',
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
  }),
  'packages/a/tsconfig.json': JSON.stringify({
    extends: '../../tsconfig.base.json',
    compilerOptions: { rootDir: 'src', outDir: 'dist' },
    include: ['src'],
  }),
  'packages/a/src/index.ts': "export * from './rate-card.js';\n",
  'packages/a/src/rate-card.ts':
    'export interface RateCard { price: number }\nexport const zero: RateCard = { price: 0 };\n',
  'packages/b/package.json': JSON.stringify({ name: '@repo/b', type: 'module' }),
  'packages/b/tsconfig.json': JSON.stringify({
    extends: '../../tsconfig.base.json',
    compilerOptions: { rootDir: 'src', outDir: 'dist', paths: { '@a/*': ['../a/src/*'] } },
    include: ['src'],
    references: [{ path: '../a' }],
  }),
  'packages/b/src/total.ts':
    "import { zero, type RateCard } from '@repo/a';\nimport type { RateCard as Card } from '@a/rate-card.js';\nexport const total = (card: RateCard): number => card.price + zero.price;\nexport const same = (card: Card): RateCard => card;\n",
};

function linkWorkspacePackage(repo: TestRepo): void {
  mkdirSync(join(repo.root, 'node_modules', '@repo'), { recursive: true });
  symlinkSync(join(repo.root, 'packages', 'a'), join(repo.root, 'node_modules', '@repo', 'a'), 'dir');
}

describe.each(['5.9', '6.0', '7'] as const)('tsc adapter on TypeScript %s', (version) => {
  it('separates config, syntax and semantic findings, with every phase reported', async () => {
    const repo = makeTsRepo(version, phasesFiles);
    const output = await check(repo.root);
    expect(brief(output.diagnostics)).toEqual(phasesExpected);
    expect(output.diagnostics.every((diagnostic) => diagnostic.tool === 'tsc' && diagnostic.severity === 'error')).toBe(
      true,
    );
    expect(output.version).toBe(requireTool<{ version: string }>(repo.root, 'typescript').version);
  });

  it('reports the same set as tsc --noEmit, declaration diagnostics included', async () => {
    const repo = makeTsRepo(version, cliFiles);
    const semantic = await check(repo.root);
    expect(toPrinted(semantic.diagnostics)).toEqual(runTscCli(repo.root, 'tsconfig.json'));
    expect(semantic.diagnostics.map(({ path, line, column, code }) => [path, line, column, code])).toEqual([
      ['src/card.ts', 2, 39, 'TS2353'],
      ['src/crlf.ts', 2, 14, 'TS2322'],
      ['src/use.ts', 2, 25, 'TS2322'],
      ['src/use.ts', 3, 14, 'TS2322'],
      ['src/use.ts', 4, 29, 'TS2339'],
    ]);

    for (const [path, content] of Object.entries(declarationOnly)) repo.write(path, content);
    const declaration = await check(repo.root);
    expect(toPrinted(declaration.diagnostics)).toEqual(runTscCli(repo.root, 'tsconfig.json'));
    expect(brief(declaration.diagnostics)).toEqual([
      {
        code: 'TS4094',
        phase: 'semantic',
        path: 'src/use.ts',
        line: 1,
        column: 14,
        message: "Property 'secret' of exported anonymous class type may not be private or protected.",
      },
    ]);
  });

  it('gives import edges through path aliases, barrels, type imports, dynamic imports and package declarations', async () => {
    const repo = makeTsRepo(version, graphFiles);
    const output = await check(repo.root);
    expect(output.diagnostics).toEqual([]);
    expect(output.imports).toEqual(graphExpected);
  });

  it('checks every referenced project from its sources and attributes a change in a to b', async () => {
    const repo = makeTsRepo(version, workspaceFiles);
    linkWorkspacePackage(repo);
    const before = listTree(repo.root);

    const clean = await check(repo.root);
    expect(clean.diagnostics).toEqual([]);
    expect(clean.imports).toEqual({
      'packages/a/src/index.ts': ['packages/a/src/rate-card.ts'],
      'packages/b/src/total.ts': ['packages/a/src/index.ts', 'packages/a/src/rate-card.ts'],
    });

    repo.write(
      'packages/a/src/rate-card.ts',
      'export interface RateCard { unitPrice: number }\nexport const zero: RateCard = { price: 0 };\n',
    );
    const edited = listTree(repo.root);
    const broken = await check(repo.root);
    const missingPrice = "Property 'price' does not exist on type 'RateCard'.";
    expect(brief(broken.diagnostics)).toEqual([
      {
        code: 'TS2353',
        phase: 'semantic',
        path: 'packages/a/src/rate-card.ts',
        line: 2,
        column: 33,
        message: "Object literal may only specify known properties, and 'price' does not exist in type 'RateCard'.",
      },
      {
        code: 'TS2339',
        phase: 'semantic',
        path: 'packages/b/src/total.ts',
        line: 3,
        column: 55,
        message: missingPrice,
      },
      {
        code: 'TS2339',
        phase: 'semantic',
        path: 'packages/b/src/total.ts',
        line: 3,
        column: 68,
        message: missingPrice,
      },
    ]);
    // Nothing written: no dist, no tsbuildinfo, though the projects are composite and incremental.
    expect(listTree(repo.root)).toEqual(edited);
    expect(edited.filter((entry) => !entry.startsWith('packages/a/src/rate-card.ts'))).toEqual(
      before.filter((entry) => !entry.startsWith('packages/a/src/rate-card.ts')),
    );
  });
});

describe('tsc adapter details', () => {
  it('gives the same edges through the public resolution route as through the internal one', () => {
    const repo = makeTsRepo('6.0', graphFiles);
    const ts = requireTool<typeof import('typescript')>(repo.root, 'typescript');
    const request = { root: repo.root, options: { project: 'tsconfig.json' } };
    expect(checkWithCompilerApi(ts, request, { importRoute: 'public' }).imports).toEqual(graphExpected);
    expect(checkWithCompilerApi(ts, request, { importRoute: 'internal' }).imports).toEqual(graphExpected);
  });

  it('reports a file outside the root with a ../ path and a global finding with no path', async () => {
    const outside = makeTsRepo('6.0', { 'shared/util.ts': 'export const u: number = "u";\n' });
    const repo = makeTsRepo('6.0', {
      'tsconfig.json': JSON.stringify({
        compilerOptions: { strict: true, noLib: true, types: [] },
        include: ['src', `${outside.root}/shared`],
      }),
      'src/a.ts': 'export const a = 1;\n',
    });
    const output = await check(repo.root);
    const outsidePath = `../${outside.root.split('/').at(-1)}/shared/util.ts`;
    expect(
      output.diagnostics
        .filter((diagnostic) => diagnostic.path === null)
        .map((diagnostic) => [diagnostic.code, diagnostic.phase, diagnostic.line, diagnostic.column]),
    ).toContainEqual(['TS2318', 'config', 0, 0]);
    expect(output.diagnostics.some((diagnostic) => diagnostic.path === outsidePath)).toBe(true);
  });

  it('fails with a clear error when the project file does not exist, and is missing without TypeScript', async () => {
    const repo = makeTsRepo('6.0', { 'src/a.ts': 'export const a = 1;\n' });
    await expect(check(repo.root, 'tsconfig.app.json')).rejects.toThrow(
      `tsc could not read ${repo.root}/tsconfig.app.json: Cannot read file '${repo.root}/tsconfig.app.json'.`,
    );
    const bare = makeRepo({ typescript: false, git: false, files: { 'tsconfig.json': '{}' } });
    repos.push(bare);
    const run = await runCheck(
      { name: 'tsc', kind: 'tsc', timeoutMs: 60_000, options: { project: 'tsconfig.json' } },
      bare.root,
    );
    expect(run).toMatchObject({ name: 'tsc', status: 'missing', version: null, diagnostics: [] });
    expect(run.error).toBe(
      `typescript is not installed in ${bare.root}: no typescript found from ${bare.root} upwards`,
    );
  });
});

describe("TypeScript's own lib files", () => {
  it('are not checked, while a clash with them is still reported in the user file', async () => {
    const repo = makeTsRepo('6.0', {
      'tsconfig.json': JSON.stringify({
        compilerOptions: { strict: true, target: 'es2022', types: [] },
        include: ['src'],
      }),
      'src/globals.ts': 'export {};\ndeclare global {\n  interface Array<T> {\n    length: string;\n  }\n}\n',
    });
    const output = await check(repo.root);
    expect(output.diagnostics.every((diagnostic) => diagnostic.path === 'src/globals.ts')).toBe(true);
    expect(brief(output.diagnostics).map(({ code, path, line }) => [code, path, line])).toEqual([
      ['TS2717', 'src/globals.ts', 4],
    ]);
  });
});
