/**
 * oxlint and Biome in the loop, through the built CLI on a small real repository that
 * configures both, with the pinned tools: an edit that introduces one finding of each among
 * standing ones shows only those two, and the standing ones keep their identity although the
 * edit moved their lines. With tsc beside them, the linters' findings are ordered by tsc's graph.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { biomeConfig, linkLinter, lintedFiles, oxlintConfig } from '../fixtures/js-linters.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

function makeLintedRepo(files: Record<string, string>, typescript: '6.0' | false): TestRepo {
  const linted = makeRepo({
    typescript,
    files: { '.oxlintrc.json': oxlintConfig, 'biome.json': biomeConfig, ...files },
  });
  linkLinter(linted.root, 'oxlint');
  linkLinter(linted.root, 'biome');
  return linted;
}

describe('oxlint and Biome', () => {
  test('an edit shows only the findings it introduced; moved standing findings keep their identity', () => {
    const { 'src/broken.js': _broken, ...files } = lintedFiles;
    repo = makeLintedRepo(files, false);
    const start = runCli(repo.root, ['start']);
    expect(start.exitCode).toBe(0);
    expect(start.stdout).toContain('the repository was not clean before this task: 6 findings');

    // Two lines above every standing finding of src/tag.js and src/debug.ts, and one new debugger statement.
    repo.write('src/tag.js', `// Two lines\n// above it.\n${repo.read('src/tag.js')}`);
    repo.write('src/debug.ts', `/** Inspects. */\n\n${repo.read('src/debug.ts')}`);
    repo.write('src/total.ts', repo.read('src/total.ts').replace('  return', '  debugger;\n  return'));
    const first = checkJson(repo.root);
    expect(first.report.checks.map((check) => [check.name, check.status, check.version])).toEqual([
      ['oxlint', 'ok', '1.95.0'],
      ['biome', 'ok', '2.6.9'],
    ]);
    expect(first.report.verdict).toBe('introduced');
    expect(first.report.shown.map((f) => [f.tool, f.code, f.severity, f.path, f.line, f.column])).toEqual([
      ['oxlint', 'eslint/no-debugger', 'warning', 'src/total.ts', 2, 3],
      ['biome', 'lint/suspicious/noDebugger', 'warning', 'src/total.ts', 2, 3],
    ]);
    expect(first.report.counts).toEqual({
      introduced: 2,
      resolved: 0,
      standing: 6,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });

    repo.write('src/total.ts', repo.read('src/total.ts').replace('  debugger;\n', ''));
    const last = checkJson(repo.root);
    expect(last.report.verdict).toBe('clean');
    expect(last.report.counts).toEqual({
      introduced: 0,
      resolved: 0,
      standing: 6,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
  });

  test('a rule .oxlintrc.json or biome.json turns off, for all files or in an override, is weakened, never clean', () => {
    const { 'src/broken.js': _broken, ...files } = lintedFiles;
    const oxlintrc = JSON.parse(oxlintConfig) as { rules: Record<string, string> };
    const biome = JSON.parse(biomeConfig) as object;
    const oxlintWeakened = ['weakened', 'oxlint', '.oxlintrc.json', '`no-debugger` weakened from warn to allow'];
    const biomeFinding = ['', 'biome', 'src/total.ts', 'This is an unexpected use of the debugger statement.'];
    const cases: [file: string, config: object, shown: string[][], base?: Record<string, string>][] = [
      [
        '.oxlintrc.json',
        { ...oxlintrc, rules: { ...oxlintrc.rules, 'no-debugger': 'off' } },
        [oxlintWeakened, biomeFinding],
      ],
      [
        '.oxlintrc.json',
        { ...oxlintrc, overrides: [{ files: ['src/**'], rules: { 'no-debugger': 'off' } }] },
        [oxlintWeakened, biomeFinding],
      ],
      [
        'biome.json',
        { ...biome, overrides: [{ includes: ['src/**'], linter: { rules: { suspicious: { noDebugger: 'off' } } } }] },
        [
          ['weakened', 'biome', 'biome.json', '`rules off` weakened from none to suspicious/noDebugger'],
          ['weakened', 'biome', 'biome.json', '`suspicious/noDebugger` weakened from warn to off'],
          ['', 'oxlint', 'src/total.ts', '`debugger` statement is not allowed'],
        ],
      ],
      // A rule the file did not name, on by Biome's recommended set, turned off.
      [
        'biome.json',
        { linter: { rules: { suspicious: { noDebugger: 'off' } } } },
        [
          ['weakened', 'biome', 'biome.json', '`rules off` weakened from none to suspicious/noDebugger'],
          ['', 'oxlint', 'src/total.ts', '`debugger` statement is not allowed'],
        ],
        { 'biome.json': '{}' },
      ],
    ];
    for (const [file, config, shown, base = {}] of cases) {
      repo?.cleanup();
      repo = makeLintedRepo({ ...files, ...base }, false);
      expect(runCli(repo.root, ['start']).exitCode).toBe(0);
      repo.write('src/total.ts', repo.read('src/total.ts').replace('  return', '  debugger;\n  return'));
      repo.write(file, JSON.stringify(config));
      const { exitCode, report } = checkJson(repo.root);
      expect(exitCode).toBe(1);
      expect(report.shown.map((f) => [f.kind ?? '', f.tool, f.path, f.message])).toEqual(shown);
    }
  });

  test("with tsc beside them, the linters' findings are ordered by tsc's module graph", () => {
    repo = makeLintedRepo(
      {
        'tsconfig.json': JSON.stringify({
          compilerOptions: { lib: ['es2022'], strict: true, noEmit: true },
          include: ['src'],
        }),
        'src/rates.ts': 'export function rate(amount: number): number {\n  return amount * 2;\n}\n',
        'src/invoice.ts':
          "import { rate } from './rates';\n\nexport function invoice(amount: number): number {\n  return rate(amount);\n}\n",
      },
      '6.0',
    );
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
    repo.write('src/rates.ts', repo.read('src/rates.ts').replace('  return', '  debugger;\n  return'));
    repo.write('src/invoice.ts', repo.read('src/invoice.ts').replace('  return', '  debugger;\n  return'));
    const first = checkJson(repo.root);
    expect(first.report.checks.map((check) => [check.name, check.status])).toEqual([
      ['tsc', 'ok'],
      ['oxlint', 'ok'],
      ['biome', 'ok'],
    ]);
    // invoice.ts imports rates.ts: its findings wait until the root's are dealt with.
    expect(first.report.roots).toEqual([{ files: ['src/rates.ts'], editable: true, selected: true, introduced: 2 }]);
    expect(first.report.shown.map((f) => [f.tool, f.path, f.line])).toEqual([
      ['oxlint', 'src/rates.ts', 2],
      ['biome', 'src/rates.ts', 2],
    ]);
    expect(first.report.withheld).toMatchObject({ count: 2, files: ['src/invoice.ts'] });
  });
});
