/**
 * Clean means checked (issue 35): an edit that switches a check off, narrows what it checks or
 * relaxes how strictly is never told "no new findings". Real ESLint and tsc on small repositories,
 * with `start` and against HEAD alike.
 */
import { afterEach, expect, test } from 'vitest';
import { checkJson, runCli, type JsonReport } from '../helpers/cli.js';
import { bundlerTsconfig, makeRepo, type TestRepo } from '../helpers/repo.js';
import { preferConstFiles } from '../fixtures/prefer-const.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeLintRepo(): TestRepo {
  const repo = makeRepo({
    files: {
      ...preferConstFiles,
      'src/routing/route.js': 'export const route = 1;\n',
      'src/routing/table.js': 'export const table = 2;\n',
    },
    typescript: false,
    eslint: '10',
  });
  repos.push(repo);
  return repo;
}

test('deleting the ESLint config after start is a removed check, never clean', () => {
  const repo = makeLintRepo();
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/routing/route.js', 'let route = 1;\nexport { route };\n');
  repo.remove('eslint.config.js');
  const { exitCode, report } = checkJson(repo.root);
  expect(report.verdict).toBe('introduced');
  expect(exitCode).toBe(1);
  expect(report.shown).toEqual([
    expect.objectContaining({
      tool: 'eslint',
      code: 'check-removed',
      kind: 'check-removed',
      path: 'eslint.config.js',
      message: 'eslint no longer runs: eslint.config.js was deleted',
    }),
  ]);
  const text = runCli(repo.root, ['check']);
  expect(text.stdout).toContain(
    'your edit stopped a check of the baseline: eslint no longer runs: eslint.config.js was deleted.',
  );
});

test('a folder added to ESLint ignores is files no longer checked, shown as one group', () => {
  const repo = makeLintRepo();
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/routing/route.js', 'let route = 1;\nexport { route };\n');
  repo.write(
    'eslint.config.js',
    "export default [{ ignores: ['src/routing/**'] }, { files: ['**/*.js'], rules: { 'prefer-const': 'error' } }];\n",
  );
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.verdict).toBe('introduced');
  expect(report.shown.map((finding) => [finding.kind, finding.path, finding.message])).toEqual([
    ['coverage', 'src/routing/route.js', 'no longer checked by eslint (eslint.config.js changed)'],
    ['coverage', 'src/routing/table.js', 'no longer checked by eslint (eslint.config.js changed)'],
  ]);
  const text = runCli(repo.root, ['check']).stdout;
  expect(text).toContain('your edit left 2 files unchecked: no longer checked by eslint (eslint.config.js changed).');
  expect(text).toContain('  src/routing/route.js\n  src/routing/table.js');
});

test('a processor or parser the edit writes into the config, which lints nothing, is a weakened setting', () => {
  const repo = makeLintRepo();
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/routing/route.js', 'let route = 1;\nexport { route };\n');
  // Every rule stays "error"; ESLint lints no code of any file.
  const emptyProgram =
    "{ type: 'Program', body: [], tokens: [], comments: [], range: [0, 0], loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 0 } } }";
  const configs = {
    processor: 'processor: { preprocess: () => [], postprocess: () => [] }',
    parser: `languageOptions: { parser: { parse: () => (${emptyProgram}) } }`,
  };
  for (const [setting, entry] of Object.entries(configs)) {
    repo.write(
      'eslint.config.js',
      `export default [{ files: ['**/*.js'], ${entry}, rules: { 'prefer-const': 'error' } }];\n`,
    );
    const { exitCode, report } = checkJson(repo.root);
    expect(exitCode).toBe(1);
    expect(report.verdict).toBe('introduced');
    expect(report.shown.map((finding) => [finding.kind, finding.path, finding.message])).toEqual([
      [
        'weakened',
        'eslint.config.js',
        `\`${setting}\` weakened from ${setting === 'parser' ? 'espree' : 'none'} to one the config defines for eslint.config.js, src/a.js, src/routing/route.js and 1 more file`,
      ],
    ]);
  }
});

