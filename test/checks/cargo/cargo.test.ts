import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  assignFilesToCrates,
  makeCrateImports,
  parseCargoMetadata,
  type Crate,
} from '../../../src/checks/cargo/graph.js';
import { parseCargoMessages } from '../../../src/checks/cargo/messages.js';
import type { ResolvedCheck } from '../../../src/checks/check.js';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { makeModuleGraph } from '../../../src/core/graph/module-graph.js';
import { findRoots } from '../../../src/core/triage/frontier.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';
import { makeFinding } from '../../helpers/findings.js';
import { useTemporaryCacheHome, withPath } from '../../fixtures/python-tools.js';
import { deprecatePrice, renamePrice, workspaceFiles } from '../../fixtures/rust-workspace.js';
import { listTree, makeSuppressionFinding } from '../helpers.js';

const repos: TestRepo[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// cargo's target dir goes to culprit's cache folder; keep it out of the user's.
const readCacheHome = useTemporaryCacheHome({ beforeAll, afterAll });

function makeWorkspace(files: Record<string, string> = workspaceFiles): TestRepo {
  const repo = makeRepo({ files, typescript: false, git: false });
  repos.push(repo);
  return repo;
}

const cargoCheck = (
  workTree: string,
  options: Partial<Extract<ResolvedCheck, { kind: 'cargo' }>['options']> = {},
): ResolvedCheck => ({
  name: 'cargo',
  kind: 'cargo',
  timeoutMs: 300_000,
  options: { workTree, manifestPath: 'Cargo.toml', clippy: false, allTargets: false, targetDir: null, ...options },
});

const hasClippy =
  spawnSync('cargo', ['clippy', '--version'], {
    env: { ...process.env, PATH: `${process.env['PATH'] ?? ''}:${join(homedir(), '.cargo', 'bin')}` },
  }).status === 0;

const card = 'crates/model/src/card.rs';
const modelLib = 'crates/model/src/lib.rs';
const pricingLib = 'crates/pricing/src/lib.rs';
const rates = 'crates/pricing/src/rates.rs';
const legacy = 'crates/pricing/src/legacy.rs';
const appMain = 'crates/app/src/main.rs';

describe('cargo adapter', () => {
  it('reports the failing crate, says which crates cargo skipped, and gives crates as units of the graph', async () => {
    const repo = makeWorkspace();
    repo.write(card, renamePrice(repo.read(card)));
    const before = listTree(repo.root);
    const run = await runCheck(cargoCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.version).toMatch(/^\d+\.\d+\.\d+/);
    const noField = (line: number, column: number) => ({
      tool: 'cargo',
      code: 'E0609',
      severity: 'error',
      phase: 'semantic',
      path: rates,
      line,
      column,
      endLine: line,
      endColumn: column + 5,
      message: 'no field `price` on type `&RateCard`\n  note: available fields are: `name`, `unit_price`',
    });
    expect(run.diagnostics).toEqual([
      {
        tool: 'cargo',
        code: 'unused_variables',
        severity: 'warning',
        phase: 'lint',
        path: legacy,
        line: 3,
        column: 9,
        endLine: 3,
        endColumn: 15,
        message: 'unused variable: `unused`\n  help: if this is intentional, prefix it with an underscore: `_unused`',
      },
      noField(4, 10),
      noField(8, 42),
    ]);
    expect(run.notes).toEqual([
      'crate app was not checked: cargo skips a crate whose dependency failed to compile, so its findings come once that compiles',
    ]);
    // The run is partial: it names the files it did not check, and why; its coverage is the crates it checked.
    expect(run.unchecked).toEqual([
      {
        paths: [appMain],
        reason:
          'crate app was not checked: cargo skips a crate whose dependency failed to compile, so its findings come once that compiles',
      },
    ]);
    expect(run.checkedPaths).toEqual([card, modelLib, legacy, pricingLib, rates]);
    expect(run.configFiles).toEqual(['Cargo.toml']);
    // Each crate's files form a ring; each crate's root file imports its dependencies' root files.
    expect(run.imports).toEqual({
      [appMain]: [modelLib, pricingLib],
      [card]: [modelLib],
      [modelLib]: [card],
      [legacy]: [pricingLib],
      [pricingLib]: [modelLib, rates],
      [rates]: [legacy],
    });
    // Nothing in the tree: no target/, Cargo.lock as it was.
    expect(listTree(repo.root)).toEqual(before);
    const [slot] = readdirSync(join(readCacheHome(), 'culprit', 'cargo'));
    expect(readdirSync(join(readCacheHome(), 'culprit', 'cargo', slot!))).toEqual(['work']);
  });

  it('reports allow and expect attributes as suppressions, each covering its item, its block or its file', async () => {
    const repo = makeWorkspace();
    repo.write(
      legacy,
      [
        '#![allow(dead_code)]',
        '// #[allow(unused_variables)] in a comment is text',
        'pub fn legacy_total() -> u32 {',
        '    #[allow(unused_variables, reason = "kept for the old API")]',
        '    let unused = "#[allow(clippy::all)] in a string";',
        '    1',
        '}',
        '',
        '#[cfg_attr(test, expect(clippy::needless_return))]',
        '#[inline]',
        'fn helper<T>(value: T) -> T',
        'where',
        '    T: Copy,',
        '{',
        '    value',
        '}',
        '',
        'mod inner {',
        '    #![allow(unused_imports)]',
        '    use std::fmt;',
        '}',
        '',
      ].join('\n'),
    );
    const run = await runCheck(cargoCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    const suppression = (line: number, column: number, code: string, message: string, scope: object) =>
      makeSuppressionFinding('cargo', 'lint')(legacy, line, column, code, message, scope);
    expect(run.diagnostics.filter((d) => d.kind === 'suppression')).toEqual([
      suppression(1, 1, 'allow', '#![allow(dead_code)]', { codes: ['dead_code'], reason: '', from: 1, to: 0 }),
      suppression(4, 5, 'allow', '#[allow(unused_variables)]', {
        codes: ['unused_variables'],
        reason: 'kept for the old API',
        from: 4,
        to: 5,
      }),
      suppression(9, 1, 'expect', '#[expect(clippy::needless_return)]', {
        codes: ['clippy::needless_return'],
        reason: '',
        from: 9,
        to: 16,
      }),
      // Inside a block, an inner attribute covers the block.
      suppression(19, 5, 'allow', '#![allow(unused_imports)]', {
        codes: ['unused_imports'],
        reason: '',
        from: 18,
        to: 21,
      }),
    ]);
    // What they hide is hidden: no unused-variable warning in legacy.rs any more.
    expect(run.diagnostics.filter((d) => d.kind === undefined)).toEqual([]);
  });

  it("builds a copy of a base tree in the copies slot, never in the work tree's target dir", async () => {
    const repo = makeWorkspace();
    const copy = mkdtempSync(join(tmpdir(), 'culprit-base-copy-'));
    dirs.push(copy);
    cpSync(repo.root, copy, { recursive: true });
    const run = await runCheck(cargoCheck(repo.root), copy);
    expect(run.status).toBe('ok');
    expect(run.diagnostics.map((d) => [d.path, d.code])).toEqual([[legacy, 'unused_variables']]);
    expect(existsSync(join(copy, 'target'))).toBe(false);
    expect(existsSync(join(repo.root, 'target'))).toBe(false);
    const slots = readdirSync(join(readCacheHome(), 'culprit', 'cargo')).flatMap((key) =>
      readdirSync(join(readCacheHome(), 'culprit', 'cargo', key)),
    );
    expect(slots).toContain('copies');
  });

  it('reports a deprecated field used across crates as warnings in every crate that reads it', async () => {
    const repo = makeWorkspace();
    repo.write(card, deprecatePrice(repo.read(card)));
    const run = await runCheck(cargoCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.notes).toBeUndefined();
    expect(run.diagnostics.filter((d) => d.code === 'deprecated').map((d) => [d.path, d.line])).toEqual([
      [appMain, 5],
      [card, 9],
      [rates, 4],
      [rates, 8],
    ]);
  });

  // clippy is a rustup component that cannot be installed without the network; where it is absent, this is skipped.
  it.skipIf(!hasClippy)('runs clippy when configured, its lints as phase lint', async () => {
    const repo = makeWorkspace({
      'Cargo.toml': '[package]\nname = "solo"\nversion = "0.1.0"\nedition = "2021"\n',
      'Cargo.lock':
        '# This file is automatically @generated by Cargo.\n# It is not intended for manual editing.\nversion = 4\n\n[[package]]\nname = "solo"\nversion = "0.1.0"\n',
      'src/lib.rs': 'pub fn one() -> u32 {\n    return 1;\n}\n',
    });
    const run = await runCheck(cargoCheck(repo.root, { clippy: true }), repo.root);
    expect(run.status).toBe('ok');
    expect(run.version).toMatch(/^\d+\.\d+\.\d+ .* \+ clippy \d+\.\d+\.\d+/);
    expect(run.diagnostics).toEqual([
      expect.objectContaining({
        code: 'clippy::needless_return',
        phase: 'lint',
        severity: 'warning',
        path: 'src/lib.rs',
        line: 2,
        column: 5,
      }),
    ]);
    expect(run.imports).toEqual({});
  });

  it('reads how strictly from the lint tables of its manifests and the rustflags of .cargo/config.toml', async () => {
    const repo = makeWorkspace({
      ...workspaceFiles,
      'Cargo.toml': `${workspaceFiles['Cargo.toml']}\n[workspace.lints.rust]\nunsafe_code = "forbid"\ndead_code = "deny"\n`,
      'crates/model/Cargo.toml': `${workspaceFiles['crates/model/Cargo.toml']}\n[lints.rust]\ndead_code = { level = "allow", priority = 1 }\n`,
      '.cargo/config.toml': '[build]\nrustflags = ["-A", "unused_variables"]\n',
    });
    const run = await runCheck(cargoCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.strength).toEqual([
      {
        source: 'Cargo.toml',
        settings: {
          'rust::unsafe_code': [3, 'forbid'],
          // The least strict a manifest of the workspace gives it.
          'rust::dead_code': [0, 'allow'],
          'lints allowed': [-1, 'rust::dead_code'],
          rustflags: [0, '-A unused_variables'],
        },
      },
    ]);
  });

  it("fails with cargo's own error line when the manifest does not parse", async () => {
    const repo = makeWorkspace({ ...workspaceFiles, 'crates/pricing/Cargo.toml': '[package\nname = "pricing"\n' });
    const run = await runCheck(cargoCheck(repo.root), repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(
      /^cargo metadata failed: error: unclosed table, expected `]` \| --> crates\/pricing\/Cargo\.toml:1:9 \| error: failed to load manifest for workspace member `.*crates\/pricing`$/,
    );
  });

  it('is missing without cargo, and failed when the configured manifest is not there', async () => {
    const repo = makeWorkspace();
    const saved = process.env['CARGO_HOME'];
    process.env['CARGO_HOME'] = join(repo.root, 'no-cargo-home');
    try {
      const run = await withPath(join(repo.root, 'no-such-bin'), () => runCheck(cargoCheck(repo.root), repo.root));
      expect(run.status).toBe('missing');
      expect(run.error).toBe('cargo is not installed: none on PATH or in $CARGO_HOME/bin');
    } finally {
      if (saved === undefined) delete process.env['CARGO_HOME'];
      else process.env['CARGO_HOME'] = saved;
    }
    const wrong = await runCheck(cargoCheck(repo.root, { manifestPath: 'rust/Cargo.toml' }), repo.root);
    expect(wrong).toMatchObject({
      status: 'failed',
      error: `cargo: rust/Cargo.toml does not exist in ${repo.root} (set manifestPath)`,
    });
  });
});

describe('the crate graph', () => {
  const metadata = JSON.stringify({
    workspace_root: '/w',
    workspace_members: [
      'path+file:///w#root@0.1.0',
      'path+file:///w/crates/core#0.1.0',
      'path+file:///w/crates/cli#0.1.0',
    ],
    packages: [
      {
        id: 'path+file:///w#root@0.1.0',
        name: 'root',
        manifest_path: '/w/Cargo.toml',
        targets: [
          { kind: ['bin'], src_path: '/w/src/main.rs' },
          { kind: ['custom-build'], src_path: '/w/build.rs' },
        ],
        dependencies: [{ name: 'core', source: null, kind: null, path: '/w/crates/core' }],
      },
      {
        id: 'path+file:///w/crates/core#0.1.0',
        name: 'core',
        manifest_path: '/w/crates/core/Cargo.toml',
        targets: [
          { kind: ['test'], src_path: '/w/crates/core/tests/it.rs' },
          { kind: ['lib'], src_path: '/w/crates/core/src/lib.rs' },
        ],
        // A dev-dependency back on cli: left out, or both crates would be one unit.
        dependencies: [
          { name: 'cli', source: null, kind: 'dev', path: '/w/crates/cli' },
          { name: 'serde', source: 'registry+https://github.com/rust-lang/crates.io-index', kind: null },
        ],
      },
      {
        id: 'path+file:///w/crates/cli#0.1.0',
        name: 'cli',
        manifest_path: '/w/crates/cli/Cargo.toml',
        targets: [{ kind: ['bin'], src_path: '/w/crates/cli/src/main.rs' }],
        // Without `path` (older cargo), a workspace crate is found by name.
        dependencies: [{ name: 'core', source: null, kind: null }],
      },
    ],
  });
  const toRepoPath = (absolute: string) => absolute.replace(/^\/w\/?/, '');

  it('reads workspace crates, their root files (lib first) and their dependencies without dev-dependencies', () => {
    expect(parseCargoMetadata(metadata, toRepoPath)).toEqual({
      workspaceRoot: '/w',
      crates: [
        {
          id: 'path+file:///w#root@0.1.0',
          name: 'root',
          dir: '',
          rootFiles: ['src/main.rs'],
          dependencies: ['path+file:///w/crates/core#0.1.0'],
        },
        {
          id: 'path+file:///w/crates/cli#0.1.0',
          name: 'cli',
          dir: 'crates/cli',
          rootFiles: ['crates/cli/src/main.rs'],
          dependencies: ['path+file:///w/crates/core#0.1.0'],
        },
        {
          id: 'path+file:///w/crates/core#0.1.0',
          name: 'core',
          dir: 'crates/core',
          rootFiles: ['crates/core/src/lib.rs', 'crates/core/tests/it.rs'],
          dependencies: [],
        },
      ],
    });
    expect(() => parseCargoMetadata('{}', toRepoPath)).toThrow(
      'cargo metadata printed JSON without packages or workspace_root',
    );
  });

  it('gives each file to the deepest crate holding it, and makes each crate one unit of the frontier ordered by dependencies', () => {
    const { crates } = parseCargoMetadata(metadata, toRepoPath);
    const files = [
      'src/main.rs',
      'src/util.rs',
      'build.rs',
      'crates/core/src/lib.rs',
      'crates/core/src/a.rs',
      'crates/cli/src/main.rs',
      'crates/cli/src/args.rs',
    ];
    const byCrate = assignFilesToCrates(crates, files);
    expect(
      Object.fromEntries(
        [...byCrate].map(([id, list]) => [crates.find((crate: Crate) => crate.id === id)!.name, list]),
      ),
    ).toEqual({
      root: ['build.rs', 'src/main.rs', 'src/util.rs'],
      cli: ['crates/cli/src/args.rs', 'crates/cli/src/main.rs'],
      core: ['crates/core/src/a.rs', 'crates/core/src/lib.rs', 'crates/core/tests/it.rs'],
    });
    const graph = makeModuleGraph([makeCrateImports(crates, byCrate)]);
    // Findings in two files of core, in cli and in the root crate: core is the one root unit.
    const findings = ['crates/core/src/a.rs', 'crates/core/tests/it.rs', 'crates/cli/src/args.rs', 'src/util.rs'].map(
      (path) => makeFinding(path, 1),
    );
    const roots = findRoots({
      findings,
      graph,
      changedFiles: new Set(['crates/core/src/lib.rs']),
      classify: () => ({ editable: true }),
    });
    expect(roots.map((root) => [root.files, root.hasChangedFile])).toEqual([
      [['crates/core/src/a.rs', 'crates/core/tests/it.rs'], true],
    ]);
  });
});

describe('cargo messages', () => {
  const line = (value: unknown) => JSON.stringify(value);
  const toSpanPath = (file: string) => (file.startsWith('/') ? `../..${file}` : file);

  it('follows a macro expansion from code the repository does not own back to the call site', () => {
    const stdout = [
      line({
        reason: 'compiler-message',
        package_id: 'p',
        message: {
          message: 'mismatched types',
          code: { code: 'E0308' },
          level: 'error',
          spans: [
            {
              file_name: '/rustc/abc/library/core/src/macros/mod.rs',
              is_primary: true,
              line_start: 40,
              line_end: 40,
              column_start: 9,
              column_end: 20,
              expansion: {
                span: { file_name: 'src/lib.rs', line_start: 7, line_end: 7, column_start: 5, column_end: 30 },
              },
            },
          ],
          children: [{ message: '`#[warn(unused)]` on by default', level: 'note', spans: [] }],
        },
      }),
      line({
        reason: 'compiler-message',
        package_id: 'p',
        message: { message: 'aborting due to 1 previous error', code: null, level: 'error', spans: [] },
      }),
      line({
        reason: 'compiler-message',
        package_id: 'p',
        message: {
          message: 'For more information about this error, try `rustc --explain E0308`.',
          code: null,
          level: 'failure-note',
          spans: [],
        },
      }),
      line({
        reason: 'compiler-message',
        package_id: 'q',
        message: {
          message: 'this file contains an unclosed delimiter',
          code: null,
          level: 'error',
          spans: [{ file_name: 'src/b.rs', is_primary: true, line_start: 1, column_start: 15 }],
        },
      }),
      line({ reason: 'compiler-artifact', package_id: 'r', target: { kind: ['lib'] } }),
      line({ reason: 'compiler-artifact', package_id: 's', target: { kind: ['custom-build'] } }),
      'not json',
      line({ reason: 'build-finished', success: false }),
    ].join('\n');
    const parsed = parseCargoMessages(stdout, toSpanPath);
    expect(parsed.diagnostics).toEqual([
      {
        tool: 'cargo',
        code: 'E0308',
        severity: 'error',
        phase: 'semantic',
        path: 'src/lib.rs',
        line: 7,
        column: 5,
        endLine: 7,
        endColumn: 30,
        message: 'mismatched types',
      },
      {
        tool: 'cargo',
        code: 'rustc',
        severity: 'error',
        phase: 'syntax',
        path: 'src/b.rs',
        line: 1,
        column: 15,
        message: 'this file contains an unclosed delimiter',
      },
    ]);
    expect([...parsed.failed]).toEqual(['p', 'q']);
    expect([...parsed.checked]).toEqual(['r']);
  });
});
