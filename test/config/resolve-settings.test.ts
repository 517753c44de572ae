import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/parse-config.js';
import { readPyprojectTools } from '../../src/checks/project-files.js';
import { resolveSettings } from '../../src/config/resolve-settings.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { withPath, writeFakeTool } from '../fixtures/python-tools.js';

const repos: TestRepo[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function makeDir(files: Record<string, string>): string {
  const repo = makeRepo({ files, typescript: false, git: false });
  repos.push(repo);
  return repo.root;
}

/** A PATH holding only stand-ins for the named tools. */
function makeToolPath(...tools: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'culprit-tools-'));
  dirs.push(dir);
  for (const tool of tools) writeFakeTool(dir, tool, { version: `${tool} 9.9.9`, stdout: '', exitCode: 0 });
  return join(dir, 'bin');
}

const detectKinds = async (root: string) => (await resolveSettings(root, {})).checks.map((check) => check.kind);

describe('detection', () => {
  it('finds pyright by pyrightconfig.json or [tool.pyright], and cargo by Cargo.toml', async () => {
    await withPath(makeToolPath(), async () => {
      expect(await detectKinds(makeDir({ 'pyrightconfig.json': '{}' }))).toEqual(['pyright']);
      expect(
        await detectKinds(
          makeDir({ 'pyproject.toml': '[project]\nname = "x"\n\n[tool.pyright.defineConstant]\nDEBUG = true\n' }),
        ),
      ).toEqual(['pyright']);
      expect(await detectKinds(makeDir({ 'tsconfig.json': '{}', 'Cargo.toml': '[package]\nname = "x"\n' }))).toEqual([
        'tsc',
        'cargo',
      ]);
    });
  });

  it('finds mypy and ruff by their configuration only when the tool is installed', async () => {
    const files = { 'pyproject.toml': '[tool.mypy]\nstrict = true\n\n[tool.ruff]\nline-length = 100\n' };
    await withPath(makeToolPath(), async () =>
      expect(detectKinds(makeDir(files))).rejects.toThrow(/^nothing to check in /),
    );
    await withPath(makeToolPath('mypy', 'ruff'), async () =>
      expect(await detectKinds(makeDir(files))).toEqual(['mypy', 'ruff']),
    );
    await withPath(makeToolPath('mypy', 'ruff'), async () => {
      expect(
        await detectKinds(
          makeDir({ 'setup.cfg': '[metadata]\nname = x\n\n[mypy]\nstrict = True\n', '.ruff.toml': '' }),
        ),
      ).toEqual(['mypy', 'ruff']);
    });
  });

  it('writes every default out, the work tree included, and turns clippy on when clippy is configured', async () => {
    const root = makeDir({
      'pyrightconfig.json': '{}',
      'Cargo.toml': '[package]\nname = "x"\n\n[lints.clippy]\npedantic = "warn"\n',
    });
    await withPath(makeToolPath(), async () => {
      expect((await resolveSettings(root, {})).checks).toEqual([
        {
          name: 'pyright',
          kind: 'pyright',
          timeoutMs: 600_000,
          options: { workTree: root, project: null, sourceRoots: ['.', 'src'] },
        },
        {
          name: 'cargo',
          kind: 'cargo',
          timeoutMs: 600_000,
          options: { workTree: root, manifestPath: 'Cargo.toml', clippy: true, allTargets: false, targetDir: null },
        },
      ]);
    });
  });

  it('names what it looked for when it finds nothing', async () => {
    const root = makeDir({ 'README.md': '' });
    await expect(resolveSettings(root, {})).rejects.toThrow(
      `nothing to check in ${root}: none of tsconfig.json, eslint.config.* or .eslintrc.*, .oxlintrc.json, biome.json or biome.jsonc, pyrightconfig.json or [tool.pyright], mypy.ini or [tool.mypy] (with mypy installed), ruff.toml or [tool.ruff] (with ruff installed), Cargo.toml at the root (nor a tsconfig or ESLint config in a workspace package); list checks in culprit.config.json`,
    );
  });
});