test("a plugin the edit defines in the config in place of the package's is a weakened setting", () => {
  const config = (plugin: string) =>
    `import tseslint from 'typescript-eslint';\nexport default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { '@typescript-eslint': ${plugin} }, rules: { '@typescript-eslint/no-explicit-any': 'error' } }];\n`;
  const repo = makeRepo({
    files: {
      'package.json': '{ "name": "plugged", "private": true, "type": "module" }\n',
      'tsconfig.json': bundlerTsconfig,
      'eslint.config.js': config('tseslint.plugin'),
      'src/a.ts': 'export const a = 1;\n',
    },
    eslint: '10',
  });
  repos.push(repo);
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/a.ts', 'export const a: any = 1;\n');
  // Its rule has the package's name and reports nothing.
  repo.write('eslint.config.js', config("{ rules: { 'no-explicit-any': { create: () => ({}) } } }"));
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.shown.map((finding) => [finding.kind, finding.path, finding.message])).toEqual([
    [
      'weakened',
      'eslint.config.js',
      '`plugins.@typescript-eslint` weakened from @typescript-eslint/eslint-plugin to one the config defines for src/a.ts',
    ],
  ]);
});

test('against HEAD too: a removed check and narrowed coverage are findings', () => {
  const repo = makeLintRepo();
  repo.write(
    'eslint.config.js',
    "export default [{ ignores: ['src/routing/**'] }, { files: ['**/*.js'], rules: { 'prefer-const': 'error' } }];\n",
  );
  const narrowed = checkJson(repo.root);
  expect(narrowed.report.verdict).toBe('introduced');
  expect(narrowed.report.shown.map((finding) => finding.kind)).toEqual(['coverage', 'coverage']);
  repo.remove('eslint.config.js');
  repo.write('culprit.config.json', '{ "checks": { "todo": { "command": ["node", "-e", "1"] } } }\n');
  const removed = checkJson(repo.root);
  expect(removed.report.shown).toContainEqual(
    expect.objectContaining({ kind: 'check-removed', tool: 'eslint', path: 'eslint.config.js' }),
  );
});

/** tsc over src/ and ESLint's prefer-const, with a standing prefer-const in legs.ts and a standing directive in old.ts. */
function makeShopRepo(): TestRepo {
  const repo = makeRepo({
    files: {
      'package.json': '{ "name": "shop", "private": true, "type": "module" }\n',
      'tsconfig.json': bundlerTsconfig,
      'eslint.config.js':
        "import tseslint from 'typescript-eslint';\nexport default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'prefer-const': 'error' } }];\n",
      'src/legs.ts': 'export function legs(): number {\n  let count = 4;\n  return count;\n}\n',
      'src/old.ts':
        '// eslint-disable-next-line prefer-const -- legacy\nlet kept = 1;\nexport function old(): number {\n  return kept;\n}\n',
      'src/price.ts': 'export function price(amount: number): number {\n  return amount * 2;\n}\n',
    },
    eslint: '10',
  });
  repos.push(repo);
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  return repo;
}

/** The shop's tsconfig with `options` over its compiler options. */
function relaxedTsconfig(options: Record<string, unknown>): string {
  const tsconfig = JSON.parse(bundlerTsconfig) as { compilerOptions: Record<string, unknown> };
  return JSON.stringify({ ...tsconfig, compilerOptions: { ...tsconfig.compilerOptions, ...options } });
}

/** The shop's ESLint config with prefer-const lowered to a warning. */
function lowerPreferConst(repo: TestRepo): void {
  repo.write(
    'eslint.config.js',
    repo.read('eslint.config.js').replace("'prefer-const': 'error'", "'prefer-const': 'warn'"),
  );
}

test('a directive over a standing finding silences it: introduced, and the finding is silenced, not resolved', () => {
  const repo = makeShopRepo();
  repo.write(
    'src/legs.ts',
    'export function legs(): number {\n  // eslint-disable-next-line prefer-const\n  let count = 4;\n  return count;\n}\n',
  );
  const { exitCode, report } = checkJson(repo.root);
  expect([exitCode, report.verdict]).toEqual([1, 'introduced']);
  expect(report.counts).toMatchObject({ introduced: 1, resolved: 0, silenced: 1 });
  expect(report.shown).toEqual([
    expect.objectContaining({
      kind: 'suppression',
      code: 'eslint-disable-next-line',
      path: 'src/legs.ts',
      line: 2,
      silenced: [expect.objectContaining({ code: 'prefer-const', path: 'src/legs.ts', line: 3 })],
    }),
  ]);
  const text = runCli(repo.root, ['check']).stdout;
  expect(text).toContain(
    'your edit silenced `prefer-const` at src/legs.ts:3 with `eslint-disable-next-line prefer-const` instead of fixing it: fix it and remove the directive, or leave the decision to a person.',
  );
  expect(text).toContain('1 finding is silenced by suppression directives your edit added, not fixed');
});

