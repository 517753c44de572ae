/**
 * The loop beyond TypeScript, through the built CLI on small real repositories: a Python
 * package checked by pyright (and mypy where installed), a Cargo workspace, and a home-made
 * SARIF producer. Each time the edit's root cause is shown and its echoes are withheld.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { findExecutable } from '../../src/checks/runner/find-executable.js';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { linkPyright, renamePrice as renamePythonPrice, shopFiles } from '../fixtures/python-shop.js';
import { deprecatePrice, renamePrice as renameRustPrice, workspaceFiles } from '../fixtures/rust-workspace.js';
import { useTemporaryCacheHome } from '../fixtures/python-tools.js';
import { todoFiles } from '../fixtures/sarif-todos.js';

let repo: TestRepo | undefined;
afterEach(() => repo?.cleanup());

// cargo's target dir and mypy's cache go to culprit's cache folder: a private one for these tests.
const readCacheHome = useTemporaryCacheHome({ beforeAll, afterAll });

const card = 'src/shop/models/card.py';
const rates = 'src/shop/pricing/rates.py';
const invoice = 'src/shop/billing/invoice.py';
const testInvoice = 'tests/test_invoice.py';

function makeShop(checks?: Record<string, unknown>): TestRepo {
  const files = checks === undefined ? shopFiles : { ...shopFiles, 'culprit.config.json': JSON.stringify({ checks }) };
  const shop = makeRepo({ files, typescript: false });
  linkPyright(shop.root);
  return shop;
}

function renameInPython(file: string) {
  repo!.write(file, renamePythonPrice(repo!.read(file)));
}

describe('Python', () => {
  test('a renamed dataclass field shows the file that reads it first, withholds the rest, and hides the standing error', () => {
    repo = makeShop({ pyright: {} });
    const start = runCli(repo.root, ['start']);
    expect(start.exitCode).toBe(0);
    expect(start.stdout).toContain(
      'the repository was not clean before this task: 1 finding, 1 error (pyright 1.1.414: 1)',
    );

    renameInPython(card);
    const first = checkJson(repo.root);
    expect(first.exitCode).toBe(1);
    expect(first.report.verdict).toBe('introduced');
    // invoice.py imports rates.py, the test imports invoice.py: both are echoes of rates.py.
    expect(first.report.roots).toEqual([{ files: [rates], editable: true, selected: true, introduced: 2 }]);
    expect(first.report.shown.map((f) => [f.path, f.line, f.column, f.code, f.message.split('\n')[0]])).toEqual([
      [rates, 5, 17, 'reportAttributeAccessIssue', 'Cannot access attribute "price" for class "RateCard"'],
      [rates, 9, 33, 'reportAttributeAccessIssue', 'Cannot access attribute "price" for class "RateCard"'],
    ]);
    expect(first.report.withheld).toMatchObject({ count: 4, files: [invoice, testInvoice] });
    expect(first.report.counts).toEqual({
      introduced: 6,
      resolved: 0,
      standing: 1,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });

    renameInPython(rates);
    const second = checkJson(repo.root);
    expect(second.report.roots.map((root) => root.files)).toEqual([[invoice]]);
    expect(second.report.withheld.files).toEqual([testInvoice]);

    renameInPython(invoice);
    renameInPython(testInvoice);
    const last = checkJson(repo.root);
    expect(last.exitCode).toBe(0);
    expect(last.report.verdict).toBe('clean');
    expect(last.report.counts).toEqual({
      introduced: 0,
      resolved: 0,
      standing: 1,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
  });

  const hasMypy = findExecutable('mypy', { local: [], roots: [] }) !== null;
  test.skipIf(!hasMypy && process.env['CI'] !== 'true')(
    'pyright and mypy found by detection agree on the root, over one merged graph',
    () => {
      repo = makeShop();
      expect(runCli(repo.root, ['start']).exitCode).toBe(0);
      renameInPython(card);
      const first = checkJson(repo.root);
      expect(first.report.checks.map((check) => [check.name, check.status])).toEqual([
        ['pyright', 'ok'],
        ['mypy', 'ok'],
      ]);
      expect(first.report.roots.map((root) => root.files)).toEqual([[rates]]);
      expect(first.report.shown.map((f) => [f.tool, f.path, f.line])).toEqual([
        ['mypy', rates, 5],
        ['pyright', rates, 5],
        ['mypy', rates, 9],
        ['pyright', rates, 9],
      ]);
      expect(first.report.counts.standing).toBe(2);
    },
  );

  test('a rule pyproject.toml now turns off, which it did not name before, is weakened, never clean', () => {
    repo = makeShop({ pyright: {} });
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
    renameInPython(card);
    repo.write(
      'pyproject.toml',
      repo.read('pyproject.toml').replace('[tool.pyright]\n', '[tool.pyright]\nreportAttributeAccessIssue = "none"\n'),
    );
    const { exitCode, report } = checkJson(repo.root);
    expect(exitCode).toBe(1);
    expect(report.shown.map((f) => [f.kind, f.path, f.message])).toEqual([
      ['weakened', 'pyproject.toml', '`rules off` weakened from none to reportAttributeAccessIssue'],
      // The rename's findings the rule does not cover stay.
      [undefined, invoice, 'Argument missing for parameter "unit_price"'],
      [undefined, invoice, 'No parameter named "price"'],
    ]);
  });
});

describe('Rust', () => {
  const modelCard = 'crates/model/src/card.rs';
  const ratesRs = 'crates/pricing/src/rates.rs';
  const appMain = 'crates/app/src/main.rs';
  const renameInRust = (file: string) => repo!.write(file, renameRustPrice(repo!.read(file)));

  test('a renamed field shows the crate that reads it, says cargo skipped its dependants, and walks the crates to clean', () => {
    repo = makeRepo({ files: workspaceFiles, typescript: false });
    const start = runCli(repo.root, ['start']);
    expect(start.exitCode).toBe(0);
    expect(start.stdout).toMatch(/not clean before this task: 1 finding, 0 errors \(cargo [^:]+: 1\)/);

    renameInRust(modelCard);
    const first = checkJson(repo.root);
    expect(first.exitCode).toBe(1);
    expect(first.report.roots).toEqual([{ files: [ratesRs], editable: true, selected: true, introduced: 2 }]);
    expect(first.report.shown.map((f) => [f.path, f.line, f.code])).toEqual([
      [ratesRs, 4, 'E0609'],
      [ratesRs, 8, 'E0609'],
    ]);
    expect(first.report['notes']).toContain(
      'cargo: crate app was not checked: cargo skips a crate whose dependency failed to compile, so its findings come once that compiles',
    );
    expect(first.report.counts).toEqual({
      introduced: 2,
      resolved: 0,
      standing: 1,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });

    renameInRust(ratesRs);
    const second = checkJson(repo.root);
    expect(second.report.shown.map((f) => [f.path, f.line, f.code])).toEqual([[appMain, 5, 'E0609']]);

    renameInRust(appMain);
    const last = checkJson(repo.root);
    expect(last.report.verdict).toBe('clean');
    expect(repo.git('status', '--porcelain')).toBe(` M ${appMain}\n M ${modelCard}\n M ${ratesRs}\n`);
  });

  test('without start, the base from HEAD is built in a copy: neither run writes a target dir into the tree', () => {
    repo = makeRepo({ files: workspaceFiles, typescript: false });
    renameInRust(modelCard);
    const first = checkJson(repo.root);
    expect(first.report.roots.map((root) => root.files)).toEqual([[ratesRs]]);
    expect(first.report.counts).toEqual({
      introduced: 2,
      resolved: 0,
      standing: 1,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
    // --ignored: target/ is in the fixture's .gitignore, and would show here.
    expect(repo.git('status', '--porcelain', '--ignored')).toBe(` M ${modelCard}\n`);
    // The cache folder is keyed by the work tree (see src/checks/tool-cache.ts).
    const key = createHash('sha1').update(repo.root).digest('hex').slice(0, 16);
    expect(readdirSync(join(readCacheHome(), 'culprit', 'cargo', key)).sort()).toEqual(['copies', 'work']);
  });

  test('a lint a manifest now allows is weakened, never clean', () => {
    repo = makeRepo({ files: workspaceFiles, typescript: false });
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
    // The standing unused variable of legacy.rs goes, and so would any new one.
    const manifest = 'crates/pricing/Cargo.toml';
    repo.write(manifest, `${repo.read(manifest)}\n[lints.rust]\nunused_variables = "allow"\n`);
    const { exitCode, report } = checkJson(repo.root);
    expect(exitCode).toBe(1);
    expect(report.shown.map((f) => [f.kind, f.path, f.message])).toEqual([
      ['weakened', 'Cargo.toml', '`lints allowed` weakened from none to rust::unused_variables'],
    ]);
  });

  test('a deprecated field: the crate that changed is the root, the crates depending on it are withheld', () => {
    repo = makeRepo({ files: workspaceFiles, typescript: false });
    expect(runCli(repo.root, ['start']).exitCode).toBe(0);
    repo.write(modelCard, deprecatePrice(repo.read(modelCard)));
    const first = checkJson(repo.root);
    expect(first.exitCode).toBe(1);
    expect(first.report.roots).toEqual([{ files: [modelCard], editable: true, selected: true, introduced: 1 }]);
    expect(first.report.shown.map((f) => [f.path, f.code, f.message])).toEqual([
      [modelCard, 'deprecated', 'use of deprecated field `card::RateCard::price`: use unit_price'],
    ]);
    expect(first.report.withheld).toMatchObject({ count: 3, files: [appMain, ratesRs] });
  });
});

describe('SARIF', () => {
  test('a command printing SARIF: standing findings stay hidden, the new one is shown', () => {
    repo = makeRepo({ files: todoFiles, typescript: false });
    const start = runCli(repo.root, ['start']);
    expect(start.exitCode).toBe(0);
    expect(start.stdout).toContain('2 findings, 0 errors (todos 1.2.0: 2)');

    repo.write('src/tax.js', 'export const rate = 0.2;\n// TODO: reduced rate for books\n');
    const first = checkJson(repo.root);
    expect(first.exitCode).toBe(1);
    expect(first.report.shown.map((f) => [f.tool, f.code, f.severity, f.path, f.line, f.column, f.message])).toEqual([
      ['todos', 'todo', 'warning', 'src/tax.js', 2, 4, 'Unfinished work: reduced rate for books'],
    ]);
    expect(first.report.counts).toEqual({
      introduced: 1,
      resolved: 0,
      standing: 2,
      reworded: 0,
      reanchored: 0,
      silenced: 0,
    });
    expect(first.report.checks).toEqual([expect.objectContaining({ name: 'todos', status: 'ok', version: '1.2.0' })]);
  });
});
