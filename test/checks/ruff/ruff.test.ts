/**
 * Ruff cannot be installed on this machine (it is not in Debian 12, and PyPI is out of reach),
 * so the adapter runs against a stand-in `ruff` on PATH that prints output in ruff's published
 * `--output-format json` shape; the parser is tested on the same shapes, the E999 of ruff
 * before 0.5 and the code-less SyntaxError after it.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { parseRuffOutput, parseRuffVersion } from '../../../src/checks/ruff/output.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { makeSuppressionFinding } from '../helpers.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';
import { prependPath, withPath, writeFakeTool } from '../../fixtures/python-tools.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeLintRepo(): TestRepo {
  const repo = makeRepo({
    typescript: false,
    git: false,
    files: {
      'ruff.toml': 'line-length = 100\n',
      'app/__init__.py': '',
      'app/main.py': 'import os\nfrom app import util\n',
      'app/util.py': 'def f(:\n',
    },
  });
  repos.push(repo);
  return repo;
}

const ruffCheck = (root: string): ResolvedCheck => ({
  name: 'ruff',
  kind: 'ruff',
  timeoutMs: 60_000,
  options: { workTree: root, targets: ['.'], sourceRoots: ['.', 'src'] },
});

/** What `ruff check --output-format json` prints: absolute file names, 1-based rows and columns. */
function makeRuffJson(root: string): string {
  return JSON.stringify(
    [
      {
        cell: null,
        code: 'F401',
        end_location: { column: 10, row: 1 },
        filename: join(root, 'app/main.py'),
        fix: {
          applicability: 'safe',
          edits: [{ content: '', end_location: { column: 1, row: 2 }, location: { column: 1, row: 1 } }],
          message: 'Remove unused import: `os`',
        },
        location: { column: 8, row: 1 },
        message: '`os` imported but unused',
        noqa_row: 1,
        url: 'https://docs.astral.sh/ruff/rules/unused-import',
      },
      {
        cell: null,
        code: null,
        end_location: { column: 7, row: 1 },
        filename: join(root, 'app/util.py'),
        fix: null,
        location: { column: 7, row: 1 },
        message: 'SyntaxError: Expected a parameter name',
        noqa_row: null,
        url: null,
      },
    ],
    null,
    2,
  );
}

/** What `ruff check --show-files` and `--show-settings` print, in the shape of ruff's own snapshot tests. */
function makeRuffAnswers(root: string): Record<string, string> {
  const files = ['app/__init__.py', 'app/main.py', 'app/util.py'].map((file) => join(root, file));
  const settings = [
    `Resolved settings for: "${join(root, 'app/__init__.py')}"`,
    `Settings path: "${join(root, 'ruff.toml')}"`,
    '',
    '# Linter Settings',
    'linter.exclude = []',
    'linter.rules.enabled = [',
    '\tline-too-long (E501),',
    '\tunused-import (F401),',
    ']',
    'linter.rules.should_fix = [',
    '\tunused-import (F401),',
    ']',
    'linter.per_file_ignores = {}',
    '',
  ];
  return { '--show-files': `${files.join('\n')}\n`, '--show-settings': settings.join('\n') };
}

