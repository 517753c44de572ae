/**
 * Scenarios that need type-aware ESLint: damage a patch does in files it never touched, and a
 * broken linter configuration, which must never read as clean.
 */
import { afterEach, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, typeAwareEslintConfig, type TestRepo } from '../helpers/repo.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

const files = {
  'package.json': '{ "name": "typed", "private": true, "type": "module" }',
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'es2022', lib: ['es2022'], module: 'nodenext', strict: true, noEmit: true, types: [] },
    include: ['src'],
  }),
  'eslint.config.js': typeAwareEslintConfig,
  'src/config.ts': `export interface Config {
  port: number;
  host: string;
}

export function parseConfig(text: string): Config {
  return JSON.parse(text) as Config;
}
`,
  'src/server.ts': `import { parseConfig } from './config.js';

function listen(port: number, host: string): string {
  return \`\${host}:\${port}\`;
}

export function start(text: string): string {
  const config = parseConfig(text);
  return listen(config.port, config.host);
}
`,
  'src/health.ts': `import { parseConfig } from './config.js';

export function healthUrl(text: string): string {
  const { host } = parseConfig(text);
  return \`http://\${host}/health\`;
}
`,
};

test('a return type widened to any is the cause of the no-unsafe-* at call sites it never touched, all shown at once', () => {
  repo = makeRepo({ eslint: '10', files });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/config.ts', repo.read('src/config.ts').replace('(text: string): Config {', '(text: string): any {'));
  const { exitCode, report } = checkJson(repo.root, ['--max-files', '5']);
  expect(exitCode).toBe(1);
  // The patch touched only config.ts; its damage is in server.ts and health.ts, traced to the change.
  expect(report.roots.map((root) => root.files)).toEqual([['src/config.ts']]);
  expect(report.withheld.count).toBe(0);
  expect(report.counts.introduced).toBe(report.shown.length);
  expect(report.shown[0]).toMatchObject({ path: 'src/config.ts', code: '@typescript-eslint/no-explicit-any' });
  expect(new Set(report.shown.slice(1).map((f) => f.path))).toEqual(new Set(['src/health.ts', 'src/server.ts']));
  expect(report.groups).toHaveLength(1);
  expect(report.groups[0]!.cause!.change).toMatchObject({
    kind: 'signature',
    symbol: 'parseConfig',
    path: 'src/config.ts',
  });
  expect(report.groups[0]!.sites).toBe(report.shown.length - 1);
});

test('the damage is shown with its cause when the widened type has no finding of its own', () => {
  repo = makeRepo({
    eslint: '10',
    files: {
      ...files,
      'eslint.config.js': typeAwareEslintConfig.replace(
        '  {\n    languageOptions',
        "  { rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-unsafe-return': 'off' } },\n  {\n    languageOptions",
      ),
    },
  });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/config.ts', repo.read('src/config.ts').replace('(text: string): Config {', '(text: string): any {'));
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.roots.map((root) => root.files)).toEqual([['src/config.ts']]);
  const shown = report.shown.map((f) => [f.path, f.code]);
  expect(shown).toContainEqual(['src/server.ts', '@typescript-eslint/no-unsafe-argument']);
  expect(shown).toContainEqual(['src/health.ts', '@typescript-eslint/no-unsafe-assignment']);
  expect(shown.every(([, code]) => String(code).startsWith('@typescript-eslint/no-unsafe-'))).toBe(true);
});

test('a broken ESLint config exits 2 and is never reported clean', () => {
  repo = makeRepo({ eslint: '10', files });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('eslint.config.js', `${repo.read('eslint.config.js')}\nexport const broken = ;\n`);
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(2);
  expect(report.verdict).toBe('check-failed');
  const eslint = report.checks.find((check) => check.name === 'eslint');
  expect(eslint?.status).toBe('failed');
  expect(eslint?.error).toMatch(/eslint\.config\.js/);
  const text = runCli(repo.root, ['check']);
  expect(text.exitCode).toBe(2);
  expect(text.stdout.toLowerCase()).toContain('not a clean result');
});

test('ESLint 9 works the same way', () => {
  repo = makeRepo({ eslint: '9', files });
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/health.ts', repo.read('src/health.ts').replace('const { host }', 'let { host }'));
  const { exitCode, report } = checkJson(repo.root);
  expect(exitCode).toBe(1);
  expect(report.shown.map((f) => [f.path, f.code])).toEqual([['src/health.ts', 'prefer-const']]);
  expect(report.checks.find((check) => check.name === 'eslint')?.version).toMatch(/^9\./);
});

/** typescript-eslint pointed at a tsconfig (`parserOptions.project`) that includes only `lib/`. */
const projectConfig = typeAwareEslintConfig.replace(
  'parserOptions: { projectService: true,',
  "parserOptions: { project: './tsconfig.json',",
);
const narrowTsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ['lib'] });

test('an ESLint that fails on every file for its configuration is a failed check on both sides, never standing findings (~2 ESLint runs)', () => {
  repo = makeRepo({
    eslint: '10',
    files: {
      ...files,
      'tsconfig.json': narrowTsconfig,
      // The project has a file of its own, so what typescript-eslint says is that src/ is outside it.
      'lib/index.ts': 'export const version = 1;\n',
      'eslint.config.js': projectConfig,
      'culprit.config.json': '{ "checks": { "eslint": { "patterns": ["src"] } } }',
    },
  });
  // The baseline is not clean, it is incomplete: start says so and exits 2.
  const start = runCli(repo.root, ['start', '--json']);
  expect(start.exitCode, start.stderr).toBe(2);
  expect(JSON.parse(start.stdout)).toMatchObject({ complete: false, checks: [{ name: 'eslint', status: 'failed' }] });
  repo.write('src/health.ts', repo.read('src/health.ts').replace('const { host }', 'let { host }'));
  const { exitCode, report } = checkJson(repo.root);
  expect([exitCode, report.verdict]).toEqual([2, 'check-failed']);
  const eslint = report.checks.find((check) => check.name === 'eslint');
  expect(eslint?.status).toBe('failed');
  expect(eslint?.error).toMatch(
    /^eslint could not check 3 of the 3 files it was given, because of its configuration\. src\/config\.ts: Parsing error: "parserOptions\.project" has been provided for @typescript-eslint\/parser\. The file was not found in any of the provided project\(s\): src\/config\.ts \(the same on src\/health\.ts, src\/server\.ts\)$/,
  );
  expect(report.counts).toEqual({ introduced: 0, resolved: 0, standing: 0, reworded: 0, reanchored: 0, silenced: 0 });
});

test('one file outside the project among three linted is a finding, not a failed check (~1 ESLint run)', () => {
  repo = makeRepo({
    eslint: '10',
    files: {
      ...files,
      'tsconfig.json': JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, types: [] },
        files: ['src/config.ts', 'src/server.ts'],
      }),
      'eslint.config.js': projectConfig,
      'culprit.config.json': '{ "checks": { "eslint": {} } }',
    },
  });
  // No edit: HEAD's tree is the work tree, so this one run is the baseline too.
  const { exitCode, report } = checkJson(repo.root);
  expect(report.checks.map((check) => [check.name, check.status])).toEqual([['eslint', 'ok']]);
  expect([exitCode, report.verdict, report.counts.standing]).toEqual([0, 'clean', 1]);
});
