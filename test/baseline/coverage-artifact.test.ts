/**
 * A real snapshot of tsc and ESLint with suppression directives keeps what the coverage
 * comparison needs through the remote cache's artifact (issue 35): its suppression findings with
 * their scopes and hidden messages, checkedPaths, configFiles and strength scopes validate against
 * the remote schema and come back as they were taken.
 */
import { describe, expect, it } from 'vitest';
import { decodeSnapshotArtifact, encodeSnapshotArtifact } from '../../src/baseline/snapshot-artifact.js';
import { takeSnapshot } from '../../src/snapshot/take-snapshot.js';
import { resolveTaskContext } from '../../src/tasks/context.js';
import { bundlerTsconfig, makeRepo, typeAwareEslintConfig } from '../helpers/repo.js';
import { useRepos } from '../warm/helpers.js';

const repos = useRepos();

describe('a snapshot with suppressions and coverage, through the remote artifact', () => {
  it('validates and comes back whole', async () => {
    const repo = repos.add(
      makeRepo({
        eslint: '10',
        files: {
          'package.json': '{ "name": "artifact", "type": "module" }\n',
          'tsconfig.json': bundlerTsconfig,
          'eslint.config.js': typeAwareEslintConfig,
          'src/a.ts':
            '// @ts-expect-error -- legacy\nexport const a: number = "x";\n// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport const b: any = 1;\n',
        },
      }),
    );
    const context = await resolveTaskContext({ cwd: repo.root });
    const { snapshot } = await takeSnapshot({
      root: context.root,
      repo: context.repo,
      checks: context.settings.checks,
      scratch: context.layout.scratch,
    });
    const [tsc, eslint] = snapshot.checks;
    expect(tsc?.diagnostics.filter((diagnostic) => diagnostic.kind === 'suppression').map((d) => d.code)).toEqual([
      '@ts-expect-error',
    ]);
    expect(eslint?.diagnostics.find((diagnostic) => diagnostic.kind === 'suppression')?.suppression).toEqual({
      codes: ['@typescript-eslint/no-explicit-any'],
      reason: '',
      from: 4,
      to: 4,
      hidden: [
        {
          code: '@typescript-eslint/no-explicit-any',
          line: 4,
          column: 17,
          message: 'Unexpected any. Specify a different type.',
        },
      ],
    });
    for (const check of snapshot.checks) {
      expect(check.checkedPaths).toEqual(['src/a.ts']);
      expect(check.strength?.length).toBe(1);
    }
    expect(tsc?.configFiles).toEqual(['tsconfig.json']);
    expect(eslint?.configFiles).toEqual(['eslint.config.js']);

    const key = 'a'.repeat(64);
    const decoded = await decodeSnapshotArtifact(encodeSnapshotArtifact(key, snapshot), {
      key,
      treeId: snapshot.tree.kind === 'git' ? snapshot.tree.treeId : '',
    });
    expect(decoded.kind).toBe('snapshot');
    if (decoded.kind !== 'snapshot') return;
    const kept = (checks: typeof snapshot.checks) =>
      checks.map(({ diagnostics, checkedPaths, configFiles, strength }) => ({
        diagnostics,
        checkedPaths,
        configFiles,
        strength,
      }));
    expect(kept(decoded.snapshot.checks)).toEqual(kept(snapshot.checks));
  });
});