test('/* eslint-disable */ counts what it hides as silenced, not resolved; @ts-expect-error over a new type error is introduced', () => {
  const repo = makeShopRepo();
  repo.write('src/legs.ts', `/* eslint-disable */\n${repo.read('src/legs.ts')}`);
  repo.write(
    'src/price.ts',
    "export function price(amount: number): number {\n  // @ts-expect-error the caller passes strings\n  const label: number = 'x';\n  return amount * 2 + label;\n}\n",
  );
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.counts).toMatchObject({ resolved: 0, silenced: 1 });
  expect(report.shown.map((finding) => [finding.kind, finding.tool, finding.code, finding.path])).toEqual([
    ['suppression', 'eslint', 'eslint-disable', 'src/legs.ts'],
    ['suppression', 'tsc', '@ts-expect-error', 'src/price.ts'],
  ]);
});

test('standing directives stay hidden, and moving code with its directive introduces nothing', () => {
  const repo = makeShopRepo();
  repo.write(
    'src/old.ts',
    'export function old(): number {\n  return kept;\n}\n\n// eslint-disable-next-line prefer-const -- legacy\nlet kept = 1;\n',
  );
  const { exitCode, report } = checkJson(repo.root);
  expect([exitCode, report.verdict, report.counts.introduced, report.counts.silenced]).toEqual([0, 'clean', 0, 0]);
});

test('relaxing tsconfig or turning a rule off is a weakened setting at its file, before → after', () => {
  const repo = makeShopRepo();
  repo.write('tsconfig.json', relaxedTsconfig({ noImplicitAny: false }));
  lowerPreferConst(repo);
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.shown.map((finding) => [finding.kind, finding.tool, finding.path, finding.message])).toEqual([
    [
      'weakened',
      'eslint',
      'eslint.config.js',
      '`prefer-const` weakened from error to warn for src/legs.ts, src/old.ts, src/price.ts',
    ],
    ['weakened', 'tsc', 'tsconfig.json', '`noImplicitAny` weakened from true to false'],
  ]);
});

test('pointing the tsc check at another tsconfig that relaxes it is a weakened setting there', () => {
  const repo = makeShopRepo();
  repo.write('tsconfig.loose.json', relaxedTsconfig({ noCheck: true }));
  repo.write(
    'culprit.config.json',
    JSON.stringify({ checks: { tsc: { project: 'tsconfig.loose.json' }, eslint: {} } }),
  );
  repo.write('src/price.ts', "export function price(amount: number): number {\n  return amount * 2 + 'x';\n}\n");
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.shown.map((finding) => [finding.kind, finding.tool, finding.path, finding.message])).toEqual([
    ['weakened', 'tsc', 'tsconfig.loose.json', '`noCheck` weakened from false to true'],
  ]);
});

test('the policy: a directive with an allowed reason, a relaxing the team accepts, and suppressions off are not findings', () => {
  const repo = makeShopRepo();
  repo.write(
    'culprit.config.json',
    JSON.stringify({ allowSuppressionReason: '^TICKET-\\d+', allowWeakening: ['eslint:prefer-const'] }),
  );
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write(
    'src/legs.ts',
    'export function legs(): number {\n  // eslint-disable-next-line prefer-const -- TICKET-12 legs are fixed\n  let count = 4;\n  return count;\n}\n',
  );
  lowerPreferConst(repo);
  expect(checkJson(repo.root).report.verdict).toBe('clean');
  repo.write('src/legs.ts', repo.read('src/legs.ts').replace(' -- TICKET-12 legs are fixed', ''));
  expect(checkJson(repo.root).report.shown.map((finding) => finding.kind)).toEqual(['suppression']);
});

test("the edit's own culprit.config.json cannot allow what it does: the baseline's policy holds, and the relaxing is a finding", () => {
  const repo = makeShopRepo();
  repo.write(
    'culprit.config.json',
    JSON.stringify({ suppressions: 'off', allowSuppressionReason: '.', allowWeakening: ['eslint:prefer-const'] }),
  );
  repo.write(
    'src/legs.ts',
    'export function legs(): number {\n  // eslint-disable-next-line prefer-const -- legs are fixed\n  let count = 4;\n  return count;\n}\n',
  );
  lowerPreferConst(repo);
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.shown.map((finding) => [finding.kind, finding.tool, finding.path, finding.message])).toEqual([
    ['weakened', 'culprit', 'culprit.config.json', '`allowSuppressionReason` weakened from unset to .'],
    ['weakened', 'culprit', 'culprit.config.json', '`allowWeakening` weakened from unset to eslint:prefer-const'],
    ['weakened', 'culprit', 'culprit.config.json', '`suppressions` weakened from error to off'],
    [
      'weakened',
      'eslint',
      'eslint.config.js',
      '`prefer-const` weakened from error to warn for src/legs.ts, src/old.ts, src/price.ts',
    ],
    ['suppression', 'eslint', 'src/legs.ts', 'eslint-disable-next-line prefer-const'],
  ]);
  expect(report.counts).toMatchObject({ resolved: 0, silenced: 1 });
  // A person who means it takes a new baseline: the policy is then the baseline's.
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  expect(checkJson(repo.root).report.verdict).toBe('clean');
});

