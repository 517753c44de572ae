import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { findExecutable } from '../../../src/checks/runner/find-executable.js';
import { chooseMypyFormat, parseMypyOutput, parseMypyVersion } from '../../../src/checks/mypy/output.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';
import { renamePrice, shopFiles, shopSourcePaths } from '../../fixtures/python-shop.js';
import { prependPath, useTemporaryCacheHome, withPath, writeFakeTool } from '../../fixtures/python-tools.js';
import { listTree, makeSuppressionFinding } from '../helpers.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

// mypy's incremental cache goes to culprit's cache folder; keep it out of the user's.
const readCacheHome = useTemporaryCacheHome({ beforeAll, afterAll });

function makeShop(files: Record<string, string> = shopFiles): TestRepo {
  const repo = makeRepo({ files, typescript: false, git: false });
  repos.push(repo);
  return repo;
}

const mypyCheck = (root: string, targets = ['src', 'tests']): ResolvedCheck => ({
  name: 'mypy',
  kind: 'mypy',
  timeoutMs: 120_000,
  options: { workTree: root, targets, sourceRoots: ['.', 'src'] },
});

// CI installs Debian's mypy (.ci/run); a developer machine without it skips the real runs, CI never does.
const hasMypy = findExecutable('mypy', { local: [], roots: [] }) !== null;

