/**
 * The rename story end to end, through the CLI, on both TypeScript majors with the classic API:
 * the rename is one cause rooted at the changed declaration, every site of it is shown at once,
 * and fixing them reaches clean in one round.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { rateCardFiles, rateCardPaths, renamePriceField, renamePriceUses } from '../fixtures/rate-card.js';

const { types, rates, invoice, reports, sync, fixtures } = rateCardPaths;

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

function rename(file: string) {
  repo!.write(file, renamePriceUses(repo!.read(file)));
}

describe.each(['6.0', '5.9'] as const)('TypeScript %s', (typescript) => {
  test('a renamed shared field is one cause rooted at the change, with every site shown, and one round clears it', () => {
    repo = makeRepo({ typescript, files: rateCardFiles });
    const start = runCli(repo.root, ['start']);
    expect(start.exitCode).toBe(0);
    expect(start.stdout).toContain('the repository was clean before this task');

    repo.write(types, renamePriceField(repo.read(types)));
    const first = checkJson(repo.root);
    expect(first.exitCode).toBe(1);
    expect(first.report.verdict).toBe('introduced');
    expect(first.report.attempt).toBe(1);
    // The changed declaration is the root of every site, in whichever file and graph layer it is.
    expect(first.report.roots).toEqual([{ files: [types], editable: true, selected: true, introduced: 11 }]);
    expect(new Set(first.report.shown.map((f) => f.path))).toEqual(new Set([rates, invoice, reports, sync, fixtures]));
    expect(first.report.shown.filter((f) => f.path === rates).map((f) => [f.line, f.column, f.code])).toEqual([
      [4, 15, 'TS2339'],
      [8, 38, 'TS2339'],
      [8, 48, 'TS2339'],
    ]);
    expect(first.report.withheld.count).toBe(0);
    expect(first.report.groups).toHaveLength(1);
    expect(first.report.groups[0]).toMatchObject({
      sites: 11,
      files: 5,
      cause: {
        symbol: 'RateCard',
        member: 'price',
        change: {
          kind: 'renamed',
          symbol: 'RateCard.price',
          path: types,
          line: 3,
          before: 'price: number',
          after: 'unitPrice: number',
          renamedTo: 'RateCard.unitPrice',
        },
      },
    });
    expect(first.report.groups[0]!.listed).toHaveLength(11);
    expect(first.report.counts).toEqual({
      introduced: 11,
      resolved: 0,
      standing: 0,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
    expect(first.report.checks).toEqual([
      expect.objectContaining({ name: 'tsc', status: 'ok', version: typescript === '6.0' ? '6.0.3' : '5.9.3' }),
    ]);

    for (const file of [rates, sync, invoice, reports, fixtures]) rename(file);
    const last = checkJson(repo.root);
    expect(last.exitCode).toBe(0);
    expect(last.report.attempt).toBe(2);
    expect(last.report.verdict).toBe('clean');
    expect(last.report.counts).toEqual({
      introduced: 0,
      resolved: 0,
      standing: 0,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
  });
});

test('the text payload states the change once, says keep it or revert it, and lists every site by file', () => {
  repo = makeRepo({ files: rateCardFiles });
  runCli(repo.root, ['start']);
  repo.write(types, renamePriceField(repo.read(types)));
  const result = runCli(repo.root, ['check']);
  expect(result.exitCode).toBe(1);
  const [firstLine] = result.stdout.split('\n');
  expect(firstLine).toContain(`showing 11 in 5 files, every site of the declaration your edit changed in ${types}`);
  expect(result.stdout).toContain(
    `${types}:3 One cause: your edit renamed \`RateCard.price\` to \`unitPrice\`. Keep the change and update the 11 sites that depend on it, or revert it.`,
  );
  expect(result.stdout).toContain('Its 11 sites in 5 files (TS2353, TS2339):');
  expect(result.stdout).toContain(`  ${rates}:4:15, 8:38, 8:48`);
  expect(result.stdout.match(/RateCard\.price/g)).toHaveLength(1);
});
