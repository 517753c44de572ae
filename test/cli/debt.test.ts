/**
 * `culprit debt` on real ESLint and tsc: the targets are the standing findings selected, root
 * causes first and never in generated or declaration files; a fix resolves them, a new breakage
 * is shown as check shows one, and the agent task's `check` never sees the campaign.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkJson, runCli, type JsonReport } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { debtCampaignFiles, fixDebt } from '../fixtures/debt-campaign.js';

interface DebtReport extends JsonReport {
  targets: { total: number; resolved: number; remaining: number };
}

function debtJson(repo: TestRepo, args: readonly string[]): { exitCode: number; report: DebtReport } {
  const result = runCli(repo.root, ['debt', ...args, '--json']);
  try {
    return { exitCode: result.exitCode, report: JSON.parse(result.stdout) as DebtReport };
  } catch {
    throw new Error(`culprit debt ${args.join(' ')} printed no JSON (exit ${result.exitCode}):\n${result.stderr}`);
  }
}

const sites = (report: JsonReport) => report.shown.map((finding) => `${finding.path}:${finding.line} ${finding.code}`);

describe('a campaign from start to clean', () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = makeRepo({ eslint: '10', files: debtCampaignFiles });
  });
  afterAll(() => repo.cleanup());

  test('debt check before any campaign is a one-line error', () => {
    const result = runCli(repo.root, ['debt', 'check']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(`culprit: no debt campaign in ${repo.root}: run \`culprit debt start\` first\n`);
  });

  test('start takes every editable standing finding, root files first, the file importing them withheld', () => {
    const { exitCode, report } = debtJson(repo, ['start']);
    expect(exitCode).toBe(1);
    expect(report.verdict).toBe('introduced');
    expect(report.targets).toEqual({ total: 6, resolved: 0, remaining: 6 });
    // Not the generated file's five findings, nor the declaration file's var.
    expect(report.counts).toEqual({ introduced: 0, resolved: 0, standing: 6, reworded: 0, reanchored: 0, silenced: 0 });
    expect(sites(report)).toEqual([
      'src/legacy.ts:2 no-var',
      'src/legacy.ts:3 prefer-const',
      'src/util.ts:2 prefer-const',
    ]);
    expect(report.withheld.reasons.downstream).toEqual({ count: 3, files: ['src/report.ts'] });
    expect(report.withheld.count).toBe(3);
  });

  test("the agent task's check does not see the campaign", () => {
    const { exitCode, report } = checkJson(repo.root);
    expect(report.verdict).toBe('clean');
    expect(report.counts.introduced).toBe(0);
    expect(exitCode).toBe(0);
  });

  test('fixing the root files resolves their targets and shows the file that imports them', () => {
    for (const path of ['src/util.ts', 'src/legacy.ts']) repo.write(path, fixDebt(repo.read(path)));
    const { exitCode, report } = debtJson(repo, ['check']);
    expect(exitCode).toBe(1);
    expect(report.targets).toEqual({ total: 6, resolved: 3, remaining: 3 });
    expect(report.counts.introduced).toBe(0);
    expect((report as unknown as { progress: { fixed: number } }).progress.fixed).toBe(3);
    expect(sites(report)).toEqual([
      'src/report.ts:4 prefer-const',
      'src/report.ts:5 prefer-const',
      'src/report.ts:6 prefer-const',
    ]);
  });

  test('a new breakage is shown as check shows it, beside no other standing finding', () => {
    repo.write('src/report.ts', fixDebt(repo.read('src/report.ts')));
    repo.write('src/extra.ts', 'export function extra(): number {\n  let x = 1;\n  return x;\n}\n');
    const { exitCode, report } = debtJson(repo, ['check']);
    expect(exitCode).toBe(1);
    expect(report.verdict).toBe('introduced');
    expect(report.targets).toEqual({ total: 6, resolved: 6, remaining: 0 });
    expect(report.counts.introduced).toBe(1);
    expect(report.shown).toEqual([
      expect.objectContaining({ path: 'src/extra.ts', line: 2, column: 7, code: 'prefer-const', severity: 'error' }),
    ]);
  });

  test('with every target fixed and nothing introduced the campaign is clean and says how to ratchet', () => {
    repo.remove('src/extra.ts');
    const { exitCode, report } = debtJson(repo, ['check']);
    expect(report.verdict).toBe('clean');
    expect(report.targets).toEqual({ total: 6, resolved: 6, remaining: 0 });
    expect(report.shown).toEqual([]);
    expect(report.notes).toContain(
      'every target is fixed: run `culprit baseline --write` to record the debt that is left, so `culprit gate` keeps it from growing',
    );
    expect(exitCode).toBe(0);
    const text = runCli(repo.root, ['debt', 'check']);
    expect(text.stdout).toMatch(/^culprit: debt campaign: 6 of 6 targets fixed, 0 to go\./);
  });

  test('the ledger keeps the campaign as a debt task, and stats counts what it fixed per rule', () => {
    const stats = runCli(repo.root, ['stats', '--json']);
    expect(stats.exitCode).toBe(0);
    const parsed = JSON.parse(stats.stdout) as {
      tasks: { kind: string; outcome: string }[];
      debt: { campaigns: { targets: number; fixed: number; fixedByRule: Record<string, number> }[] };
    };
    // Oldest first: the campaign, then the agent task's check of the unchanged tree, a task of its own.
    expect(parsed.tasks.map((task) => [task.kind, task.outcome])).toEqual([
      ['debt', 'clean'],
      ['task', 'clean'],
    ]);
    expect(parsed.debt).toEqual({
      campaigns: [
        {
          id: expect.any(String),
          attempts: 3,
          outcome: 'clean',
          targets: 6,
          fixed: 6,
          fixedByRule: { 'prefer-const': 5, 'no-var': 1 },
        },
      ],
      rules: [
        { rule: 'prefer-const', fixed: 5, campaigns: 1 },
        { rule: 'no-var', fixed: 1, campaigns: 1 },
      ],
    });
    const text = runCli(repo.root, ['stats']);
    expect(text.stdout).toContain('rule          fixed  campaigns\nprefer-const  5      1\nno-var        1      1\n');
  });
});

describe('selection', () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = makeRepo({ eslint: '10', files: debtCampaignFiles });
  });
  afterAll(() => repo.cleanup());

  test('--max keeps files whole: the largest file, then the next one that fits', () => {
    // report.ts (3) fits in 4, legacy.ts (2) does not fit in the 1 left, util.ts (1) does.
    const { report } = debtJson(repo, ['start', '--max', '4']);
    expect(report.targets.total).toBe(4);
    expect(sites(report)).toEqual(['src/util.ts:2 prefer-const']);
    expect(report.withheld.reasons.downstream).toEqual({ count: 3, files: ['src/report.ts'] });
  });

  test('--rule and --path narrow the targets; a generated file is never one', () => {
    expect(sites(debtJson(repo, ['start', '--rule', 'no-var']).report)).toEqual(['src/legacy.ts:2 no-var']);
    expect(sites(debtJson(repo, ['start', '--path', 'src/legacy.ts']).report)).toEqual([
      'src/legacy.ts:2 no-var',
      'src/legacy.ts:3 prefer-const',
    ]);
    const generated = debtJson(repo, ['start', '--path', 'src/generated/**']);
    expect(generated.report.targets).toEqual({ total: 0, resolved: 0, remaining: 0 });
    expect(generated.report.verdict).toBe('clean');
    expect(generated.exitCode).toBe(0);
  });

  test('a bad --max is a usage error, never a crash', () => {
    const result = runCli(repo.root, ['debt', 'start', '--max', '0']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      `error: option '--max <n>' argument '0' is invalid. expected a positive integer, got "0"`,
    );
  });

  test('--tool takes only that check', () => {
    const { exitCode, report } = debtJson(repo, ['start', '--tool', 'tsc']);
    expect(report.targets.total).toBe(0);
    expect(exitCode).toBe(0);
  });
});

describe('the ratchet', () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = makeRepo({ eslint: '10', files: debtCampaignFiles });
  });
  afterAll(() => repo.cleanup());

  test('after a clean campaign, prune shrinks culprit-baseline.json and the gate passes', () => {
    expect(runCli(repo.root, ['baseline', '--write']).exitCode).toBe(0);
    repo.commit('accept the debt');
    expect(debtJson(repo, ['start', '--path', 'src/legacy.ts']).report.targets.total).toBe(2);
    repo.write('src/legacy.ts', fixDebt(repo.read('src/legacy.ts')));
    const { exitCode, report } = debtJson(repo, ['check']);
    expect(exitCode).toBe(0);
    expect(report.notes).toContain(
      'every target is fixed: run `culprit baseline --prune` to drop them from culprit-baseline.json (until then `culprit gate` calls it stale) and commit it, so they cannot come back',
    );
    expect(runCli(repo.root, ['gate']).exitCode).toBe(1);
    const prune = runCli(repo.root, ['baseline', '--prune']);
    expect(prune.stdout).toBe(
      'culprit: pruned culprit-baseline.json: removed 2 findings that no longer exist; 10 findings (eslint: 10, tsc: 0) remain.\n',
    );
    const gate = runCli(repo.root, ['gate']);
    expect(gate.exitCode, gate.stdout).toBe(0);
  });
});

describe('stuck', () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = makeRepo({ eslint: '10', files: debtCampaignFiles });
  });
  afterAll(() => repo.cleanup());

  test('a changed tree with the same targets left is stuck, as in check; a fix is progress again', () => {
    expect(debtJson(repo, ['start', '--path', 'src/legacy.ts']).report.targets.total).toBe(2);
    // A check of the unchanged tree repeats the start: the campaign's first attempt, nothing recorded.
    expect(debtJson(repo, ['check']).report.attempt).toBe(1);
    repo.write('src/legacy.ts', `// Counting, as it was.\n${repo.read('src/legacy.ts')}`);
    const stuck = debtJson(repo, ['check']);
    expect(stuck.report.verdict).toBe('stuck');
    expect(stuck.exitCode).toBe(3);
    expect(stuck.report.attempt).toBe(2);
    repo.write('src/legacy.ts', repo.read('src/legacy.ts').replace('let step', 'const step'));
    const progress = debtJson(repo, ['check']);
    expect(progress.report.verdict).toBe('introduced');
    expect(progress.report.targets).toEqual({ total: 2, resolved: 1, remaining: 1 });
    expect(sites(progress.report)).toEqual(['src/legacy.ts:3 no-var']);
    expect(progress.exitCode).toBe(1);
  });
});
