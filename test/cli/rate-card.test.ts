/**
 * The rename story end to end, through the CLI, on both TypeScript majors with the classic API:
 * each attempt is shown only the root causes, and fixing them walks the cascade to clean.
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
  test('a renamed shared field shows only the root file, and the cascade walks to clean', () => {
    repo = makeRepo({ typescript, files: rateCardFiles });
    const start = runCli(repo.root, ['start']);
    expect(start.exitCode).toBe(0);
    expect(start.stdout).toContain('the repository was clean before this task');

    repo.write(types, renamePriceField(repo.read(types)));
    const first = checkJson(repo.root);
    expect(first.exitCode).toBe(1);
    expect(first.report.verdict).toBe('introduced');
    expect(first.report.attempt).toBe(1);
    // Every other failing file reaches rates.ts through its imports (via the barrel and the alias).
    expect(first.report.roots).toEqual([{ files: [rates], editable: true, selected: true, introduced: 3 }]);
    expect(first.report.shown.map((f) => [f.path, f.line, f.column, f.code])).toEqual([
      [rates, 4, 15, 'TS2339'],
      [rates, 8, 38, 'TS2339'],
      [rates, 8, 48, 'TS2339'],
    ]);
    expect(first.report.shown[0]?.message).toBe("Property 'price' does not exist on type 'RateCard'.");
    expect(first.report.withheld).toMatchObject({ count: 8, files: [fixtures, invoice, reports, sync] });
    expect(first.report.counts).toEqual({ introduced: 11, resolved: 0, standing: 0, reworded: 0 });
    expect(first.report.checks).toEqual([
      expect.objectContaining({ name: 'tsc', status: 'ok', version: typescript === '6.0' ? '6.0.3' : '5.9.3' }),
    ]);

    rename(rates);
    const second = checkJson(repo.root);
    expect(second.exitCode).toBe(1);
    expect(second.report.attempt).toBe(2);
    expect(second.report.roots.map((root) => [root.files, root.selected])).toEqual([
      [[sync], true],
      [[invoice], true],
    ]);
    expect(new Set(second.report.shown.map((f) => f.path))).toEqual(new Set([sync, invoice]));
    expect(second.report.withheld.files).toEqual([fixtures, reports]);

    rename(sync);
    rename(invoice);
    const third = checkJson(repo.root);
    expect(third.report.roots.map((root) => root.files)).toEqual([[fixtures], [reports]]);
    expect(third.report.withheld.count).toBe(0);

    rename(reports);
    rename(fixtures);
    const last = checkJson(repo.root);
    expect(last.exitCode).toBe(0);
    expect(last.report.verdict).toBe('clean');
    expect(last.report.counts).toEqual({ introduced: 0, resolved: 0, standing: 0, reworded: 0 });
  });
});

test('the text payload says what is shown, what is withheld and why', () => {
  repo = makeRepo({ files: rateCardFiles });
  runCli(repo.root, ['start']);
  repo.write(types, renamePriceField(repo.read(types)));
  const result = runCli(repo.root, ['check']);
  expect(result.exitCode).toBe(1);
  const [firstLine] = result.stdout.split('\n');
  expect(firstLine).toContain('3');
  expect(firstLine).toContain('8');
  expect(result.stdout).toContain(`${rates}:4:15 error TS2339 Property 'price' does not exist on type 'RateCard'.`);
  expect(result.stdout).toContain('return card.price * quantity;');
  expect(result.stdout).not.toContain(`${fixtures}:`);
});