describe('configured checks', () => {
  const resolveChecks = async (checks: Record<string, unknown>) =>
    (await resolveSettings('/repo', parseConfig({ checks }, 'culprit.config.json'))).checks;

  it('infers the generic kind from a command, and resolves every kind with its fields', async () => {
    expect(
      await resolveChecks({
        todos: { command: ['node', 'todo-check.mjs'], format: 'sarif' },
        types: { kind: 'mypy', targets: [], sourceRoots: ['lib'], timeoutMs: 5000 },
        ruff: { targets: ['src'] },
        cargo: { manifestPath: 'rust/Cargo.toml', allTargets: true, targetDir: 'target', clippy: false },
        pyright: { project: 'python/pyrightconfig.json' },
        tsc: { project: 'tsconfig.app.json' },
        eslint: { enabled: false },
      }),
    ).toEqual([
      {
        name: 'todos',
        kind: 'command',
        timeoutMs: 600_000,
        options: {
          workTree: '/repo',
          command: ['node', 'todo-check.mjs'],
          format: 'sarif',
          phase: 'lint',
          maxOutputBytes: 64 * 1024 * 1024,
        },
      },
      {
        name: 'types',
        kind: 'mypy',
        timeoutMs: 5000,
        options: { workTree: '/repo', targets: [], sourceRoots: ['lib'] },
      },
      {
        name: 'ruff',
        kind: 'ruff',
        timeoutMs: 600_000,
        options: { workTree: '/repo', targets: ['src'], sourceRoots: ['.', 'src'] },
      },
      {
        name: 'cargo',
        kind: 'cargo',
        timeoutMs: 600_000,
        options: {
          workTree: '/repo',
          manifestPath: 'rust/Cargo.toml',
          clippy: false,
          allTargets: true,
          targetDir: 'target',
        },
      },
      {
        name: 'pyright',
        kind: 'pyright',
        timeoutMs: 600_000,
        options: { workTree: '/repo', project: 'python/pyrightconfig.json', sourceRoots: ['.', 'src'] },
      },
      { name: 'tsc', kind: 'tsc', timeoutMs: 600_000, options: { project: 'tsconfig.app.json' } },
    ]);
  });

  it('rejects unknown fields, wrong formats and unknown kinds, naming the field', async () => {
    await expect(resolveChecks({ cargo: { clipy: true } })).rejects.toThrow(
      'culprit.config.json: checks.cargo.clipy: unknown field; valid here: allTargets, clippy, enabled, kind, manifestPath, targetDir, timeoutMs',
    );
    await expect(resolveChecks({ todos: { command: ['node', 'x.mjs'], format: 'json' } })).rejects.toThrow(
      'culprit.config.json: checks.todos.format: expected "sarif"',
    );
    await expect(resolveChecks({ todos: { command: [] } })).rejects.toThrow(
      'culprit.config.json: checks.todos.command: Too small: expected array to have >=1 items',
    );
    await expect(resolveChecks({ pylint: {} })).rejects.toThrow(
      'culprit.config.json: checks.pylint: unknown check; name it after a kind (tsc, eslint, oxlint, biome, pyright, mypy, ruff, cargo) or set "kind" to one, or give a "command" that prints SARIF',
    );
  });
});

describe('readPyprojectTools', () => {
  it('reads [tool.*] table headers, sub-tables, arrays of tables and quoted names, not comments or strings', () => {
    expect([
      ...readPyprojectTools(
        '[tool.ruff]\n[tool.ruff.lint]\n  [ tool . "mypy" ]\n[[tool.pyright.executionEnvironments]]\n# [tool.black]\nx = "[tool.isort]"\n',
      ),
    ]).toEqual(['ruff', 'mypy', 'pyright']);
  });
});
