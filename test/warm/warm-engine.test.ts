/**
 * The warm engine answers exactly what a cold run answers, on the same tree, edit after edit
 * (TypeScript 6.0): the workspace (two packages, project references, a barrel, a `paths` alias,
 * type-aware typescript-eslint fed the warm programs) walks through the edits an agent makes,
 * including the configuration changes that must restart the worker cold.
 */
import { describe, it } from 'vitest';
import { useDebugLines, useRepos, useWarmEngine } from './helpers.js';
import {
  createImported,
  ignoredNew,
  original,
  renameField,
  standing,
  taxFile,
  unresolvedVat,
  walk,
  widened,
  type Edit,
} from './scenarios.js';
import { eslintConfig, makeWorkspace } from './workspace.js';

/**
 * Every scenario, in an order an agent could make them. Each step undoes the breakage before it
 * (so that undoing is checked too) unless it builds on it; unrelated scenarios share a step
 * where that saves a cold run.
 */
const edits: Edit[] = [
  renameField,
  {
    name: 'a one-line body edit (one file to re-check), and an exported type edit whose damage shows in its importers',
    apply: (repo) => {
      repo.write('packages/a/src/rate-card.ts', original('packages/a/src/rate-card.ts'));
      repo.write('packages/a/src/settings.ts', original('packages/a/src/settings.ts').replace('rate: 2', 'rate: "2"'));
      repo.write('packages/a/src/units.ts', "export type Unit = 'kg' | 'lb';\n");
    },
    expected: ['tsc packages/a/src/settings.ts:3 TS2322', 'tsc packages/a/src/weigh.ts:2 TS2322', standing],
  },
  {
    // b/settings.ts declares `settings: Settings` before and after: only the meaning of the name changed.
    name: 'field types changed behind a name: tsc and no-unsafe-* two hops past a barrel, through a module whose declarations read the same',
    apply: (repo) => {
      repo.write('packages/a/src/units.ts', original('packages/a/src/units.ts'));
      repo.write(
        'packages/a/src/settings.ts',
        original('packages/a/src/settings.ts').replace(
          '{ region: string; rate: number }',
          '{ region: any; rate: string }',
        ),
      );
    },
    expected: [
      'tsc packages/a/src/settings.ts:3 TS2322',
      'tsc packages/b/src/region.ts:3 TS2362',
      'eslint packages/a/src/settings.ts:1 @typescript-eslint/no-explicit-any',
      'eslint packages/b/src/region.ts:2 @typescript-eslint/no-unsafe-assignment',
      standing,
    ],
  },
  {
    name: 'a return type widened to any: no-unsafe-* in files the edit did not touch, one and two hops past a barrel',
    apply: (repo) => {
      repo.write('packages/a/src/units.ts', original('packages/a/src/units.ts'));
      repo.write(
        'packages/a/src/settings.ts',
        original('packages/a/src/settings.ts').replace('loadSettings(): Settings', 'loadSettings(): any'),
      );
    },
    expected: [...widened, standing],
  },
  {
    name: 'the widening undone (the unsafe findings must go), a syntax error, an import of a file that does not exist yet',
    apply: (repo) => {
      repo.write('packages/a/src/settings.ts', original('packages/a/src/settings.ts'));
      repo.write('packages/a/src/weigh.ts', `${original('packages/a/src/weigh.ts')}export const broken = ;\n`);
      repo.write('packages/b/src/tax.ts', taxFile);
    },
    expected: [
      'tsc packages/a/src/weigh.ts:4 TS1109',
      'eslint packages/a/src/weigh.ts:4 parse-error',
      ...unresolvedVat,
      standing,
    ],
  },
  {
    ...createImported,
    apply: (repo) => {
      repo.write('packages/a/src/weigh.ts', original('packages/a/src/weigh.ts'));
      createImported.apply(repo);
    },
  },
  {
    name: 'a renamed file (the import no longer resolves) and a deleted file its importer still names',
    apply: (repo) => {
      repo.move('packages/b/src/vat.ts', 'packages/b/src/rates.ts');
      repo.remove('packages/a/src/units.ts');
    },
    expected: [...unresolvedVat, 'tsc packages/a/src/weigh.ts:1 TS2307', standing],
  },
  {
    name: 'an edit to a file git ignores, and new files git ignores (in a folder the tree had, and in a new one)',
    apply: (repo) => {
      repo.write('packages/a/src/units.ts', original('packages/a/src/units.ts'));
      repo.write('packages/b/src/tax.ts', taxFile.replace('./vat.js', './rates.js'));
      repo.write('packages/b/src/generated.ts', 'export const build = "1";\n');
      repo.write('packages/b/src/generated-more.ts', 'export const more: number = "1";\n');
      repo.write('packages/b/src/gen/extra.ts', 'export const extra = (value: any): string => value;\n');
    },
    expected: ['tsc packages/b/src/tax.ts:2 TS2322', 'tsc packages/b/src/build.ts:2 TS2322', ...ignoredNew, standing],
  },
  {
    name: 'a tsconfig change',
    apply: (repo) =>
      repo.write(
        'packages/b/tsconfig.json',
        original('packages/b/tsconfig.json').replace('"outDir":"dist"', '"outDir":"dist","noUnusedLocals":true'),
      ),
    expected: [
      'tsc packages/b/src/tax.ts:2 TS2322',
      'tsc packages/b/src/build.ts:2 TS2322',
      'tsc packages/b/src/standing.ts:2 TS6133',
      ...ignoredNew,
      standing,
    ],
    restarts: true,
  },
  {
    name: 'an eslint.config.js change',
    apply: (repo) =>
      repo.write(
        'eslint.config.js',
        eslintConfig.replace(
          '  { rules },',
          "  { rules },\n  { rules: { '@typescript-eslint/no-unused-vars': 'off' } },",
        ),
      ),
    expected: [
      'tsc packages/b/src/tax.ts:2 TS2322',
      'tsc packages/b/src/build.ts:2 TS2322',
      'tsc packages/b/src/standing.ts:2 TS6133',
      ...ignoredNew,
    ],
    restarts: true,
  },
  {
    name: 'a change to a module eslint.config.js imports (only the worker can see it)',
    apply: (repo) =>
      repo.write('eslint-rules.js', "export const rules = { 'no-restricted-syntax': ['error', 'TemplateLiteral'] };\n"),
    expected: [
      'tsc packages/b/src/tax.ts:2 TS2322',
      'tsc packages/b/src/build.ts:2 TS2322',
      'tsc packages/b/src/standing.ts:2 TS6133',
      ...ignoredNew,
      'eslint packages/a/src/rate-card.ts:4 no-restricted-syntax',
    ],
    restarts: true,
  },
];

const repos = useRepos();
const getEngine = useWarmEngine();
const debug = useDebugLines();

describe('the warm engine', () => {
  it('answers what a cold run answers on TypeScript 6.0 after every edit, restarting only for configuration', async () => {
    await walk(repos.add(makeWorkspace('6.0')), edits, getEngine(), debug.take);
    // Twelve edits, each run warm and cold side by side: about 100 s on two idle cores.
  }, 300_000);
});