test('taking a check out of culprit.config.json is a removed check', () => {
  const repo = makeShopRepo();
  repo.write('culprit.config.json', JSON.stringify({ checks: { tsc: {} } }));
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.shown).toEqual([
    expect.objectContaining({
      kind: 'check-removed',
      tool: 'eslint',
      path: 'culprit.config.json',
      message: 'eslint no longer runs: culprit.config.json changed',
    }),
  ]);
});

test('a debt campaign that "fixes" its targets with directives is not clean', () => {
  const repo = makeShopRepo();
  expect(runCli(repo.root, ['debt', 'start', '--rule', 'prefer-const']).exitCode).toBe(1);
  repo.write(
    'src/legs.ts',
    'export function legs(): number {\n  // eslint-disable-next-line prefer-const\n  let count = 4;\n  return count;\n}\n',
  );
  const result = runCli(repo.root, ['debt', 'check', '--json']);
  const report = JSON.parse(result.stdout) as JsonReport & { targets: { remaining: number } };
  expect(result.exitCode).toBe(1);
  expect(report.targets.remaining).toBe(1);
  expect(report.shown.map((finding) => finding.kind ?? finding.code)).toContain('suppression');
});

test('the gate fails on a directive the ratchet file does not list', () => {
  const repo = makeShopRepo();
  expect(runCli(repo.root, ['baseline', '--write']).exitCode).toBe(0);
  expect(runCli(repo.root, ['gate']).exitCode).toBe(0);
  repo.write('src/price.ts', `// eslint-disable-next-line prefer-const\n${repo.read('src/price.ts')}`);
  const gate = runCli(repo.root, ['gate', '--json']);
  expect(gate.exitCode).toBe(1);
  // The directive, and ESLint's own report that it disables nothing there.
  const report = JSON.parse(gate.stdout) as { verdict: string; findings: { state: string; code: string }[] };
  expect(report.verdict).toBe('new-findings');
  expect(report.findings.filter((finding) => finding.state === 'new').map((finding) => finding.code)).toEqual([
    'eslint-disable-next-line',
    'unused-disable-directive',
  ]);
});

test('entries an edit adds to culprit-baseline.json are suppressions, against HEAD and after start; taking one out is nothing', () => {
  const repo = makeLintRepo();
  expect(runCli(repo.root, ['baseline', '--write']).exitCode).toBe(0);
  repo.commit('the ratchet');
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  // The agent's shortcut: a new finding, then the ratchet written again so the gate lets it through.
  repo.write('src/routing/route.js', 'let route = 1;\nexport { route };\n');
  expect(runCli(repo.root, ['baseline', '--write']).exitCode).toBe(0);
  expect(runCli(repo.root, ['gate']).exitCode).toBe(0);
  for (const args of [[], ['--base', 'HEAD']]) {
    const { exitCode, report } = checkJson(repo.root, args);
    expect(exitCode).toBe(1);
    expect(report.shown.map((finding) => [finding.kind, finding.tool, finding.code, finding.path])).toEqual([
      ['suppression', 'culprit', 'ratchet-entry', 'culprit-baseline.json'],
      [undefined, 'eslint', 'prefer-const', 'src/routing/route.js'],
    ]);
  }
  const text = runCli(repo.root, ['check']).stdout;
  expect(text).toContain(
    "your edit accepted a finding as debt instead of fixing it: eslint prefer-const in src/routing/route.js added to culprit-baseline.json: 'route' is never reassigned. Use 'const' instead.",
  );
  // Fixing the code and taking the entry out again is clean; so is a ratchet that only shrank.
  repo.write('src/routing/route.js', 'export const route = 1;\n');
  repo.write('src/a.js', 'export const a = 1;\n');
  expect(runCli(repo.root, ['baseline', '--write']).exitCode).toBe(0);
  const shrunk = checkJson(repo.root);
  expect([shrunk.exitCode, shrunk.report.verdict]).toEqual([0, 'clean']);
  repo.write('culprit-baseline.json', '{ "version": 1, ');
  const broken = checkJson(repo.root);
  expect(broken.exitCode).toBe(1);
  expect(broken.report.shown.map((finding) => [finding.kind, finding.code])).toEqual([
    ['suppression', 'ratchet-unreadable'],
  ]);
});
