/**
 * TypeScript 7 with TypeScript 6 installed beside it (`@typescript/typescript6`, as TypeScript 7's
 * release recommends for tools that need the classic API), on real compilers: what TypeScript 7's
 * API cannot answer (getRootSymbols, for a member a mapped type with an `as` clause copies) is
 * traced again by TypeScript 6 and the note says which one traced it; without it, the note says
 * what is missing. Never a silent downgrade.
 */
import { createRequire } from 'node:module';
import { afterEach, expect, test } from 'vitest';
import { runTsc } from '../../../src/checks/tsc/adapter.js';
import {
  bundlerTsconfig,
  linkTypescript6Beside,
  makeRepo,
  type TestRepo,
  type TypeScriptVersion,
} from '../../helpers/repo.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const files = {
  'tsconfig.json': bundlerTsconfig,
  'src/parcel.ts': `export interface Parcel {
  weightKg: string;
}
export type Prefixed<T> = { [K in keyof T as \`my\${Capitalize<string & K>}\`]: T[K] };
`,
  'src/use.ts': `import type { Parcel, Prefixed } from './parcel';

export const kg = (parcel: Prefixed<Parcel>): number => parcel.myWeightKg;
`,
};

function makeSideBySideRepo(typescript: TypeScriptVersion, beside: boolean): TestRepo {
  const repo = makeRepo({ git: false, typescript, files });
  if (beside) linkTypescript6Beside(repo.root);
  repos.push(repo);
  return repo;
}

/** The compiler version the pinned side-by-side package carries (its own version is the package's). */
const sixBeside = (createRequire(import.meta.url)('@typescript/typescript6') as { version: string }).version;

const noRootSymbols =
  "TypeScript 7's API has no getRootSymbols, so a member that a mapped type with an `as` clause copies is not followed to the member it copies";

const run = (repo: TestRepo) => runTsc({ root: repo.root, options: { project: 'tsconfig.json' } });
const weightKg = { path: 'src/parcel.ts', name: 'Parcel.weightKg' };

test('a finding through an as-clause mapped type: TypeScript 6 beside 7 traces it as 6 alone does, and the note says so', async () => {
  const six = await run(makeSideBySideRepo('6.0', false));
  const [sixFinding] = six.diagnostics;
  expect(sixFinding).toMatchObject({ path: 'src/use.ts', line: 3, code: 'TS2322' });
  expect(sixFinding!.dependsOn).toContainEqual(weightKg);
  expect(six.notes).toBeUndefined();

  const both = await run(makeSideBySideRepo('7', true));
  expect(both.diagnostics.map(({ path, line, column, code }) => ({ path, line, column, code }))).toEqual(
    six.diagnostics.map(({ path, line, column, code }) => ({ path, line, column, code })),
  );
  expect(both.diagnostics[0]!.dependsOn).toEqual(sixFinding!.dependsOn);
  expect(both.notes).toEqual([
    `1 finding(s) traced by TypeScript ${sixBeside} (@typescript/typescript6, beside TypeScript 7): ${noRootSymbols}`,
  ]);
});

test('without TypeScript 6 beside it, TypeScript 7 says what its trace could not follow', async () => {
  const alone = await run(makeSideBySideRepo('7', false));
  expect(alone.diagnostics).toHaveLength(1);
  expect(alone.diagnostics[0]!.dependsOn ?? []).not.toContainEqual(weightKg);
  expect(alone.notes).toEqual([
    `1 finding(s) traced by TypeScript 7's API may stop short of their cause: ${noRootSymbols}; @typescript/typescript6 installed beside TypeScript 7 would trace them`,
  ]);
});
