/**
 * Cascades inside one import cycle, through the CLI with real tsc and type-aware ESLint: one
 * error at 42 sites is read once with all its sites, its lint echoes are withheld, and a cycle
 * whose files fail through each other's inferred types is shown nearest file first.
 */
import { afterEach, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import {
  editorCommandFiles,
  editorFiles,
  editorSites,
  makeAmountString,
  parseAmountInTotals,
  ratesFiles,
  renameTrField,
} from '../fixtures/cascade-cycle.js';

let repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos) repo.cleanup();
  repos = [];
});

function startRepo(files: Record<string, string>, eslint: '10' | false = false): TestRepo {
  const repo = makeRepo({ files, eslint });
  repos.push(repo);
  const start = runCli(repo.root, ['start']);
  expect(start.exitCode, start.stderr).toBe(0);
  expect(start.stdout).toContain('the repository was clean before this task');
  return repo;
}

/**
 * The `path:line:col` sites of the payload's first site list ("Its N sites in M files:" or "Same
 * error at …:"), written grouped by file: `  path:line:col, line:col`, wrapped lines indented.
 */
function readListedSites(text: string): string[] {
  const list = /^(?:Its|Same error at) \d+ sites.*?(?=\n\n|\n$)/ms.exec(text)?.[0] ?? '';
  const sites: string[] = [];
  let path = '';
  for (const line of list.split('\n').slice(1)) {
    const first = /^ {2}(\S+\.ts):(\d+:\d+)(.*)$/.exec(line);
    if (first !== null) {
      path = first[1]!;
      sites.push(`${path}:${first[2]}`);
    }
    for (const place of (first?.[3] ?? line).matchAll(/\d+:\d+/g)) sites.push(`${path}:${place[0]}`);
  }
  return sites;
}

/** What the agent does with the list: rename `tr` at exactly each listed position. */
function renameAtSites(repo: TestRepo, sites: readonly string[]): void {
  const byFile = new Map<string, { line: number; column: number }[]>();
  for (const site of sites) {
    const [path, line, column] = site.split(':');
    byFile.set(path!, [...(byFile.get(path!) ?? []), { line: Number(line), column: Number(column) }]);
  }
  for (const [path, positions] of byFile) {
    const lines = repo.read(path).split('\n');
    // Right to left, so an edit never moves a column still to be edited on the same line.
    for (const { line, column } of positions.sort((a, b) => b.line - a.line || b.column - a.column)) {
      const text = lines[line - 1]!;
      expect(text.slice(column - 1, column + 1)).toBe('tr');
      lines[line - 1] = `${text.slice(0, column - 1)}transaction${text.slice(column + 1)}`;
    }
    repo.write(path, lines.join('\n'));
  }
}

test('a renamed field read in 34 files of one import cycle is one short payload listing every site, and one attempt clears it', () => {
  const repo = startRepo(editorFiles, '10');
  repo.write('src/types.ts', renameTrField(repo.read('src/types.ts')));

  const text = runCli(repo.root, ['check']);
  expect(text.exitCode).toBe(1);
  expect(text.stdout.length).toBeLessThanOrEqual(3000);
  expect(text.stdout.split('\n')[0]).toBe(
    `culprit: your edit introduced 92 findings; showing ${editorSites} in 34 files, every site of the declaration your edit changed in src/types.ts. 50 lint findings about values of the compiler's error type are withheld: they restate compiler errors and will go away with them.`,
  );
  expect(text.stdout).toContain(
    `src/types.ts:10 One cause: your edit renamed \`CommandProps.tr\` to \`transaction\`. Keep the change and update the ${editorSites} sites that depend on it, or revert it.`,
  );
  expect(text.stdout).toContain(`Its ${editorSites} sites in 34 files:\n`);
  expect(text.stdout).not.toContain('and 1 more');
  expect(text.stdout).not.toContain('@typescript-eslint');
  const sites = readListedSites(text.stdout);
  expect(sites).toHaveLength(editorSites);
  expect(new Set(sites.map((site) => site.split(':')[0]))).toEqual(new Set(editorCommandFiles));

  // Nothing changed, so the second look repeats the first attempt (never stuck), with the same triage.
  const { report } = checkJson(repo.root);
  expect([report.verdict, report.attempt]).toEqual(['introduced', 1]);
  expect(report['groups']).toEqual([
    {
      tool: 'tsc',
      code: 'TS2339',
      codes: ['TS2339'],
      severity: 'error',
      message: "Property 'tr' does not exist on type 'CommandProps'.",
      sites: editorSites,
      files: 34,
      listed: sites,
      declared: { name: 'CommandProps.tr', path: 'src/types.ts', line: 10 },
      cause: {
        symbol: 'CommandProps',
        member: 'tr',
        change: {
          kind: 'renamed',
          symbol: 'CommandProps.tr',
          path: 'src/types.ts',
          line: 10,
          before: 'tr: Transaction',
          after: 'transaction: Transaction',
          renamedTo: 'CommandProps.transaction',
        },
      },
    },
  ]);
  expect(report.shown.map((finding) => `${finding.path}:${finding.line}:${finding.column}`)).toEqual(sites);
  expect(report.withheld).toMatchObject({
    count: 50,
    reasons: { echoes: { count: 50, files: [...editorCommandFiles].sort() }, downstream: { count: 0 } },
  });
  // The changed declaration is the root of every site.
  expect(report.roots).toEqual([{ files: ['src/types.ts'], editable: true, selected: true, introduced: editorSites }]);

  renameAtSites(repo, sites);
  const last = checkJson(repo.root);
  expect([last.exitCode, last.report.verdict, last.report.counts]).toEqual([
    0,
    'clean',
    { introduced: 0, resolved: 0, standing: 0, reworded: 0, reanchored: 0, silenced: 0 },
  ]);
});

