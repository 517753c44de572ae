/**
 * The edits the warm engine tests walk the workspace through, what each leaves for tsc and
 * typescript-eslint to find, and the walk itself: after each edit the warm engine's runs are
 * compared with cold `runChecks` on the same tree, and the worker's pid and the engine's debug
 * lines tell whether the worker was reused (it must be, for edits it can follow) or restarted
 * cold (configuration).
 */
import { expect } from 'vitest';
import type { TestRepo } from '../helpers/repo.js';
import type { WarmEngine } from '../../src/warm/warm-engine.js';
import { listFindings, makeWarmComparison } from './helpers.js';
import { workspaceFiles } from './workspace.js';

/** One edit: what it does to the tree, what both runs then find, and whether the worker must restart cold. */
export interface Edit {
  name: string;
  apply(repo: TestRepo): void;
  /** Every finding, as `check path:line code`. */
  expected: string[];
  restarts?: boolean;
}

export const original = (path: string) => workspaceFiles[path]!;
export const standing = 'eslint packages/b/src/standing.ts:2 @typescript-eslint/no-unused-vars';
export const widened = [
  'eslint packages/a/src/settings.ts:2 @typescript-eslint/no-explicit-any',
  'eslint packages/b/src/settings.ts:2 @typescript-eslint/no-unsafe-assignment',
  'eslint packages/b/src/region.ts:2 @typescript-eslint/no-unsafe-assignment',
  'eslint packages/b/src/region.ts:2 @typescript-eslint/no-unsafe-member-access',
  'eslint packages/b/src/region.ts:3 @typescript-eslint/no-unsafe-member-access',
];

export const renameField: Edit = {
  name: 'an exported interface field renamed, cascading through the barrel and the paths alias',
  apply: (repo) =>
    repo.write(
      'packages/a/src/rate-card.ts',
      original('packages/a/src/rate-card.ts').replace('RateCard { price: number;', 'RateCard { amount: number;'),
    ),
  expected: [
    'tsc packages/a/src/rate-card.ts:2 TS2353',
    'tsc packages/a/src/rate-card.ts:4 TS2339',
    'tsc packages/b/src/total.ts:3 TS2339',
    'tsc packages/b/src/total.ts:3 TS2339',
    'eslint packages/b/src/total.ts:3 @typescript-eslint/no-unsafe-return',
    standing,
  ],
};

/** tax.ts imports vat.ts, which does not exist yet: the compiler's error type, which typescript-eslint flags too. */
export const taxFile = "import { vat } from './vat.js';\nexport const rate: number = vat;\n";
export const unresolvedVat = [
  'tsc packages/b/src/tax.ts:1 TS2307',
  'eslint packages/b/src/tax.ts:2 @typescript-eslint/no-unsafe-assignment',
];

/** What two new files git ignores hold: one only tsc flags, one only typescript-eslint does. */
export const ignoredNew = [
  'tsc packages/b/src/generated-more.ts:1 TS2322',
  'eslint packages/b/src/gen/extra.ts:1 @typescript-eslint/no-explicit-any',
  'eslint packages/b/src/gen/extra.ts:1 @typescript-eslint/no-unsafe-return',
];

export const createImported: Edit = {
  name: 'a new file the import now resolves to (the importer did not change)',
  apply: (repo) => repo.write('packages/b/src/vat.ts', 'export const vat = "1.2";\n'),
  expected: ['tsc packages/b/src/tax.ts:2 TS2322', standing],
};

/** On the other TypeScript versions: the cascade, the key staleness case, and files appearing (git ignoring some) and going. */
export const shortEdits = (eslint: boolean): Edit[] => {
  const only = (expected: string[]) => expected.filter((finding) => eslint || finding.startsWith('tsc '));
  return [
    { ...renameField, expected: only(renameField.expected) },
    {
      name: 'a return type widened to any, and an import of a file that does not exist yet',
      apply: (repo) => {
        repo.write('packages/a/src/rate-card.ts', original('packages/a/src/rate-card.ts'));
        repo.write(
          'packages/a/src/settings.ts',
          original('packages/a/src/settings.ts').replace('loadSettings(): Settings', 'loadSettings(): any'),
        );
        repo.write('packages/b/src/tax.ts', taxFile);
      },
      expected: only([...widened, ...unresolvedVat, standing]),
    },
    { ...createImported, expected: only([...widened, ...createImported.expected]) },
    {
      name: 'a deleted file, and new files git ignores',
      apply: (repo) => {
        repo.remove('packages/b/src/vat.ts');
        repo.write('packages/b/src/generated-more.ts', 'export const more: number = "1";\n');
        repo.write('packages/b/src/gen/extra.ts', 'export const extra = (value: any): string => value;\n');
      },
      expected: only([...widened, ...unresolvedVat, ...ignoredNew, standing]),
    },
  ];
};

/** Walks `repo` through `scenario` with `engine`; `takeDebugLines` drains the engine's debug lines (useDebugLines). */
export async function walk(
  repo: TestRepo,
  scenario: readonly Edit[],
  engine: WarmEngine,
  takeDebugLines: () => string[],
): Promise<void> {
  const comparison = await makeWarmComparison(engine, repo.root);
  const first = await comparison.compare('the tree as committed');
  const eslint = first.warm.some((run) => run.name === 'eslint');
  expect(first.warm.map((run) => [run.name, run.status])).toEqual(
    eslint
      ? [
          ['tsc', 'ok'],
          ['eslint', 'ok'],
        ]
      : [['tsc', 'ok']],
  );
  expect(listFindings(first.warm)).toEqual(eslint ? [standing] : []);
  let pid = first.pid;
  expect(pid).toBeDefined();
  takeDebugLines();
  // ESLint's relints go through one instance per worker: its programs change places only with the projects.
  let relinters = 0;
  let made = 0;
  for (const edit of scenario) {
    edit.apply(repo);
    const { pid: now, warm } = await comparison.compare(edit.name);
    expect(listFindings(warm), edit.name).toEqual([...edit.expected].sort());
    const lines = takeDebugLines();
    if (now !== pid) relinters = 0;
    const instances = lines.filter((line) => line.startsWith('eslint: a new instance to lint files again')).length;
    relinters += instances;
    made += instances;
    expect(relinters, edit.name).toBeLessThanOrEqual(1);
    if (edit.restarts === true) {
      expect(now, edit.name).not.toBe(pid);
      expect(
        lines.some((line) => /starting a new (worker|one), cold/.test(line)),
        edit.name,
      ).toBe(true);
    } else {
      expect(now, edit.name).toBe(pid);
      expect(
        lines.filter((line) => /cold|new worker/.test(line)),
        edit.name,
      ).toEqual([]);
    }
    pid = now;
  }
  if (eslint) expect(made).toBeGreaterThan(0);
}
