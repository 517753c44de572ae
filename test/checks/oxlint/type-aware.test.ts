/**
 * oxlint's type-aware rules with the real oxlint and oxlint-tsgolint culprit pins: turned on by
 * .oxlintrc.json (`options.typeAware`, `options.typeCheck`) or by a lint script's `--type-aware`,
 * run with the repository's own tsgolint, their findings traced to the declarations they depend
 * on by the repository's TypeScript (7 through its API, 6 in process); a configuration that asks
 * for them without tsgolint installed is never a silent run without them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/checks/runner/run-check.js';
import { bundlerTsconfig, makeRepo, type TestRepo, type TypeScriptVersion } from '../../helpers/repo.js';
import { linkLinter, linkTsgolint, makeTypeAwareOxlintConfig, makeOxlintCheck } from '../../fixtures/js-linters.js';
import { useTemporaryCacheHome } from '../../fixtures/python-tools.js';
import { resolveRulesCacheFile } from '../../../src/checks/oxlint/rules-cache.js';

// Where oxlint's listing of type-aware rules is kept across processes (rules-cache.ts).
const cacheHome = useTemporaryCacheHome({ beforeAll, afterAll });

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const sources = {
  'tsconfig.json': bundlerTsconfig,
  'src/inner.ts': `export interface Box {
  value: string;
}
export function innerFrom(input: string): any {
  return { value: input };
}
`,
  'src/first.ts': `import { innerFrom } from './inner';

export const first = (): string => innerFrom('a').value;
export const size: string = 1;
`,
};

function makeTypeAwareRepo(typescript: TypeScriptVersion, files: Record<string, string>, tsgolint = true): TestRepo {
  const repo = makeRepo({ typescript, files: { ...sources, ...files } });
  linkLinter(repo.root, 'oxlint');
  if (tsgolint) linkTsgolint(repo.root);
  repos.push(repo);
  return repo;
}

const oxlintCheck = makeOxlintCheck;

const innerFrom = { path: 'src/inner.ts', name: 'innerFrom' };

describe("oxlint's type-aware rules", () => {
  it.each(['7', '6.0'] as const)(
    'run when .oxlintrc.json turns them on, their findings traced to the declaration (TypeScript %s)',
    async (typescript) => {
      const repo = makeTypeAwareRepo(typescript, { '.oxlintrc.json': makeTypeAwareOxlintConfig({ typeAware: true }) });
      const run = await runCheck(oxlintCheck(repo.root), repo.root);
      expect(run.status).toBe('ok');
      const unsafe = run.diagnostics.filter((d) => d.code.startsWith('typescript/no-unsafe-'));
      expect(unsafe.map((d) => `${d.path}:${d.line}:${d.column} ${d.code}`).sort()).toEqual([
        'src/first.ts:3:36 typescript/no-unsafe-return',
        'src/first.ts:3:51 typescript/no-unsafe-member-access',
      ]);
      for (const finding of unsafe) expect(finding.dependsOn).toContainEqual(innerFrom);
      // A rule that needs no types is not traced.
      const explicit = run.diagnostics.find((d) => d.code === 'typescript/no-explicit-any');
      expect(explicit).toMatchObject({ path: 'src/inner.ts', line: 4 });
      expect(explicit!.dependsOn).toBeUndefined();
      // Without typeCheck, the compiler's own error is tsc's to report.
      expect(run.diagnostics.filter((d) => /^TS\d+$/.test(d.code))).toEqual([]);
      expect(run.notes ?? []).toEqual([]);
    },
  );

  it.each(['7', '6.0'] as const)(
    'trace a member access flagged at its index to the value accessed (TypeScript %s)',
    async (typescript) => {
      // no-unsafe-member-access flags `[0]` at the index alone, which names no declaration.
      const repo = makeTypeAwareRepo(typescript, {
        '.oxlintrc.json': makeTypeAwareOxlintConfig({ typeAware: true }),
        'src/second.ts':
          "import { innerFrom } from './inner';\n\nexport const second = (): string => innerFrom('b')[0];\n",
      });
      const run = await runCheck(oxlintCheck(repo.root), repo.root);
      const unsafe = run.diagnostics.filter(
        (d) => d.path === 'src/second.ts' && d.code.startsWith('typescript/no-unsafe-'),
      );
      expect(unsafe.map((d) => `${d.line}:${d.column} ${d.code}`).sort()).toEqual([
        '3:37 typescript/no-unsafe-return',
        '3:52 typescript/no-unsafe-member-access',
      ]);
      for (const finding of unsafe) expect(finding.dependsOn).toContainEqual(innerFrom);
    },
  );

  it("run when the lint script passes --type-aware, and typeCheck's compiler errors are semantic findings with their code", async () => {
    const repo = makeTypeAwareRepo('7', {
      '.oxlintrc.json': makeTypeAwareOxlintConfig(),
      'package.json': JSON.stringify({
        name: 'boxes',
        private: true,
        scripts: { lint: 'tsc && oxlint --type-aware --type-check src' },
      }),
    });
    const run = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.diagnostics.filter((d) => d.code.startsWith('typescript/no-unsafe-'))).toHaveLength(2);
    expect(run.diagnostics.filter((d) => /^TS\d+$/.test(d.code))).toEqual([
      expect.objectContaining({ code: 'TS2322', phase: 'semantic', path: 'src/first.ts', line: 4, column: 14 }),
    ]);
  });

  it('fail, saying why, when .oxlintrc.json asks for them and oxlint-tsgolint is not installed', async () => {
    const repo = makeTypeAwareRepo('7', { '.oxlintrc.json': makeTypeAwareOxlintConfig({ typeAware: true }) }, false);
    const run = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      `oxlint's type-aware rules, which .oxlintrc.json turns on, cannot run: oxlint-tsgolint is not installed in ${repo.root} (oxlint runs its type-aware rules with it)`,
    );
  });

  it('are left out with a note when only the lint script asks for them and oxlint-tsgolint is not installed', async () => {
    const repo = makeTypeAwareRepo(
      '7',
      {
        '.oxlintrc.json': makeTypeAwareOxlintConfig(),
        'package.json': JSON.stringify({ name: 'boxes', private: true, scripts: { lint: 'oxlint --type-aware' } }),
      },
      false,
    );
    const run = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(run.status).toBe('ok');
    expect(run.diagnostics.map((d) => d.code)).toEqual(['typescript/no-explicit-any']);
    expect(run.notes).toEqual([
      `oxlint ran without its type-aware rules, which the lint script of package.json asks for: oxlint-tsgolint is not installed in ${repo.root} (oxlint runs its type-aware rules with it)`,
    ]);
  });

  it('keep the listing of type-aware rules across processes, and list them again when .oxlintrc.json changes', async () => {
    const called = {
      'src/called.ts': `import { innerFrom } from './inner';

export const run = (): void => innerFrom('c')();
`,
    };
    const repo = makeTypeAwareRepo('7', {
      '.oxlintrc.json': makeTypeAwareOxlintConfig({ typeAware: true }),
      ...called,
    });
    const keptFile = () => resolveRulesCacheFile(join(repo.root, 'node_modules', '.bin', 'oxlint'), repo.root)!;
    const first = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(first.status).toBe('ok');
    const kept = keptFile();
    expect(kept.startsWith(join(cacheHome(), 'culprit', 'oxlint', 'rules'))).toBe(true);
    expect(JSON.parse(readFileSync(kept, 'utf8'))).toContain('typescript/no-unsafe-call');

    // A later process takes the kept listing instead of asking oxlint: one that names no rule leaves every finding untraced.
    writeFileSync(kept, '[]');
    const cached = await runCheck(oxlintCheck(repo.root), repo.root);
    const unsafe = cached.diagnostics.filter((d) => d.code.startsWith('typescript/no-unsafe-'));
    expect(unsafe.length).toBeGreaterThan(0);
    for (const finding of unsafe) expect(finding.dependsOn).toBeUndefined();

    // A rule turned on in .oxlintrc.json is another configuration: oxlint lists its rules again, and its finding is traced.
    const config = JSON.parse(makeTypeAwareOxlintConfig({ typeAware: true })) as { rules: Record<string, string> };
    config.rules['typescript/no-unsafe-call'] = 'error';
    writeFileSync(join(repo.root, '.oxlintrc.json'), JSON.stringify(config, null, 2));
    const changed = await runCheck(oxlintCheck(repo.root), repo.root);
    expect(changed.status).toBe('ok');
    const call = changed.diagnostics.filter((d) => d.code === 'typescript/no-unsafe-call');
    expect(call.map((d) => `${d.path}:${d.line}`)).toEqual(['src/called.ts:3']);
    expect(call[0]!.dependsOn).toContainEqual(innerFrom);
    expect(keptFile()).not.toBe(kept);
    expect(JSON.parse(readFileSync(keptFile(), 'utf8'))).toContain('typescript/no-unsafe-call');
  });
});