test("inside a cycle the site that reads the changed declaration is the cause's, and what fails through its inferred types is listed under the cause after it", () => {
  const shown = startRepo(ratesFiles);
  shown.write('src/types.ts', makeAmountString(shown.read('src/types.ts')));
  const text = runCli(shown.root, ['check']);
  expect(text.exitCode).toBe(1);
  expect(text.stdout.split('\n')[0]).toBe(
    'culprit: your edit introduced 3 findings; showing 3 in 3 files, every site of the declaration your edit changed in src/types.ts.',
  );
  expect(text.stdout).toContain(
    "src/totals.ts:5:23 error TS2362 The left-hand side of an arithmetic operation must be of type 'any', 'number', 'bigint' or an enum type.",
  );
  // totals.ts reads the changed member; billing.ts and invoice.ts fail through what `total` inferred.
  expect(text.stdout).toContain(
    '1 of them in 1 file depends on it directly (TS2362, TS2322):\n  src/totals.ts:5:23\nAnd 2 in 2 files it reaches through `total` (src/totals.ts), which may clear once those are fixed:\n  src/billing.ts:4:9\n  src/invoice.ts:4:11\n',
  );

  const repo = startRepo(ratesFiles);
  repo.write('src/types.ts', makeAmountString(repo.read('src/types.ts')));
  const first = checkJson(repo.root);
  // No file of the cycle is a cause of its own: the change is the root of all three.
  expect(first.report.roots).toEqual([{ files: ['src/types.ts'], editable: true, selected: true, introduced: 3 }]);
  expect(first.report.groups[0]?.cause).toMatchObject({
    change: { kind: 'retyped', symbol: 'Rate.amount', path: 'src/types.ts' },
    reached: {
      sites: 2,
      files: ['src/billing.ts', 'src/invoice.ts'],
      through: [{ path: 'src/totals.ts', name: 'total' }],
    },
  });
  expect(first.report.shown.map((finding) => [finding.path, finding.code])).toEqual([
    ['src/totals.ts', 'TS2362'],
    ['src/billing.ts', 'TS2322'],
    ['src/invoice.ts', 'TS2362'],
  ]);
  expect(first.report.withheld).toMatchObject({ count: 0 });

  // Fixing the nearer file alone clears the two that failed only through what it inferred.
  repo.write('src/totals.ts', parseAmountInTotals(repo.read('src/totals.ts')));
  const second = checkJson(repo.root);
  expect([second.exitCode, second.report.verdict]).toEqual([0, 'clean']);
});

test('with a second change the edit made, what no trace reaches keeps its own unit: a cycle no larger than --max-files is shown whole, nearest file first', () => {
  const repo = startRepo(ratesFiles);
  // Two changes: nothing proves which one billing.ts fails on, so the trace alone decides.
  repo.write(
    'src/types.ts',
    makeAmountString(repo.read('src/types.ts')).replace('  currency: string;', '  currency: string | null;'),
  );
  const { report } = checkJson(repo.root, ['--max-files', '3']);
  expect(report.roots.map((root) => root.files)).toEqual([
    ['src/types.ts'],
    ['src/billing.ts', 'src/invoice.ts', 'src/totals.ts'],
  ]);
  expect(report.shown.map((finding) => [finding.path, finding.code])).toContainEqual(['src/billing.ts', 'TS2322']);
});
