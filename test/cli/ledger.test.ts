/**
 * The ledger and `culprit stats` through the real CLI, with a scripted agent editing files
 * between checks: every figure is checked against what the script did and what each check
 * printed. The rename story of the first seed walks to clean in four attempts, with a budget set.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { LedgerTask } from '../../src/core/ledger/ledger-entry.js';
import { checkJson, runCli, type JsonReport } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';
import { rateCardFiles, rateCardPaths, renamePriceField, renamePriceUses } from '../fixtures/rate-card.js';

const { types, rates, invoice, reports, sync, fixtures } = rateCardPaths;

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

function rename(file: string) {
  repo!.write(file, renamePriceUses(repo!.read(file)));
}

function readLedger(root: string): LedgerTask[] {
  const dir = join(root, '.git', 'culprit', 'ledger');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as LedgerTask);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length / 2) - 1]!;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.9 * values.length) - 1]!;

test(
  'a scripted agent fixes the rename it was shown; the ledger and stats match what it did and was shown',
  { timeout: 120_000 },
  () => {
    repo = makeRepo({ files: { ...rateCardFiles, 'README.md': '# acme\n' } });
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
    const reportsSeen: JsonReport[] = [];
    const payloads: number[] = [];
    const check = () => {
      const result = checkJson(repo!.root, ['--budget-attempts', '3']);
      reportsSeen.push(result.report);
      // The text payload of the same attempt: a check of the same tree with --once-per-tree repeats it.
      const again = runCli(repo!.root, ['check', '--once-per-tree', '--budget-attempts', '3']);
      expect(again.exitCode).toBe(result.exitCode);
      payloads.push(again.stdout.length);
      return result;
    };

    repo.write(types, renamePriceField(repo.read(types)));
    const first = check();
    expect(first.exitCode).toBe(1);
    // One cause, every site at once: the 11 sites of the renamed member in 5 files.
    expect(new Set(first.report.shown.map((f) => f.path))).toEqual(new Set([rates, invoice, reports, sync, fixtures]));
    expect(first.report.shown).toHaveLength(11);
    // One root; before anything is measured one root per attempt is assumed: 1 + 1 attempts fit in 3.
    expect(first.report['projection']).toMatchObject({ attemptsLeft: 1, overBudget: false });

    // The agent fixes what it was shown, and also edits a file it was never shown.
    for (const file of [rates, sync, invoice, reports, fixtures]) rename(file);
    repo.write('README.md', '# acme\n\nPrices are unit prices.\n');
    const last = check();
    expect(last.exitCode).toBe(0);
    expect(last.report['projection']).toEqual({ attemptsLeft: 0, secondsLeft: 0, overBudget: false });

    // The ledger: under git's common dir, one task of two attempts; nothing in the work tree.
    expect(repo.git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual(
      [types, rates, invoice, reports, sync, fixtures, 'README.md'].map((path) => ` M ${path}`).sort(),
    );
    const [task, ...others] = readLedger(repo.root);
    expect(others).toEqual([]);
    const entries = task!.entries;
    expect(entries.map((entry) => entry.attempt)).toEqual([1, 2]);
    expect(entries.map((entry) => entry.verdict)).toEqual(['introduced', 'clean']);
    expect(entries.map((entry) => entry.payloadChars)).toEqual(payloads);
    expect(entries.map((entry) => entry.changed)).toEqual([
      [types],
      ['README.md', fixtures, invoice, reports, rates, sync].sort(),
    ]);
    // README.md was never shown; every other file the agent edited was, the attempt before its edit.
    expect(entries.map((entry) => entry.outside)).toEqual([[types], ['README.md']]);
    // Every shown finding was gone at the next attempt.
    expect(entries.map((entry) => entry.stalled)).toEqual([[], []]);
    expect(entries.map((entry) => entry.shown.map((finding) => finding.f))).toEqual(
      reportsSeen.map((report) => report.shown.map((f) => f.fingerprint)),
    );
    // The ledger's fates agree with the session's own count of shown findings fixed (report.progress).
    for (const [index, entry] of entries.entries()) {
      if (index === 0) continue;
      expect(reportsSeen[index - 1]!.shown.length - entry.stalled.length - entry.unknown.length).toBe(
        (reportsSeen[index]!['progress'] as { fixed: number }).fixed,
      );
    }
    for (const [index, entry] of entries.entries()) {
      const report = reportsSeen[index]!;
      expect(entry.checks).toEqual([
        {
          name: 'tsc',
          status: 'ok',
          durationMs: report.checks[0]!.durationMs,
          raw: report.counts.introduced + report.counts.standing,
          standing: report.counts.standing,
          introduced: report.counts.introduced,
          shown: report.shown.length,
          withheld: {
            downstream: report.withheld.reasons.downstream.count,
            queued: report.withheld.reasons.queued.count,
            nonEditable: 0,
            belowRung: 0,
            echoes: 0,
          },
          unlocated: 0,
        },
      ]);
      expect(entry.checkMs).toBeGreaterThanOrEqual(report.checks[0]!.durationMs);
      expect(entry.agentMs).not.toBeNull();
    }
    // stats, JSON: exactly the documented shape, each number from what happened above.
    const stats = runCli(repo.root, ['stats', '--json']);
    expect(stats.exitCode).toBe(0);
    const shownCounts = reportsSeen.map((report) => report.shown.length);
    const durations = reportsSeen.map((report) => report.checks[0]!.durationMs);
    const totalShown = shownCounts.reduce((a, b) => a + b, 0);
    const introduced = reportsSeen.reduce((sum, report) => sum + report.counts.introduced, 0);
    const parsed = JSON.parse(stats.stdout) as { tasks: { seconds: number }[] };
    expect(parsed).toEqual({
      tasks: [
        {
          id: task!.id,
          kind: 'task',
          attempts: 2,
          outcome: 'clean',
          seconds: expect.any(Number),
          payloadChars: { median: median(payloads), p90: p90(payloads) },
          shown: { median: median(shownCounts), p90: p90(shownCounts) },
          editsOutsideShown: 1,
          silencingAttempts: 0,
        },
      ],
      checks: [
        {
          name: 'tsc',
          runs: 2,
          runtimeMs: { median: median(durations), total: durations.reduce((a, b) => a + b, 0) },
          raw: introduced,
          standing: 0,
          introduced,
          shown: totalShown,
          // Attempt 2 showed nothing, so every shown finding had a next attempt, where it was gone.
          fixedNextAttempt: totalShown,
          falsePositiveRate: 0,
          precision: 1,
          actionability: 1,
          firstToReport: 1,
        },
      ],
      debt: { campaigns: [], rules: [] },
    });
    expect(parsed.tasks[0]!.seconds).toBeCloseTo((Date.parse(entries[1]!.at) - Date.parse(task!.startedAt)) / 1000, 0);

    const text = runCli(repo.root, ['stats']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('culprit stats: 1 task, 2 attempts (oldest first).');
    expect(text.stdout).toContain(`tsc: `);
    expect(text.stdout).toContain(
      `for ${totalShown} shown findings, ${totalShown} fixed at the next attempt (100%); it reported 100% of the fixed findings first.`,
    );

    // --since: a time after the task began leaves it out; bad input is one line and exit 2.
    expect(
      JSON.parse(runCli(repo.root, ['stats', '--json', '--since', new Date(Date.now() + 60_000).toISOString()]).stdout),
    ).toEqual({ tasks: [], checks: [], debt: { campaigns: [], rules: [] } });
    expect(
      (JSON.parse(runCli(repo.root, ['stats', '--json', '--since', '1d']).stdout) as { tasks: unknown[] }).tasks,
    ).toHaveLength(1);
    const bad = runCli(repo.root, ['stats', '--since', 'yesterday']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('--since: expected an ISO date or time');
  },
);

test('regenerating the file an instruction named is not an edit outside what was shown (three real tsc runs; ~20 s here)', () => {
  const client = 'src/generated/client.ts';
  const generate = (field: string) =>
    `// @generated by schema-codegen. DO NOT EDIT.\nimport type { User } from '../schema';\nexport function displayName(user: User): string { return user.${field}; }\n`;
  repo = makeRepo({
    files: {
      'package.json': '{ "name": "codegen", "private": true, "type": "module" }',
      'tsconfig.json': bundlerTsconfig,
      'src/schema.ts': 'export interface User { id: string; name: string }\n',
      [client]: generate('name'),
      'src/app.ts': "import { displayName } from './generated/client';\nexport const greet = displayName;\n",
    },
  });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/schema.ts', 'export interface User { id: string; fullName: string }\n');
  const first = checkJson(repo.root);
  expect(first.report.shown).toEqual([]);
  expect(first.report.roots).toEqual([expect.objectContaining({ files: [client], editable: false, selected: true })]);
  expect(first.report.roots[0]?.instruction).toContain(`${client} is generated; do not edit it by hand.`);
  // The agent does what it was told: it regenerates the client.
  repo.write(client, generate('fullName'));
  expect(checkJson(repo.root).report.verdict).toBe('clean');

  const entries = readLedger(repo.root)[0]!.entries;
  expect(entries.map((entry) => [entry.changed, entry.instructed, entry.outside])).toEqual([
    [['src/schema.ts'], [client], ['src/schema.ts']],
    [[client], undefined, []],
  ]);
  const stats = JSON.parse(runCli(repo.root, ['stats', '--json']).stdout) as { tasks: { editsOutsideShown: number }[] };
  expect(stats.tasks.map((task) => task.editsOutsideShown)).toEqual([0]);
});