describe.skipIf(!hasMypy && process.env['CI'] !== 'true')('mypy adapter with the installed mypy', () => {
  it('reports mypy findings by column and code, builds the import graph and writes nothing into the tree', async () => {
    const repo = makeShop();
    repo.write('src/shop/models/card.py', renamePrice(repo.read('src/shop/models/card.py')));
    const before = listTree(repo.root);
    const run = await runCheck(mypyCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.version).toMatch(/^\d+\.\d+/);
    const noAttribute = (path: string, line: number, column: number) =>
      expect.objectContaining({
        tool: 'mypy',
        code: 'attr-defined',
        severity: 'error',
        phase: 'semantic',
        path,
        line,
        column,
        message: '"RateCard" has no attribute "price"',
      });
    expect(run.diagnostics).toEqual([
      noAttribute('src/shop/billing/invoice.py', 10, 16),
      expect.objectContaining({
        path: 'src/shop/billing/invoice.py',
        line: 14,
        code: 'call-arg',
        message: 'Unexpected keyword argument "price" for "RateCard"',
      }),
      expect.objectContaining({
        path: 'src/shop/legacy.py',
        line: 1,
        column: 14,
        code: 'assignment',
        message: 'Incompatible types in assignment (expression has type "str", variable has type "int")',
      }),
      noAttribute('src/shop/pricing/rates.py', 5, 12),
      noAttribute('src/shop/pricing/rates.py', 9, 12),
      noAttribute('tests/test_invoice.py', 6, 44),
    ]);
    expect(run.imports?.['tests/test_invoice.py']).toEqual(['src/shop/billing/invoice.py']);
    expect(listTree(repo.root)).toEqual(before);
    expect(existsSync(join(repo.root, '.mypy_cache'))).toBe(false);
    expect(readdirSync(join(readCacheHome(), 'culprit', 'mypy'))).toHaveLength(1);
    // What it checked, from its --verbose log, and with what configuration.
    expect(run.checkedPaths).toEqual(shopSourcePaths);
    expect(run.configFiles).toEqual(['pyproject.toml']);
    expect(run.strength).toHaveLength(1);
    expect(run.strength?.[0]?.settings).toMatchObject({
      strict: [0, 'false'],
      disallow_untyped_defs: [0, 'false'],
      strict_optional: [1, 'true'],
      ignore_missing_imports: [1, 'false'],
      follow_imports: [2, 'normal'],
    });
  });

  it('reports the directives mypy obeys as suppressions, each with the lines it covers', async () => {
    const repo = makeShop({
      'mypy.ini': '[mypy]\n',
      'lines.py': [
        'a: int = "a"  # type: ignore[assignment]  # legacy data',
        'b = "# type: ignore is text in a string"',
        'c: int = "c"  # noqa',
        '',
      ].join('\n'),
      'quiet.py': '# mypy: ignore-errors\nx: int = "a"\n',
      'codes.py': '# mypy: disable-error-code="assignment, misc"\nz: int = "z"\n',
      'top.py': '# type: ignore\nimport os\ny: int = "b"\n',
    });
    const run = await runCheck(mypyCheck(repo.root, ['.']), repo.root);
    expect(run.status).toBe('ok');
    expect(run.checkedPaths).toEqual(['codes.py', 'lines.py', 'quiet.py', 'top.py']);
    const suppression = makeSuppressionFinding('mypy', 'semantic');
    expect(run.diagnostics).toEqual([
      suppression('codes.py', 1, 1, 'mypy: disable-error-code', 'mypy: disable-error-code="assignment, misc"', {
        codes: ['assignment', 'misc'],
        reason: '',
        from: 1,
        to: 0,
      }),
      suppression('lines.py', 1, 15, 'type: ignore', 'type: ignore[assignment]', {
        codes: ['assignment'],
        reason: 'legacy data',
        from: 1,
        to: 1,
      }),
      expect.objectContaining({ path: 'lines.py', line: 3, code: 'assignment', severity: 'error' }),
      suppression('quiet.py', 1, 1, 'mypy: ignore-errors', 'mypy: ignore-errors', {
        codes: [],
        reason: '',
        from: 1,
        to: 0,
      }),
      suppression('top.py', 1, 1, 'type: ignore', 'type: ignore', { codes: [], reason: '', from: 1, to: 0 }),
    ]);
  });

  it('reads its strength from mypy.ini, a per-module section giving its modules a scope of their own', async () => {
    const repo = makeShop({
      'mypy.ini':
        '[mypy]\nstrict = True\nwarn_return_any = False\ndisable_error_code = misc,\n    union-attr\n\n[mypy-legacy.*]\nignore_errors = True\n',
      'app.py': 'x: int = 1\n',
      'legacy/__init__.py': '',
      'legacy/old.py': 'y: int = "old"\n',
    });
    const run = await runCheck(mypyCheck(repo.root, ['.']), repo.root);
    expect(run.status).toBe('ok');
    expect(run.configFiles).toEqual(['mypy.ini']);
    const [main, legacy] = run.strength ?? [];
    expect(main).toMatchObject({ source: 'mypy.ini', files: ['app.py'] });
    expect(main?.settings).toMatchObject({
      strict: [1, 'true'],
      disallow_untyped_defs: [1, 'true'],
      warn_return_any: [0, 'false'],
      implicit_reexport: [1, 'false'],
      ignore_errors: [1, 'false'],
      disable_error_code: [-2, 'misc, union-attr'],
    });
    expect(legacy).toMatchObject({ source: 'mypy.ini', files: ['legacy/__init__.py', 'legacy/old.py'] });
    expect(legacy?.settings).toMatchObject({ strict: [1, 'true'], ignore_errors: [0, 'true'] });
  });

  it('fails with one line when its configuration no longer parses (mypy itself would go on without it)', async () => {
    const repo = makeShop({ 'mypy.ini': '[mypy\nstrict = True\n', 'a.py': 'x = 1\n' });
    const run = await runCheck(mypyCheck(repo.root, ['.']), repo.root);
    expect(run).toMatchObject({ status: 'failed', error: 'mypy.ini does not parse: line 1: "[mypy"' });
  });

  it('fails, quoting the blocking error, when mypy stops at a file that does not parse (exit 2): it checked nothing after it', async () => {
    const repo = makeShop({ 'mypy.ini': '[mypy]\n', 'broken.py': 'def f(:\n    pass\n', 'other.py': 'x: int = "a"\n' });
    const run = await runCheck(mypyCheck(repo.root, ['.']), repo.root);
    expect(run).toMatchObject({
      status: 'failed',
      diagnostics: [],
      error: 'mypy stopped at a blocking error and checked nothing after it: broken.py:1:8: invalid syntax [syntax]',
    });
  });

  it("fails with mypy's own words when it cannot run at all", async () => {
    const repo = makeShop({ 'mypy.ini': '[mypy]\n', 'a.py': 'x = 1\n' });
    const run = await runCheck(mypyCheck(repo.root, ['does-not-exist.py']), repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^mypy failed \(exit code 2\): .*does-not-exist\.py/);
  });
});

describe('mypy adapter', () => {
  it('is missing when there is no mypy', async () => {
    const repo = makeShop({ 'mypy.ini': '[mypy]\n', 'a.py': 'x = 1\n' });
    const run = await withPath(join(repo.root, 'no-such-bin'), () => runCheck(mypyCheck(repo.root), repo.root));
    expect(run.status).toBe('missing');
    expect(run.error).toBe(`mypy is not installed: no mypy in .venv or venv of ${repo.root}, and none on PATH`);
  });

  it('asks mypy 1.11 and later for JSON lines, and reads them', async () => {
    const repo = makeShop({ 'mypy.ini': '[mypy]\n', 'pkg/a.py': 'x = 1\n', 'pkg/b.py': 'y = 2\n' });
    const fake = writeFakeTool(join(repo.root, '.tools'), 'mypy', {
      version: 'mypy 1.15.0 (compiled: yes)',
      stdout: jsonOutput,
      exitCode: 1,
    });
    const run = await withPath(prependPath(fake.bin), () => runCheck(mypyCheck(repo.root, ['pkg']), repo.root));
    expect(run.status).toBe('ok');
    expect(run.version).toBe('1.15.0');
    expect(fake.readCalls()).toEqual([
      [
        '-O',
        'json',
        '--no-error-summary',
        '--no-color-output',
        '--soft-error-limit=-1',
        '--verbose',
        '--cache-dir',
        expect.stringMatching(/culprit\/mypy\/[0-9a-f]{16}\/work$/),
        'pkg',
      ],
    ]);
    expect(run.diagnostics.map((d) => [d.path, d.line, d.column, d.code, d.severity])).toEqual([
      ['pkg/a.py', 5, 13, 'arg-type', 'error'],
      ['pkg/b.py', 3, 1, 'call-arg', 'error'],
    ]);
  });
});

