/**
 * The biome check with the real Biome culprit pins, on small repositories the tests write:
 * detection by biome.json or biome.jsonc, its SARIF parsed exactly (categories as rule ids,
 * code-point columns recounted in UTF-16, `parse` as syntax, biome.json's own notes as config),
 * and a Biome that cannot give a result reported `failed`, never clean.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { resolveSettings } from '../../../src/config/resolve-settings.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';
import { biomeConfig, linkLinter, lintedFiles } from '../../fixtures/js-linters.js';
import { prependPath, withPath, writeFakeTool } from '../../fixtures/python-tools.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeBiomeRepo(files: Record<string, string> = { 'biome.json': biomeConfig }): TestRepo {
  const repo = makeRepo({ typescript: false, files: { ...lintedFiles, ...files } });
  linkLinter(repo.root, 'biome');
  repos.push(repo);
  return repo;
}

const biomeCheck = (root: string): ResolvedCheck => ({
  name: 'biome',
  kind: 'biome',
  timeoutMs: 60_000,
  options: { workTree: root, targets: ['.'] },
});

describe('biome check', () => {
  it('reports biome-ignore comments in the files it linted as suppressions', async () => {
    const repo = makeBiomeRepo({
      'biome.json': biomeConfig,
      'src/quiet.ts': [
        'export function pause(): void {',
        '  // biome-ignore lint/suspicious/noDebugger: kept for the demo',
        '  debugger;',
        '}',
        '',
      ].join('\n'),
    });
    const run = await runCheck(biomeCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.diagnostics.filter((finding) => finding.path === 'src/quiet.ts')).toEqual([
      expect.objectContaining({
        code: 'biome-ignore',
        line: 2,
        message: 'biome-ignore lint/suspicious/noDebugger',
        kind: 'suppression',
        suppression: { codes: ['lint/suspicious/noDebugger'], reason: 'kept for the demo', from: 3, to: 3 },
      }),
    ]);
  });

  it('is detected by biome.json or biome.jsonc', async () => {
    for (const name of ['biome.json', 'biome.jsonc']) {
      const repo = makeBiomeRepo({ [name]: name.endsWith('c') ? `// Biome's lint.\n${biomeConfig}` : biomeConfig });
      const settings = await resolveSettings(repo.root, {});
      expect(settings.checks.map((check) => [check.kind, check.options])).toEqual([
        ['biome', { workTree: repo.root, targets: ['.'] }],
      ]);
    }
  });

  it("runs the repository's Biome and reports its findings exactly, writing nothing into the tree", async () => {
    const repo = makeBiomeRepo();
    const before = readdirSync(repo.root, { recursive: true, encoding: 'utf8' }).sort();
    const run = await runCheck(biomeCheck(repo.root), repo.root);
    expect(run).toMatchObject({ status: 'ok', version: '2.6.9' });
    const lint = { tool: 'biome', phase: 'lint' } as const;
    expect(run.diagnostics).toEqual([
      {
        tool: 'biome',
        code: 'parse',
        severity: 'error',
        phase: 'syntax',
        path: 'src/broken.js',
        line: 1,
        column: 18,
        endLine: 1,
        endColumn: 19,
        message: "Expected an expression, or an assignment but instead found ';'.",
      },
      {
        ...lint,
        code: 'lint/suspicious/noExplicitAny',
        severity: 'error',
        path: 'src/debug.ts',
        line: 1,
        column: 32,
        endLine: 1,
        endColumn: 35,
        message: 'Unexpected any. Specify a different type.',
      },
      {
        ...lint,
        code: 'lint/suspicious/noDebugger',
        severity: 'warning',
        path: 'src/debug.ts',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 12,
        message: 'This is an unexpected use of the debugger statement.',
      },
      {
        ...lint,
        code: 'lint/suspicious/noDoubleEquals',
        severity: 'error',
        path: 'src/tag.js',
        line: 2,
        // Biome says 34: the emoji is one code point, and two UTF-16 code units.
        column: 35,
        endLine: 2,
        endColumn: 37,
        message: 'Using == may be unsafe if you are relying on type coercion.',
      },
    ]);
    // Its coverage: the files Biome processed, from --verbose's list in its summary report (biome.json is linted too).
    expect(run.checkedPaths).toEqual(['biome.json', 'src/broken.js', 'src/debug.ts', 'src/tag.js', 'src/total.ts']);
    expect(run.configFiles).toEqual(['biome.json']);
    expect(readdirSync(repo.root, { recursive: true, encoding: 'utf8' }).sort()).toEqual(before);
  });

  it('reads how strictly it lints from biome.json: each rule at the least strict level its overrides give it', async () => {
    const config = JSON.parse(biomeConfig) as { linter: { rules: Record<string, unknown> } };
    const relaxed = {
      ...config,
      overrides: [{ includes: ['src/legacy/**'], linter: { rules: { suspicious: { noDoubleEquals: 'off' } } } }],
    };
    const repo = makeBiomeRepo({ 'biome.json': JSON.stringify(relaxed) });
    const run = await runCheck(biomeCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.strength).toEqual([
      {
        source: 'biome.json',
        settings: {
          'linter.enabled': [1, 'true'],
          preset: [0, 'none'],
          'suspicious/noDebugger': [1, 'warn'],
          'suspicious/noDoubleEquals': [0, 'off'],
          'suspicious/noExplicitAny': [2, 'error'],
          'correctness/noUnusedVariables': [2, 'error'],
          'rules off': [-1, 'suspicious/noDoubleEquals'],
        },
      },
    ]);
  });

  it('leaves the files biome.json now ignores out of its coverage', async () => {
    const config = { ...(JSON.parse(biomeConfig) as object), files: { includes: ['**', '!src/total.ts'] } };
    const repo = makeBiomeRepo({ 'biome.json': JSON.stringify(config) });
    const run = await runCheck(biomeCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.checkedPaths).toEqual(['biome.json', 'src/broken.js', 'src/debug.ts', 'src/tag.js']);
  });

  it("reports what biome.json's own notes say as config findings on biome.json", async () => {
    const config = JSON.stringify({ linter: { rules: { recommended: false, suspicious: { noDebugger: 'error' } } } });
    const repo = makeBiomeRepo({ 'biome.json': config });
    const run = await runCheck(biomeCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.diagnostics.filter((d) => d.path === 'biome.json')).toEqual([
      expect.objectContaining({ code: 'deserialize', phase: 'config', severity: 'warning', line: 1 }),
    ]);
  });

  it("fails with Biome's own words when it cannot read biome.json", async () => {
    const repo = makeBiomeRepo({ 'biome.json': '{ "linter": { "bogus": true } }' });
    const run = await runCheck(biomeCheck(repo.root), repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      'biome failed (exit code 1): biome.json:1:15 deserialize | Found an unknown key `bogus`. | Biome exited because the configuration resulted in errors. Please fix them.',
    );
  });

  it('fails, never clean, when Biome prints what is not a SARIF log', async () => {
    const repo = makeBiomeRepo();
    repo.remove('node_modules');
    const fake = writeFakeTool(join(repo.root, '.tools'), 'biome', {
      version: 'Version: 2.6.9',
      stdout: '\u0000\uFFFD garbage',
      exitCode: 0,
    });
    const run = await withPath(prependPath(fake.bin), () => runCheck(biomeCheck(repo.root), repo.root));
    expect(run).toMatchObject({ status: 'failed', diagnostics: [] });
    expect(run.error).toMatch(
      /^biome failed \(exit code 0\): it wrote nothing to stderr; its stdout is no SARIF 2\.1\.0 log: stdout is not JSON/,
    );
    // The same run writes its summary, with the files it processed, to a file outside the tree.
    expect(fake.readCalls()).toEqual([
      [
        'lint',
        '--reporter=sarif',
        '--max-diagnostics=none',
        '--colors=off',
        '--verbose',
        '--reporter=summary',
        expect.stringMatching(/^--reporter-file=.*\/culprit-tool-\w+\/biome-summary\.txt$/),
        '.',
      ],
    ]);
  });
});