describe('ruff adapter', () => {
  it('runs ruff check without fixes or cache and reports its violations with the import graph', async () => {
    const repo = makeLintRepo();
    const fake = writeFakeTool(join(repo.root, '.tools'), 'ruff', {
      version: 'ruff 0.6.9',
      stdout: makeRuffJson(repo.root),
      exitCode: 1,
      answers: makeRuffAnswers(repo.root),
    });
    const run = await withPath(prependPath(fake.bin), () => runCheck(ruffCheck(repo.root), repo.root));
    expect(run.status).toBe('ok');
    expect(run.version).toBe('0.6.9');
    // --no-cache: ruff would otherwise write .ruff_cache into the tree. Beside the lint, the files
    // it lints and the rules it enforces are asked for.
    const calls = fake.readCalls();
    expect(calls).toHaveLength(3);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['check', '--output-format', 'json', '--no-fix', '--no-cache', '.'],
        ['check', '--show-files', '--no-cache', '.'],
        ['check', '--show-settings', '--no-cache', '.'],
      ]),
    );
    expect(run.checkedPaths).toEqual(['app/__init__.py', 'app/main.py', 'app/util.py']);
    expect(run.configFiles).toEqual(['ruff.toml']);
    expect(run.strength).toEqual([
      { source: 'ruff.toml', settings: { E501: [1, 'line-too-long'], F401: [1, 'unused-import'] } },
    ]);
    expect(run.diagnostics).toEqual([
      {
        tool: 'ruff',
        code: 'F401',
        severity: 'error',
        phase: 'lint',
        path: 'app/main.py',
        line: 1,
        column: 8,
        endLine: 1,
        endColumn: 10,
        message: '`os` imported but unused',
      },
      {
        tool: 'ruff',
        code: 'syntax',
        severity: 'error',
        phase: 'syntax',
        path: 'app/util.py',
        line: 1,
        column: 7,
        endLine: 1,
        endColumn: 7,
        message: 'SyntaxError: Expected a parameter name',
      },
    ]);
    expect(run.imports).toEqual({ 'app/main.py': ['app/util.py'] });
  });

  it('fails on exit code 2 (a configuration or command line problem) with what ruff said', async () => {
    const repo = makeLintRepo();
    const fake = writeFakeTool(join(repo.root, '.tools'), 'ruff', { version: 'ruff 0.6.9', stdout: '', exitCode: 2 });
    const run = await withPath(prependPath(fake.bin), () => runCheck(ruffCheck(repo.root), repo.root));
    expect(run.status).toBe('failed');
    expect(run.error).toBe('ruff failed (exit code 2): it wrote nothing to stderr');
  });

  it('is missing when there is no ruff', async () => {
    const repo = makeLintRepo();
    const run = await withPath(join(repo.root, 'no-such-bin'), () => runCheck(ruffCheck(repo.root), repo.root));
    expect(run.status).toBe('missing');
    expect(run.error).toBe(`ruff is not installed: no ruff in .venv or venv of ${repo.root}, and none on PATH`);
  });

  it("finds the repository's own ruff in its virtualenv before PATH", async () => {
    const repo = makeLintRepo();
    const fake = writeFakeTool(join(repo.root, '.venv'), 'ruff', {
      version: 'ruff 0.8.0',
      stdout: '[]',
      exitCode: 0,
      answers: makeRuffAnswers(repo.root),
    });
    const run = await withPath(join(repo.root, 'no-such-bin'), () => runCheck(ruffCheck(repo.root), repo.root));
    expect(run).toMatchObject({ status: 'ok', version: '0.8.0', diagnostics: [] });
    // The lint, and beside it the files it lints and the rules it enforces.
    expect(fake.readCalls()).toHaveLength(3);
  });

  it('reports the directives ruff obeys as suppressions, each with the lines it covers', async () => {
    const repo = makeLintRepo();
    repo.write(
      'app/main.py',
      'import os  # noqa: F401 used by plugins\nimport sys  # NOQA\nx = "# noqa in a string"  # type: ignore\n',
    );
    repo.write('app/util.py', '# ruff: noqa: E501\ndef f():\n    pass\n');
    repo.write('app/__init__.py', '"""Package."""\n# flake8: noqa\n');
    const fake = writeFakeTool(join(repo.root, '.tools'), 'ruff', {
      version: 'ruff 0.6.9',
      stdout: '[]',
      exitCode: 0,
      answers: makeRuffAnswers(repo.root),
    });
    const run = await withPath(prependPath(fake.bin), () => runCheck(ruffCheck(repo.root), repo.root));
    expect(run.status).toBe('ok');
    const suppression = makeSuppressionFinding('ruff', 'lint');
    expect(run.diagnostics).toEqual([
      suppression('app/__init__.py', 2, 1, 'flake8: noqa', 'flake8: noqa', { codes: [], reason: '', from: 1, to: 0 }),
      suppression('app/main.py', 1, 12, 'noqa', 'noqa: F401', {
        codes: ['F401'],
        reason: 'used by plugins',
        from: 1,
        to: 1,
      }),
      suppression('app/main.py', 2, 13, 'noqa', 'NOQA', { codes: [], reason: '', from: 2, to: 2 }),
      suppression('app/util.py', 1, 1, 'ruff: noqa', 'ruff: noqa: E501', {
        codes: ['E501'],
        reason: '',
        from: 1,
        to: 0,
      }),
    ]);
  });

  it('fails, never clean, when ruff lints no file', async () => {
    const repo = makeLintRepo();
    const fake = writeFakeTool(join(repo.root, '.tools'), 'ruff', {
      version: 'ruff 0.6.9',
      stdout: '[]',
      exitCode: 0,
      answers: { '--show-files': '', '--show-settings': '' },
    });
    const run = await withPath(prependPath(fake.bin), () => runCheck(ruffCheck(repo.root), repo.root));
    expect(run).toMatchObject({
      status: 'failed',
      error: 'ruff checked no file: a run that covers nothing cannot say the code is clean',
    });
  });
});

describe('ruff output', () => {
  it('treats E999 as a syntax error too, and rejects output that is not a violation list', () => {
    const old = JSON.stringify([
      {
        code: 'E999',
        filename: '/r/a.py',
        message: 'SyntaxError: invalid syntax',
        location: { row: 2, column: 1 },
        end_location: { row: 2, column: 5 },
      },
    ]);
    expect(parseRuffOutput(old, (file) => file.slice(3))).toEqual([
      {
        tool: 'ruff',
        code: 'E999',
        severity: 'error',
        phase: 'syntax',
        path: 'a.py',
        line: 2,
        column: 1,
        endLine: 2,
        endColumn: 5,
        message: 'SyntaxError: invalid syntax',
      },
    ]);
    expect(() => parseRuffOutput('a.py:1:1: F401', String)).toThrow('ruff printed no JSON list: "a.py:1:1: F401"');
    expect(() => parseRuffOutput('{"a": 1}', String)).toThrow(
      'ruff printed JSON that is not its --output-format json list of violations',
    );
    expect(parseRuffVersion('ruff 0.6.9\n')).toBe('0.6.9');
  });
});
