/**
 * Deferring type-aware ESLint while tsc reports syntax errors the edit introduced, through the
 * real CLI with a scripted agent. The lint config holds a rule that stalls for a minute when
 * SLOW_LINT_MS says so (a slow linter) and then leaves a mark in SLOW_LINT_DONE: a deferred
 * ESLint is stopped before it gets there, so no mark is the proof, not the time it took.
 */
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, typeAwareEslintConfig, type TestRepo } from '../helpers/repo.js';
import { linkLinter, linkTsgolint, makeTypeAwareOxlintConfig } from '../fixtures/js-linters.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const slowRule = `import { writeFileSync } from 'node:fs';
const slow = {
  rules: {
    wait: {
      meta: { schema: [] },
      create() {
        const ms = Number(process.env.SLOW_LINT_MS ?? 0);
        if (ms > 0 && !globalThis.waited) {
          globalThis.waited = true;
          const end = Date.now() + ms;
          while (Date.now() < end) {}
          writeFileSync(process.env.SLOW_LINT_DONE, 'linted');
        }
        return {};
      },
    },
  },
};
`;

const eslintConfig = `${slowRule}${typeAwareEslintConfig
  .replace("import tseslint from 'typescript-eslint';\n", '')
  .replace(
    '  {\n    languageOptions',
    "  { plugins: { slow }, rules: { 'slow/wait': 'error' } },\n  {\n    languageOptions",
  )}`.replace('const slow', "import tseslint from 'typescript-eslint';\nconst slow");

const files = {
  'package.json': JSON.stringify({ name: 'shop', private: true, type: 'module' }, null, 2),
  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: { lib: ['es2022'], target: 'es2022', module: 'nodenext', strict: true, noEmit: true, types: [] },
      include: ['src'],
    },
    null,
    2,
  ),
  'eslint.config.js': eslintConfig,
  'src/price.ts': 'export function price(amount: number): number {\n  return amount * 2;\n}\n',
  // Standing lint debt: an unused variable.
  'src/legacy.ts': 'const leftover = 1;\nexport const legacy = 2;\n',
};

/** The mark goes in the repository's git directory: outside the work tree, so it changes no tree. */
const slowFor = (root: string) => ({ SLOW_LINT_MS: '60000', SLOW_LINT_DONE: join(root, '.git', 'slow-lint-done') });

function workersIn(root: string): number {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === root;
    } catch {
      return false;
    }
  }).length;
}

test(
  'type-aware ESLint is deferred while tsc shows introduced syntax errors, and runs again once they are gone',
  { timeout: 150_000 },
  () => {
    repo = makeRepo({ files, eslint: '10' });
    const slow = slowFor(repo.root);
    const start = runCli(repo.root, ['start']);
    expect(start.exitCode).toBe(0);

    // Attempt 1: a syntax error; the slow linter is stopped once tsc has answered.
    repo.write('src/price.ts', 'export function price(amount: number): number {\n  return amount * 2;\n');
    const first = runCli(repo.root, ['check'], { env: slow });
    expect(existsSync(slow.SLOW_LINT_DONE)).toBe(false);
    expect(first.exitCode).toBe(1);
    expect(first.stdout).toContain(
      'note: eslint: deferred: tsc reports syntax errors this edit introduced, which are shown alone; eslint runs again at the next attempt without them',
    );
    expect(first.stdout).not.toMatch(/^culprit: no new findings/m);
    expect(workersIn(repo.root)).toBe(0);

    // Attempt 2: another syntax error; still nothing ESLint says could be shown.
    repo.write('src/price.ts', 'export function price(amount: number): number {\n  return amount * 2;\n}}\n');
    const second = checkJsonWithEnv(repo.root, slow);
    expect(second.exitCode).toBe(1);
    expect(second.report.verdict).toBe('introduced');
    expect(second.report.checks.map((check) => [check.name, check.status])).toEqual([
      ['tsc', 'ok'],
      ['eslint', 'deferred'],
    ]);
    expect(existsSync(slow.SLOW_LINT_DONE)).toBe(false);
    expect(second.report.shown.length).toBeGreaterThan(0);
    expect(second.report.shown.every((finding) => finding.tool === 'tsc' && finding.phase === 'syntax')).toBe(true);
    expect(second.report['rung']).toBe('syntax');

    // Attempt 3: the syntax is fixed and a lint error introduced; ESLint runs, and is shown.
    repo.write(
      'src/price.ts',
      'export function price(amount: number): number {\n  const doubled = amount * 2;\n  return amount * 2;\n}\n',
    );
    const third = checkJson(repo.root);
    expect(third.exitCode).toBe(1);
    expect(third.report.checks.map((check) => [check.name, check.status])).toEqual([
      ['tsc', 'ok'],
      ['eslint', 'ok'],
    ]);
    expect(third.report.shown.map((finding) => [finding.tool, finding.code, finding.path])).toEqual([
      ['eslint', '@typescript-eslint/no-unused-vars', 'src/price.ts'],
    ]);

    repo.write('src/price.ts', 'export function price(amount: number): number {\n  return amount * 2;\n}\n');
    const last = checkJson(repo.root);
    expect(last.exitCode).toBe(0);
    expect(last.report.verdict).toBe('clean');

    // The ledger counts deferred attempts as no run of ESLint.
    const stats = JSON.parse(runCli(repo.root, ['stats', '--json']).stdout) as {
      tasks: { attempts: number; outcome: string; editsOutsideShown: number }[];
      checks: {
        name: string;
        runs: number;
        raw: number;
        standing: number;
        introduced: number;
        shown: number;
        fixedNextAttempt: number;
        falsePositiveRate: number;
        firstToReport: number;
        actionability: number;
      }[];
    };
    expect(stats.tasks).toMatchObject([{ attempts: 4, outcome: 'clean', editsOutsideShown: 0 }]);
    const [tsc, eslint] = stats.checks;
    const tscShown = second.report.shown.length + countTscShown(first.stdout);
    expect(tsc).toMatchObject({
      name: 'tsc',
      runs: 4,
      standing: 0,
      shown: tscShown,
      fixedNextAttempt: tscShown,
      actionability: 1,
    });
    // ESLint ran at attempts 3 and 4: the standing unused variable twice, plus the introduced one.
    expect(eslint).toMatchObject({
      name: 'eslint',
      runs: 2,
      raw: 3,
      standing: 2,
      introduced: 1,
      shown: 1,
      fixedNextAttempt: 1,
      falsePositiveRate: 0.667,
    });
    // tsc had shown findings in src/price.ts before ESLint did: every fixed finding's first reporter is tsc.
    expect(tsc!.firstToReport).toBeCloseTo(tscShown / (tscShown + 1), 3);
    expect(eslint!.firstToReport).toBe(0);
    expect(runCli(repo.root, ['stats']).stdout).toMatch(
      /^eslint: [\d.]+ s over 2 runs \([\d.]+% of the checks' time\) for 1 shown finding, 1 fixed at the next attempt \(100%\); it reported 0% of the fixed findings first\.$/m,
    );
  },
);

test(
  "oxlint beside TypeScript 7, run from the baseline in culprit's process, is deferred while tsc shows introduced syntax errors (its processes stopped), and lints what the edit reaches after",
  { timeout: 120_000 },
  () => {
    repo = makeRepo({
      typescript: '7',
      files: {
        'tsconfig.json': bundlerTsconfig,
        '.oxlintrc.json': makeTypeAwareOxlintConfig({ typeAware: true }),
        'src/price.ts': 'export function price(amount: number): number {\n  return amount * 2;\n}\n',
        'src/cart.ts':
          "import { price } from './price';\n\nexport const total = (amounts: number[]): number => amounts.map(price).length;\n",
      },
    });
    linkLinter(repo.root, 'oxlint');
    linkTsgolint(repo.root);
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
    const debug = { CULPRIT_DEBUG: '1' };

    repo.write('src/price.ts', 'export function price(amount: number): number {\n  return amount * 2;\n');
    const broken = runCli(repo.root, ['check', '--json'], { env: debug });
    expect(broken.stderr).toMatch(/^culprit debug: oxlint starts from the baseline in culprit's process, beside tsc$/m);
    const first = JSON.parse(broken.stdout) as ReturnType<typeof checkJson>['report'];
    expect(first.checks.map((check) => [check.name, check.status])).toEqual([
      ['tsc', 'ok'],
      ['oxlint', 'deferred'],
    ]);
    expect(first.shown.every((finding) => finding.tool === 'tsc' && finding.phase === 'syntax')).toBe(true);
    expect(workersIn(repo.root)).toBe(0);

    // The syntax fixed and a parameter widened to any: oxlint lints the file and its importer, and shows its finding.
    repo.write('src/price.ts', 'export function price(amount: any): number {\n  return amount * 2;\n}\n');
    const widened = runCli(repo.root, ['check', '--json'], { env: debug });
    expect(widened.stderr).toMatch(/^culprit debug: oxlint warm: re-linting 2 of 2 files$/m);
    const second = JSON.parse(widened.stdout) as ReturnType<typeof checkJson>['report'];
    expect(second.checks.map((check) => [check.name, check.status])).toEqual([
      ['tsc', 'ok'],
      ['oxlint', 'ok'],
    ]);
    expect(second.shown.map((finding) => [finding.tool, finding.code, finding.path])).toContainEqual([
      'oxlint',
      'typescript/no-explicit-any',
      'src/price.ts',
    ]);
    expect(workersIn(repo.root)).toBe(0);
  },
);

function checkJsonWithEnv(root: string, env: Record<string, string>) {
  const result = runCli(root, ['check', '--json'], { env });
  return { exitCode: result.exitCode, report: JSON.parse(result.stdout) as ReturnType<typeof checkJson>['report'] };
}

/** Shown findings in a text payload: one `path:line:col` head per finding. */
function countTscShown(text: string): number {
  return text.split('\n').filter((line) => /^src\/price\.ts:\d+:\d+/.test(line)).length;
}
