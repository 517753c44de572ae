/**
 * The repositories the warm tests edit. The workspace: a solution over two composite packages, b
 * importing a by package name (a barrel, through a workspace link) and through a `paths` alias,
 * checked by tsc and by typescript-eslint's type-aware rules, with an ESLint config that imports
 * a local module. The small repository: one package, the same kind of ESLint config, for the
 * tests that run whole commands.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { makeRepo, type EslintVersion, type TestRepo, type TypeScriptVersion } from '../helpers/repo.js';

/** typescript-eslint's type-aware rules on every .ts file, plus the rules of a local module. */
export const eslintConfig = `import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { rules } from './eslint-rules.js';

export default tseslint.config(
  { ignores: ['dist/**', 'eslint.config.js', 'eslint-rules.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  { rules },
);
`;

const baseOptions = {
  strict: true,
  target: 'es2022',
  lib: ['es2022'],
  module: 'nodenext',
  skipLibCheck: true,
  types: [],
};

export const workspaceFiles: Readonly<Record<string, string>> = {
  'package.json': '{ "name": "workspace", "private": true, "type": "module" }\n',
  '.gitignore': 'node_modules/\npackages/b/src/generated*.ts\npackages/b/src/gen/\n',
  'eslint.config.js': eslintConfig,
  'eslint-rules.js': 'export const rules = {};\n',
  'tsconfig.json': JSON.stringify({ files: [], references: [{ path: 'packages/a' }, { path: 'packages/b' }] }),
  'tsconfig.base.json': JSON.stringify({ compilerOptions: { ...baseOptions, composite: true, incremental: true } }),
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
  'packages/a/src/index.ts': "export * from './rate-card.js';\nexport * from './settings.js';\n",
  'packages/a/src/rate-card.ts':
    'export interface RateCard { price: number; currency: string }\nexport const zero: RateCard = { price: 0, currency: "EUR" };\nexport function label(card: RateCard): string {\n  return `${card.price} ${card.currency}`;\n}\n',
  'packages/a/src/settings.ts':
    'export interface Settings { region: string; rate: number }\nexport function loadSettings(): Settings {\n  return { region: "eu", rate: 2 };\n}\n',
  'packages/a/src/units.ts': "export type Unit = 'kg' | 'g';\n",
  'packages/a/src/weigh.ts':
    "import type { Unit } from './units.js';\nexport const unit: Unit = 'g';\nexport const weigh = (grams: number, as: Unit): number => (as === 'kg' ? grams / 1000 : grams);\n",
  'packages/b/package.json': JSON.stringify({ name: '@repo/b', type: 'module' }),
  'packages/b/tsconfig.json': JSON.stringify({
    extends: '../../tsconfig.base.json',
    compilerOptions: { rootDir: 'src', outDir: 'dist', paths: { '@a/*': ['../a/src/*'] } },
    include: ['src'],
    references: [{ path: '../a' }],
  }),
  'packages/b/src/total.ts':
    "import { zero, label, type RateCard } from '@repo/a';\nimport type { RateCard as Card } from '@a/rate-card.js';\nexport const total = (card: RateCard): number => card.price + zero.price;\nexport const same = (card: Card): string => label(card) + card.currency;\n",
  // settings.ts passes loadSettings()'s result on and region.ts reads it: one and two hops past the barrel.
  'packages/b/src/settings.ts': "import { loadSettings } from '@repo/a';\nexport const settings = loadSettings();\n",
  'packages/b/src/region.ts':
    "import { settings } from './settings.js';\nexport const region: string = settings.region;\nexport const doubled = (): number => settings.rate * 2;\n",
  // generated.ts is ignored by git (a build output checked in nowhere), yet compiled and linted; so is gen/.
  'packages/b/src/build.ts': "import { build } from './generated.js';\nexport const version: number = build + 1;\n",
  'packages/b/src/generated.ts': 'export const build = 1;\n',
  // A standing finding, so "clean" is never what both runs agree on by accident.
  'packages/b/src/standing.ts': 'export const unused = (value: string) => {\n  const copy = value;\n};\n',
};

export function makeWorkspace(typescript: TypeScriptVersion, eslint: EslintVersion | false = '10'): TestRepo {
  const files = { ...workspaceFiles };
  if (eslint === false) {
    delete files['eslint.config.js'];
    delete files['eslint-rules.js'];
  }
  const repo = makeRepo({ typescript, eslint, files });
  // The workspace package manager's link, which node_modules/ (ignored) holds.
  mkdirSync(join(repo.root, 'node_modules', '@repo'), { recursive: true });
  symlinkSync(join(repo.root, 'packages', 'a'), join(repo.root, 'node_modules', '@repo', 'a'), 'dir');
  return repo;
}

/**
 * One package: settings.ts declares, use.ts passes loadSettings()'s result on, read.ts reads it.
 * A rename of `region` breaks read.ts; widening loadSettings() to `any` is a lint-only change in
 * the two files that did not change.
 */
export const smallFiles: Readonly<Record<string, string>> = {
  'package.json': '{ "name": "small", "private": true, "type": "module" }\n',
  'eslint.config.js': eslintConfig,
  'eslint-rules.js': 'export const rules = {};\n',
  'tsconfig.json': JSON.stringify({ compilerOptions: { ...baseOptions, noEmit: true }, include: ['src'] }),
  'src/settings.ts':
    'export interface Settings { region: string; rate: number }\nexport function loadSettings(): Settings {\n  return { region: "eu", rate: 2 };\n}\n',
  'src/use.ts': "import { loadSettings } from './settings.js';\nexport const settings = loadSettings();\n",
  'src/read.ts':
    "import { settings } from './use.js';\nexport const region: string = settings.region;\nexport const doubled = (): number => settings.rate * 2;\n",
};

/** The edits the command tests make to the small repository, in order. */
export const smallEdits: readonly Readonly<Record<string, string>>[] = [
  {
    'src/settings.ts': smallFiles['src/settings.ts']!.replace('{ region: string;', '{ area: string;').replace(
      'region: "eu"',
      'area: "eu"',
    ),
  },
  { 'src/settings.ts': smallFiles['src/settings.ts']!.replace('loadSettings(): Settings', 'loadSettings(): any') },
];

export function makeSmallRepo(): TestRepo {
  return makeRepo({ typescript: '6.0', eslint: '10', files: { ...smallFiles } });
}
