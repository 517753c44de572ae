/**
 * The oxlint check with the real oxlint culprit pins, on small repositories the tests write:
 * detection by .oxlintrc.json, its SARIF parsed exactly (rule ids as .oxlintrc.json names them,
 * byte columns recounted in UTF-16, parse errors as syntax), and every way oxlint can fail to
 * give a result reported `failed`, never clean.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { resolveSettings } from '../../../src/config/resolve-settings.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';
import { linkLinter, lintedFiles, oxlintConfig, makeOxlintCheck } from '../../fixtures/js-linters.js';
import { prependPath, withPath, writeFakeTool } from '../../fixtures/python-tools.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeOxlintRepo(files: Record<string, string> = {}): TestRepo {
  const repo = makeRepo({ typescript: false, files: { '.oxlintrc.json': oxlintConfig, ...lintedFiles, ...files } });
  linkLinter(repo.root, 'oxlint');
  repos.push(repo);
  return repo;
}

const oxlintCheck = makeOxlintCheck;

const listTree = (root: string) => readdirSync(root, { recursive: true, encoding: 'utf8' }).sort();

describe('oxlint check', () => {
  it("reports its own and ESLint's directives in the files it linted as suppressions, and honours them", async () => {
    const repo = makeOxlintRepo({
      'src/quiet.ts': [
        '// oxlint-disable-next-line no-debugger -- kept for the demo',
        'export function pause(): void {',
        '  // eslint-disable-next-line no-debugger',
        '  debugger;',
        '}',
        "const text = '// oxlint-disable-line eqeqeq';",
        'export { text };',
        '',
      ].join('\n'),
    });
    const run = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.diagnostics.filter((finding) => finding.path === 'src/quiet.ts')).toEqual([
      expect.objectContaining({
        code: 'oxlint-disable-next-line',
        line: 1,
        message: 'oxlint-disable-next-line no-debugger',
        kind: 'suppression',
        suppression: { codes: ['no-debugger'], reason: 'kept for the demo', from: 2, to: 2 },
      }),
      expect.objectContaining({
        code: 'eslint-disable-next-line',
        line: 3,
        kind: 'suppression',
        suppression: { codes: ['no-debugger'], reason: '', from: 4, to: 4 },
      }),
    ]);
  });

  it('is detected by .oxlintrc.json, beside tsc', async () => {
    const repo = makeOxlintRepo({ 'tsconfig.json': '{}' });
    const settings = await resolveSettings(repo.root, {});
    expect(settings.checks.map((check) => [check.kind, check.options])).toEqual([
      ['tsc', expect.anything()],
      ['oxlint', { workTree: repo.root, targets: ['.'] }],
    ]);
  });

  it("runs the repository's oxlint and reports its findings exactly, writing nothing into the tree", async () => {
    const repo = makeOxlintRepo();
    const before = listTree(repo.root);
    const run = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(run).toMatchObject({ status: 'ok', version: '1.95.0' });
    expect(run.diagnostics).toEqual([
      {
        tool: 'oxlint',
        code: 'syntax',
        severity: 'error',
        phase: 'syntax',
        path: 'src/broken.js',
        line: 1,
        column: 18,
        endLine: 1,
        endColumn: 19,
        message: 'Unexpected token',
      },
      {
        tool: 'oxlint',
        code: 'typescript/no-explicit-any',
        severity: 'error',
        phase: 'lint',
        path: 'src/debug.ts',
        line: 1,
        column: 32,
        endLine: 1,
        endColumn: 35,
        message: 'Unexpected `any`. Specify a different type.',
      },
      {
        tool: 'oxlint',
        code: 'eslint/no-debugger',
        severity: 'warning',
        phase: 'lint',
        path: 'src/debug.ts',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 12,
        message: '`debugger` statement is not allowed',
      },
      {
        tool: 'oxlint',
        code: 'eslint/eqeqeq',
        severity: 'error',
        phase: 'lint',
        path: 'src/tag.js',
        line: 2,
        // oxlint says 39: the emoji is 4 bytes and the euro sign 3, but 2 and 1 UTF-16 code units.
        column: 35,
        endLine: 2,
        endColumn: 37,
        message: 'Expected === and instead saw ==',
      },
    ]);
    // Its coverage: every file it linted, from `oxlint --debug=files` (its SARIF names only those with results).
    expect(run.checkedPaths).toEqual(['src/broken.js', 'src/debug.ts', 'src/tag.js', 'src/total.ts']);
    expect(run.configFiles).toEqual(['.oxlintrc.json']);
    expect(listTree(repo.root)).toEqual(before);
  });

  it("reads how strictly it lints from oxlint's resolved configuration: each rule at the least strict level any override gives it", async () => {
    const config = {
      ...(JSON.parse(oxlintConfig) as object),
      overrides: [{ files: ['src/legacy/**'], rules: { eqeqeq: 'off', 'no-debugger': 'error' } }],
    };
    const repo = makeOxlintRepo({ '.oxlintrc.json': JSON.stringify(config) });
    const run = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.strength).toEqual([
      {
        source: '.oxlintrc.json',
        settings: {
          eqeqeq: [0, 'allow'],
          'no-debugger': [1, 'warn'],
          'no-unused-vars': [2, 'deny'],
          'typescript/no-explicit-any': [2, 'deny'],
        },
      },
    ]);
  });

  it('leaves a file its config now ignores out of its coverage', async () => {
    const config = { ...(JSON.parse(oxlintConfig) as object), ignorePatterns: ['src/total.ts'] };
    const repo = makeOxlintRepo({ '.oxlintrc.json': JSON.stringify(config) });
    const run = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.checkedPaths).toEqual(['src/broken.js', 'src/debug.ts', 'src/tag.js']);
  });

  it('fails, never clean, on a tree with nothing to lint: a run that checked no file', async () => {
    const repo = makeRepo({ typescript: false, files: { '.oxlintrc.json': oxlintConfig, 'README.md': '# Docs\n' } });
    repos.push(repo);
    linkLinter(repo.root, 'oxlint');
    const run = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(run).toMatchObject({
      status: 'failed',
      diagnostics: [],
      error: 'oxlint checked no file: a run that covers nothing cannot say the code is clean',
    });
  });

  it("fails with oxlint's own words when its configuration is wrong", async () => {
    const repo = makeOxlintRepo({ '.oxlintrc.json': '{ "rules": { "no-such-rule": "error" } }' });
    const run = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      "oxlint failed (exit code 1): Failed to parse oxlint configuration file. | Rule 'no-such-rule' not found in plugin 'eslint'",
    );
  });

  it('fails, never clean, when oxlint crashes or prints what is not its SARIF log', async () => {
    const repo = makeOxlintRepo();
    repo.remove('node_modules');
    const run = async (stdout: string, exitCode: number) => {
      const fake = writeFakeTool(join(repo.root, '.tools'), 'oxlint', { version: '', stdout, exitCode });
      return withPath(prependPath(fake.bin), () => runCheck(oxlintCheck(repo.root), repo.root));
    };
    const crashed = await run('{"version": "2.1.0", "runs": [', 101);
    expect(crashed).toMatchObject({ status: 'failed', diagnostics: [] });
    expect(crashed.error).toMatch(
      /^oxlint failed \(exit code 101\): it wrote nothing to stderr; its stdout is no SARIF 2\.1\.0 log: stdout is not JSON/,
    );
    const garbled = await run('{"version": "2.1.0", "runs": [{}]}', 0);
    expect(garbled).toMatchObject({ status: 'failed', diagnostics: [] });
    expect(garbled.error).toBe(
      'oxlint failed (exit code 0): it wrote nothing to stderr; its stdout is no SARIF 2.1.0 log: not a SARIF 2.1.0 log: runs.0.tool: expected object, received undefined',
    );
    // A log that says the run produced no results is not a clean one.
    const nothing = await run(
      '{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "oxlint"}}, "results": null}]}',
      0,
    );
    expect(nothing).toMatchObject({
      status: 'failed',
      error: 'oxlint gave "results": null, a run that produced no results',
    });
    const silent = await run('', 0);
    expect(silent.error).toBe(
      'oxlint failed (exit code 0): it wrote nothing to stderr; its stdout is no SARIF 2.1.0 log: stdout was empty',
    );
  });

  it('is missing when neither the repository nor PATH has oxlint', async () => {
    const repo = makeOxlintRepo();
    repo.remove('node_modules');
    const run = await withPath(join(repo.root, 'no-such-bin'), () => runCheck(oxlintCheck(repo.root), repo.root));
    expect(run.status).toBe('missing');
  });
});
