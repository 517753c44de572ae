/**
 * What an ESLint run reports besides its findings (issue 35), on the real ESLint 10, 9 (flat
 * config) and 8 (eslintrc): each directive as a suppression finding with the lines it covers and
 * the messages ESLint says it hid, the files it linted, the configuration files it read, one
 * strength scope per resolved config; and a run that linted nothing, or whose every file failed
 * for a tsconfig typescript-eslint cannot read, is a failed run.
 */
import { describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { attribute } from '../../../src/core/attribute.js';
import type { CheckRun } from '../../../src/core/check-run.js';
import type { AnchoredDiagnostic } from '../../../src/core/diagnostic.js';
import { makeAnchor } from '../../../src/core/identity/fingerprint.js';
import { useCheckRepos } from '../helpers.js';

const makeLintRepo = useCheckRepos();

const eslintCheck = (fields: Partial<ResolvedCheck['options']> = {}): ResolvedCheck => ({
  name: 'eslint',
  kind: 'eslint',
  timeoutMs: 120_000,
  options: { cwd: '.', patterns: ['.'], ignores: [], ...fields },
});

const sources = {
  'src/a.js': [
    'let a = 1;',
    '// eslint-disable-next-line prefer-const -- legacy API',
    'let b = 2;',
    '/* eslint-disable no-var */',
    'var c = 3;',
    'var d = 4;',
    '/* eslint-enable no-var */',
    'var e = 5; // eslint-disable-line',
    "const s = '// eslint-disable-next-line in a string';",
    'export { a, b, c, d, e, s };',
    '',
  ].join('\n'),
  'src/generated.js': '/* eslint-disable */\nvar g = 1;\nexport { g };\n',
  'src/inline.js': '/* eslint prefer-const: off, no-var: error */\nlet x = 1;\nexport { x };\n',
  'src/legacy/old.js': 'let old = 1;\nexport { old };\n',
};

const flatFiles = {
  'package.json': '{ "name": "lint", "type": "module" }\n',
  'eslint.config.js': `import js from '@eslint/js';
export default [
  { ignores: ['eslint.config.js'] },
  js.configs.recommended,
  { rules: { 'prefer-const': 'error', 'no-var': 'warn' } },
  { files: ['src/legacy/**'], rules: { 'prefer-const': 'off' } },
];
`,
  ...sources,
};

const eslintrcFiles = {
  'package.json': '{ "name": "lint" }\n',
  '.eslintrc.json': JSON.stringify({
    root: true,
    extends: ['eslint:recommended'],
    parserOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: { 'prefer-const': 'error', 'no-var': 'warn' },
  }),
  'src/legacy/.eslintrc.json': JSON.stringify({ rules: { 'prefer-const': 'off' } }),
  '.eslintignore': 'src/ignored.js\n',
  'src/ignored.js': 'var ignored = 1;\n',
  ...sources,
};

/** The suppressions of a run, briefly: where, what, the lines they cover and what they hid. */
const suppressionsOf = (run: CheckRun) =>
  run.diagnostics
    .filter((diagnostic) => diagnostic.kind === 'suppression')
    .map(({ path, line, code, message, suppression }) => ({
      at: `${path}:${line}`,
      code,
      message,
      codes: suppression!.codes,
      reason: suppression!.reason,
      lines: [suppression!.from, suppression!.to],
      hidden: suppression!.hidden?.map((hidden) => `${hidden.line}:${hidden.column} ${hidden.code}`),
    }));

const expectedSuppressions = [
  {
    at: 'src/a.js:2',
    code: 'eslint-disable-next-line',
    message: 'eslint-disable-next-line prefer-const',
    codes: ['prefer-const'],
    reason: 'legacy API',
    lines: [3, 3],
    hidden: ['3:5 prefer-const'],
  },
  {
    at: 'src/a.js:4',
    code: 'eslint-disable',
    message: 'eslint-disable no-var',
    codes: ['no-var'],
    reason: '',
    lines: [4, 7],
    hidden: ['5:1 no-var', '6:1 no-var'],
  },
  {
    at: 'src/a.js:8',
    code: 'eslint-disable-line',
    message: 'eslint-disable-line',
    codes: [],
    reason: '',
    lines: [8, 8],
    hidden: ['8:1 no-var'],
  },
  {
    at: 'src/generated.js:1',
    code: 'eslint-disable',
    message: 'eslint-disable',
    codes: [],
    reason: '',
    lines: [1, 0],
    hidden: ['2:1 no-var'],
  },
  {
    // Only the rule it lowers: no-var goes up from warn to error.
    at: 'src/inline.js:1',
    code: 'eslint',
    message: 'eslint prefer-const: off, no-var: error',
    codes: ['prefer-const'],
    reason: '',
    lines: [1, 0],
    hidden: undefined,
  },
];

describe.each([
  ['10', flatFiles],
  ['9', flatFiles],
  ['8', eslintrcFiles],
] as const)('an ESLint %s run', (version, files) => {
  it('reports each directive as a suppression with the lines it covers and the messages it hid', async () => {
    const repo = makeLintRepo({ eslint: version, typescript: false, files });
    const run = await runCheck(eslintCheck(), repo.root);
    expect(run.status).toBe('ok');
    expect(suppressionsOf(run)).toEqual(expectedSuppressions);
    // What no directive hides is reported as before.
    expect(
      run.diagnostics
        .filter((diagnostic) => diagnostic.kind === undefined)
        .map(({ path, line, code }) => `${path}:${line} ${code}`),
    ).toEqual(['src/a.js:1 prefer-const']);
  });
});

describe.each([
  ['10', flatFiles, ['eslint.config.js'], ['eslint.config.js', 'eslint.config.js'], [1, 'warn']],
  ['9', flatFiles, ['eslint.config.js'], ['eslint.config.js', 'eslint.config.js'], [1, 'warn']],
  // An eslintrc cascades: the nested one is read for its folder, and .eslintignore in cwd.
  [
    '8',
    eslintrcFiles,
    ['.eslintignore', '.eslintrc.json', 'src/legacy/.eslintrc.json'],
    ['.eslintrc.json', 'src/legacy/.eslintrc.json'],
    [0, 'off'],
  ],
] as const)('what an ESLint %s run covered', (version, files, configFiles, sources, unusedDirectives) => {
  it('names the files it linted, the configuration files it read and a strength scope per resolved config', async () => {
    const repo = makeLintRepo({ eslint: version, typescript: false, files });
    const run = await runCheck(eslintCheck(), repo.root);
    expect(run.checkedPaths).toEqual(['src/a.js', 'src/generated.js', 'src/inline.js', 'src/legacy/old.js']);
    expect(run.configFiles).toEqual(configFiles);
    const brief = run.strength?.map(({ source, files: scoped, settings }) => ({
      source,
      files: scoped,
      settings: {
        'prefer-const': settings['prefer-const'],
        'no-var': settings['no-var'],
        'no-undef': settings['no-undef'],
        'linterOptions.noInlineConfig': settings['linterOptions.noInlineConfig'],
        'linterOptions.reportUnusedDisableDirectives': settings['linterOptions.reportUnusedDisableDirectives'],
        processor: settings['processor'],
        parser: settings['parser'],
      },
    }));
    const common = {
      'no-var': [1, 'warn'],
      'no-undef': [2, 'error'],
      'linterOptions.noInlineConfig': [0, 'false'],
      'linterOptions.reportUnusedDisableDirectives': unusedDirectives,
      processor: [1, 'none'],
      parser: [1, 'espree'],
    };
    expect(brief).toEqual([
      {
        source: sources[0],
        files: ['src/a.js', 'src/generated.js', 'src/inline.js'],
        settings: { 'prefer-const': [2, 'error'], ...common },
      },
      { source: sources[1], files: ['src/legacy/old.js'], settings: { 'prefer-const': [0, 'off'], ...common } },
    ]);
    // Every rule of the resolved config is a setting; culprit's own recording rule is not.
    for (const { settings } of run.strength ?? []) {
      expect(Object.keys(settings).length).toBeGreaterThan(50);
      expect(Object.keys(settings).some((name) => name.startsWith('culprit'))).toBe(false);
      for (const [name, [level, value]] of Object.entries(settings))
        if (name !== 'processor' && name !== 'parser')
          expect(['0 off', '1 warn', '2 error', '0 false', '1 true']).toContain(`${level} ${value}`);
    }
  });
});

describe('suppressions of an ESLint run, as attribution sees them', () => {
  it('keeps a directive moved with its code the same finding, and one the edit added is introduced', async () => {
    const repo = makeLintRepo({ eslint: '10', typescript: false, files: flatFiles });
    const anchored = (run: CheckRun): AnchoredDiagnostic[] =>
      run.diagnostics
        .filter((diagnostic) => diagnostic.kind === 'suppression')
        .map((diagnostic) => ({
          ...diagnostic,
          anchor: makeAnchor(diagnostic, repo.read(diagnostic.path!).split('\n')),
        }));
    const before = anchored(await runCheck(eslintCheck(), repo.root));
    // Two lines above everything, and a new directive over the first finding.
    const lines = repo.read('src/a.js').split('\n');
    repo.write('src/a.js', ['// moved down', '', '// eslint-disable-next-line prefer-const', ...lines].join('\n'));
    const after = anchored(await runCheck(eslintCheck(), repo.root));
    const { introduced, resolved, standing } = attribute(before, after);
    expect(
      introduced.map(({ path, line, message, suppression }) => ({ path, line, message, hidden: suppression?.hidden })),
    ).toEqual([
      {
        path: 'src/a.js',
        line: 3,
        message: 'eslint-disable-next-line prefer-const',
        hidden: [
          { code: 'prefer-const', line: 4, column: 5, message: "'a' is never reassigned. Use 'const' instead." },
        ],
      },
    ]);
    expect(resolved).toEqual([]);
    expect(standing.map(({ path, line }) => `${path}:${line}`)).toEqual([
      'src/a.js:5',
      'src/a.js:7',
      'src/a.js:11',
      'src/generated.js:1',
      'src/inline.js:1',
    ]);
  });
});

describe('an ESLint run that checked nothing', () => {
  it('fails when its configuration ignores every file', async () => {
    const repo = makeLintRepo({
      eslint: '10',
      typescript: false,
      files: {
        'package.json': '{ "type": "module" }\n',
        'eslint.config.js': "export default [{ ignores: ['**'] }];\n",
        'src/a.js': 'var a;\n',
      },
    });
    const run = await runCheck(eslintCheck(), repo.root);
    expect({ status: run.status, error: run.error }).toEqual({
      status: 'failed',
      error:
        'eslint checked no file: what it was configured to check matched no file, or only files its configuration ignores; a run that covers nothing cannot say the code is clean',
    });
  });

  it('fails when its patterns match no file (errorOnUnmatchedPattern is off for culprit)', async () => {
    const repo = makeLintRepo({ eslint: '9', typescript: false, files: flatFiles });
    const run = await runCheck(eslintCheck({ patterns: ['lib', 'tools/**/*.js'] }), repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^eslint checked no file: /);
  });

  it('fails when every file fails on a tsconfig typescript-eslint cannot read (TS5012)', async () => {
    const repo = makeLintRepo({
      eslint: '10',
      files: {
        'package.json': '{ "type": "module" }\n',
        'tsconfig.json': JSON.stringify({
          compilerOptions: { lib: ['es2022'], strict: true, types: [] },
          include: ['src'],
        }),
        'eslint.config.js': `import tseslint from 'typescript-eslint';
export default tseslint.config(
  { ignores: ['eslint.config.js'] },
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { project: './missing-tsconfig.json', tsconfigRootDir: import.meta.dirname } } },
);
`,
        'src/a.ts': 'export const a = 1;\n',
        'src/b.ts': 'export const b = 2;\n',
      },
    });
    const run = await runCheck(eslintCheck(), repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(
      /^eslint could not check 2 of the 2 files it was given, because of its configuration\. src\/a\.ts:.*Cannot read file '.*missing-tsconfig\.json'.* \(the same on src\/b\.ts\)$/,
    );
  });
});
