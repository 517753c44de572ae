import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { parsePyrightReport } from '../../../src/checks/pyright/report.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';
import { linkPyright, renamePrice, shopFiles, shopSourcePaths } from '../../fixtures/python-shop.js';
import { readPathWithoutNodeBins, withPath } from '../../fixtures/python-tools.js';
import { listTree, makeSuppressionFinding } from '../helpers.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeShop(files: Record<string, string> = shopFiles, withPyright = true): TestRepo {
  const repo = makeRepo({ files, typescript: false, git: false });
  repos.push(repo);
  if (withPyright) linkPyright(repo.root);
  return repo;
}

const pyrightCheck = (
  root: string,
  options: Partial<Extract<ResolvedCheck, { kind: 'pyright' }>['options']> = {},
): ResolvedCheck => ({
  name: 'pyright',
  kind: 'pyright',
  timeoutMs: 120_000,
  options: { workTree: root, project: null, sourceRoots: ['.', 'src'], ...options },
});

describe('pyright adapter', () => {
  it('reports pyright --outputjson findings with 1-based positions and repository paths, and the import graph', async () => {
    const repo = makeShop();
    repo.write('src/shop/models/card.py', renamePrice(repo.read('src/shop/models/card.py')));
    const before = listTree(repo.root);
    const run = await runCheck(pyrightCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.version).toBe('1.1.414');
    const attributeError = (path: string, line: number, column: number) => ({
      tool: 'pyright',
      code: 'reportAttributeAccessIssue',
      severity: 'error',
      phase: 'semantic',
      path,
      line,
      column,
      endLine: line,
      endColumn: column + 5,
      message: 'Cannot access attribute "price" for class "RateCard"\n  Attribute "price" is unknown',
    });
    expect(run.diagnostics).toEqual([
      attributeError('src/shop/billing/invoice.py', 10, 21),
      expect.objectContaining({
        path: 'src/shop/billing/invoice.py',
        line: 14,
        column: 13,
        code: 'reportCallIssue',
        message: 'Argument missing for parameter "unit_price"',
      }),
      expect.objectContaining({
        path: 'src/shop/billing/invoice.py',
        line: 14,
        column: 36,
        code: 'reportCallIssue',
        message: 'No parameter named "price"',
      }),
      expect.objectContaining({ path: 'src/shop/legacy.py', line: 1, column: 14, code: 'reportAssignmentType' }),
      attributeError('src/shop/pricing/rates.py', 5, 17),
      attributeError('src/shop/pricing/rates.py', 9, 33),
      attributeError('tests/test_invoice.py', 6, 53),
    ]);
    expect(run.imports).toEqual({
      'src/shop/billing/invoice.py': ['src/shop/models/__init__.py', 'src/shop/pricing/rates.py'],
      'src/shop/models/__init__.py': ['src/shop/models/card.py'],
      'src/shop/pricing/rates.py': ['src/shop/models/__init__.py'],
      'tests/test_invoice.py': ['src/shop/billing/invoice.py'],
    });
    // pyright writes nothing into the tree.
    expect(listTree(repo.root)).toEqual(before);
    // What it checked (the files of `include`, counted as pyright counted them), and with what configuration.
    expect(run.checkedPaths).toEqual(shopSourcePaths);
    expect(run.configFiles).toEqual(['pyproject.toml']);
    expect(run.strength).toEqual([
      { source: 'pyproject.toml', settings: { typeCheckingMode: [2, 'standard'], 'rules off': [0, 'none'] } },
    ]);
  });

  it('reports the directives pyright obeys as suppressions, each with the lines it covers', async () => {
    const repo = makeShop({
      'pyrightconfig.json': '{}\n',
      'top.py': '# type: ignore\n"""A module pyright skips."""\nx: int = "a"\n',
      'lines.py': [
        'import os',
        'a: int = "a"  # type: ignore[assignment]  # legacy data',
        'b: int = "b"  # pyright: ignore[reportAssignmentType, reportGeneralTypeIssues]',
        'c = "# type: ignore is text in a string"',
        'd = 1  # noqa: F401',
        '',
      ].join('\n'),
      'mode.py': '# pyright: basic\n# pyright: reportMissingImports=false\nimport nowhere\n',
    });
    const run = await runCheck(pyrightCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    const suppression = makeSuppressionFinding('pyright', 'semantic');
    expect(run.diagnostics.filter((d) => d.kind === 'suppression')).toEqual([
      suppression('lines.py', 2, 15, 'type: ignore', 'type: ignore[assignment]', {
        codes: ['assignment'],
        reason: 'legacy data',
        from: 2,
        to: 2,
      }),
      suppression(
        'lines.py',
        3,
        15,
        'pyright: ignore',
        'pyright: ignore[reportAssignmentType, reportGeneralTypeIssues]',
        { codes: ['reportAssignmentType', 'reportGeneralTypeIssues'], reason: '', from: 3, to: 3 },
      ),
      suppression('mode.py', 1, 1, 'pyright:', 'pyright: basic', { codes: [], reason: '', from: 1, to: 0 }),
      suppression('mode.py', 2, 1, 'pyright:', 'pyright: reportMissingImports=false', {
        codes: ['reportMissingImports'],
        reason: '',
        from: 1,
        to: 0,
      }),
      suppression('top.py', 1, 1, 'type: ignore', 'type: ignore', { codes: [], reason: '', from: 1, to: 0 }),
    ]);
    // What the directives hide is hidden: pyright reports nothing of its own in those files.
    expect(run.diagnostics.filter((d) => d.kind === undefined)).toEqual([]);
  });

  it('reads its strength from pyrightconfig.json, and leaves the files it ignores out of its coverage', async () => {
    const repo = makeShop({
      'pyrightconfig.json': JSON.stringify({
        typeCheckingMode: 'strict',
        reportMissingImports: 'warning',
        reportUnusedVariable: false,
        strictListInference: true,
        enableTypeIgnoreComments: false,
        ignore: ['legacy'],
      }),
      'app.py': 'x: int = 1\n',
      'legacy/old.py': 'y: int = "old"\n',
    });
    const run = await runCheck(pyrightCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.checkedPaths).toEqual(['app.py']);
    expect(run.configFiles).toEqual(['pyrightconfig.json']);
    expect(run.strength).toEqual([
      {
        source: 'pyrightconfig.json',
        settings: {
          typeCheckingMode: [3, 'strict'],
          reportMissingImports: [1, 'warning'],
          reportUnusedVariable: [0, 'false'],
          strictListInference: [1, 'true'],
          enableTypeIgnoreComments: [1, 'false'],
          'rules off': [-1, 'reportUnusedVariable'],
        },
      },
    ]);
  });

  it('fails, never clean, when pyright analyzed no file', async () => {
    const repo = makeShop({ 'pyrightconfig.json': '{}\n', 'README.md': '# Docs\n' });
    const run = await runCheck(pyrightCheck(repo.root), repo.root);
    expect(run).toMatchObject({
      status: 'failed',
      error: 'pyright checked no file: a run that covers nothing cannot say the code is clean',
    });
  });

  it('gives parse errors phase syntax, and errors CPython rejects at compile time too', async () => {
    const repo = makeShop({
      'pyrightconfig.json': '{}\n',
      'broken.py': 'def f(:\n    pass\n',
      'outside.py': 'return 1\n',
      'fine.py': 'x: int = "no"\n',
    });
    const run = await runCheck(pyrightCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    const summary = run.diagnostics.map((d) => [d.path, d.line, d.code, d.phase]);
    expect(summary).toContainEqual(['broken.py', 1, 'syntax', 'syntax']);
    expect(summary).toContainEqual(['outside.py', 1, 'syntax', 'syntax']);
    expect(summary).toContainEqual(['fine.py', 1, 'reportAssignmentType', 'semantic']);
    expect(run.diagnostics.find((d) => d.path === 'outside.py')?.message).toBe(
      '"return" can be used only within a function',
    );
  });

  it("is missing without pyright, and failed with pyright's reason when its configuration does not parse", async () => {
    const bare = makeShop({ 'pyrightconfig.json': '{}\n', 'a.py': 'x = 1\n' }, false);
    const missing = await withPath(readPathWithoutNodeBins(), () => runCheck(pyrightCheck(bare.root), bare.root));
    expect(missing.status).toBe('missing');
    expect(missing.error).toMatch(
      /^pyright is not installed: no node_modules\/\.bin\/pyright from .* and none on PATH$/,
    );

    const broken = makeShop({ 'pyrightconfig.json': '{ "include": [\n', 'a.py': 'x = 1\n' });
    const failed = await runCheck(pyrightCheck(broken.root), broken.root);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(
      /^pyright failed \(exit code 3\): Config file ".*pyrightconfig\.json" could not be parsed/,
    );
  });
});

describe('parsePyrightReport', () => {
  it('keeps information as a warning, turns no-break spaces into spaces and leaves hints out', () => {
    const report = JSON.stringify({
      version: '1.1.414',
      generalDiagnostics: [
        {
          file: '/r/a.py',
          severity: 'information',
          message: 'Type of "x" is "int"',
          range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } },
        },
        {
          file: '/r/a.py',
          severity: 'warning',
          message: 'Import "y" is not accessed\n\u00a0\u00a0detail',
          rule: 'reportUnusedImport',
          range: { start: { line: 0, character: 7 }, end: { line: 0, character: 8 } },
        },
        {
          file: '/r/a.py',
          severity: 'hint',
          message: 'unreachable',
          range: { start: { line: 4, character: 0 }, end: { line: 4, character: 1 } },
        },
        { severity: 'error', message: 'No configuration file found' },
      ],
    });
    const parsed = parsePyrightReport(report, (file) => file.replace('/r/', ''));
    expect(parsed.diagnostics.map((d) => [d.path, d.line, d.column, d.severity, d.phase, d.code, d.message])).toEqual([
      ['a.py', 3, 1, 'warning', 'semantic', 'pyright', 'Type of "x" is "int"'],
      ['a.py', 1, 8, 'warning', 'semantic', 'reportUnusedImport', 'Import "y" is not accessed\n  detail'],
      [null, 0, 0, 'error', 'syntax', 'syntax', 'No configuration file found'],
    ]);
  });

  it('says what it got when the output is not a report', () => {
    expect(() => parsePyrightReport('', String)).toThrow('pyright printed no JSON report: stdout was empty');
    expect(() => parsePyrightReport('{"summary": {}}', String)).toThrow(
      'pyright printed JSON that is not an --outputjson report (no generalDiagnostics list)',
    );
  });
});
