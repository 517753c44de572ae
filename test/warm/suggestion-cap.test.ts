/**
 * Regression, found by the differential test (immer 10.0.3, seed 19, step "random 13: import
 * removed in src/core/current.ts"): TypeScript's checker makes at most 10 "Did you mean …?"
 * suggestions, counted over everything it checked. A served check re-checks a few files with a
 * fresh count and reports TS2552 where the cold check, past its tenth suggestion, reports TS2304
 * for the same name; and an edit that adds misspellings above a standing one takes its
 * suggestion away in a cold run in full too. A cold check from the baseline takes b.ts's finding
 * from the baseline, as a served one keeps it. Either way it is one finding.
 */
import { afterAll, expect, test } from 'vitest';
import { makeWarmEngine } from '../../src/warm/warm-engine.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { checkInFull, checkServedAndCold, summarizeCheck } from './agreement.js';
import { startTask } from '../../src/tasks/start-task.js';
import { checkTask } from '../../src/tasks/check-task.js';

let repo: TestRepo | undefined;
const engine = makeWarmEngine();
afterAll(() => {
  engine.close();
  repo?.cleanup();
});

const misspelled = (count: number) =>
  Array.from({ length: count }, (_, index) => `export const copy${index} = valeu;\n`).join('');

test('a suggestion taken away by misspellings checked before it neither introduces nor resolves anything, served or cold', async () => {
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "suggestions", "private": true, "type": "module" }',
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          lib: ['es2022'],
          module: 'esnext',
          moduleResolution: 'bundler',
          types: [],
        },
        include: ['src'],
      }),
      'src/a.ts': 'export const value = 1;\n',
      'src/b.ts': 'const value = 2;\nexport const standing = valeu;\n',
    },
  });
  await startTask({ cwd: repo.root });
  // a.ts is checked first: its ten misspellings use up the checker's suggestions.
  repo.write('src/a.ts', `export const value = 1;\n${misspelled(10)}`);
  const cold = await checkTask({ cwd: repo.root, incremental: false });
  expect(cold.details.attribution.standing.map((finding) => [finding.path, finding.code])).toEqual([
    ['src/b.ts', 'TS2304'],
  ]);
  expect([cold.report.counts.introduced, cold.report.counts.resolved]).toEqual([10, 0]);

  // Served: the first check primes the warm program; the second re-checks b.ts alone, with a fresh count.
  const primed = await checkServedAndCold(repo.root, engine);
  expect(await summarizeCheck(primed.served)).toEqual(await summarizeCheck(primed.cold));
  repo.write('src/b.ts', 'const value = 2;\nexport const standing = valeu;\nexport const more = 3;\n');
  const { served, cold: seeded } = await checkServedAndCold(repo.root, engine);
  const again = await checkInFull(repo.root);
  expect(served.details.attribution.standing.map((finding) => finding.code)).toEqual(['TS2552']);
  expect(seeded.details.attribution.standing.map((finding) => finding.code)).toEqual(['TS2552']);
  expect(again.details.attribution.standing.map((finding) => finding.code)).toEqual(['TS2304']);
  expect(await summarizeCheck(served)).toEqual(await summarizeCheck(again));
  // From the baseline, a.ts and b.ts are checked after the export digests resolved their names, which
  // spends the checker's suggestions in another order: one of a.ts's misspellings loses its "Did you
  // mean", so the echo groups split by message differently, and TypeScript offers no spelling fix
  // for the finding that lost it (TS2304 has none). The findings are the same ones.
  const { groups: _seededGroups, fixes: seededFixes, ...seededSummary } = await summarizeCheck(seeded);
  const { groups: _fullGroups, fixes: fullFixes, ...fullSummary } = await summarizeCheck(again);
  expect(seededSummary).toEqual(fullSummary);
  expect(fullFixes.filter((fix) => !seededFixes.includes(fix))).toHaveLength(1);
}, 300_000);