/** mypy ≥ 1.11 `-O json` lines, in the published format (notes included, which culprit drops). */
const jsonOutput = [
  '{"file": "pkg/b.py", "line": 3, "column": 0, "end_line": 3, "end_column": 4, "message": "Too many arguments for \\"g\\"", "hint": null, "code": "call-arg", "severity": "error"}',
  '{"file": "pkg/a.py", "line": 5, "column": 12, "end_line": 5, "end_column": 13, "message": "Argument 1 to \\"f\\" has incompatible type \\"str\\"; expected \\"int\\"", "hint": null, "code": "arg-type", "severity": "error"}',
  '{"file": "pkg/a.py", "line": 5, "column": 12, "message": "Revealed type is \\"builtins.int\\"", "hint": null, "code": "misc", "severity": "note"}',
  '',
].join('\n');

describe('mypy output', () => {
  // Captured from Debian's mypy 1.0.1 on the shop fixture with the field renamed.
  const textOutput = [
    'src/shop/legacy.py:1:14:1:19: error: Incompatible types in assignment (expression has type "str", variable has type "int")  [assignment]',
    'src/shop/pricing/rates.py:5:12:5:21: error: "RateCard" has no attribute "price"  [attr-defined]',
    'src/shop/billing/invoice.py:14:13:14:46: error: Unexpected keyword argument "price" for "RateCard"  [call-arg]',
    'src/shop/billing/invoice.py:14:13: note: "RateCard" defined here',
    'broken.py:1:8:1:8: error: invalid syntax  [syntax]',
    'tool.py:3: error: Name "x" is not defined',
    '',
  ].join('\n');

  it('reads the text lines of every mypy version, ends and codes included, notes left out', () => {
    expect(parseMypyOutput(textOutput, 'text', (path) => path)).toEqual([
      {
        tool: 'mypy',
        code: 'assignment',
        severity: 'error',
        phase: 'semantic',
        path: 'src/shop/legacy.py',
        line: 1,
        column: 14,
        endLine: 1,
        endColumn: 19,
        message: 'Incompatible types in assignment (expression has type "str", variable has type "int")',
      },
      expect.objectContaining({
        path: 'src/shop/pricing/rates.py',
        line: 5,
        column: 12,
        code: 'attr-defined',
        message: '"RateCard" has no attribute "price"',
      }),
      expect.objectContaining({
        path: 'src/shop/billing/invoice.py',
        line: 14,
        column: 13,
        endLine: 14,
        endColumn: 46,
        code: 'call-arg',
      }),
      expect.objectContaining({ path: 'broken.py', code: 'syntax', phase: 'syntax', message: 'invalid syntax' }),
      {
        tool: 'mypy',
        code: 'mypy',
        severity: 'error',
        phase: 'semantic',
        path: 'tool.py',
        line: 3,
        column: 0,
        message: 'Name "x" is not defined',
      },
    ]);
  });

  it('reads JSON lines with 0-based columns as 1-based, the same as the text output', () => {
    const [first] = parseMypyOutput(jsonOutput, 'json', (path) => path);
    expect(first).toEqual({
      tool: 'mypy',
      code: 'call-arg',
      severity: 'error',
      phase: 'semantic',
      path: 'pkg/b.py',
      line: 3,
      column: 1,
      endLine: 3,
      endColumn: 4,
      message: 'Too many arguments for "g"',
    });
    expect(() => parseMypyOutput('{"file": broken\n', 'json', String)).toThrow(
      'mypy printed a line that is not JSON: {"file": broken',
    );
  });

  it('chooses JSON from mypy 1.11 on, and reads versions', () => {
    expect(['1.0.1', '1.10.1', '1.11.0', '2.4.0'].map(chooseMypyFormat)).toEqual(['text', 'text', 'json', 'json']);
    expect(parseMypyVersion('mypy 1.0.1 (compiled: yes)\n')).toBe('1.0.1');
    expect(parseMypyVersion('Python 3.11\n')).toBeNull();
  });
});
