/**
 * Priming from a baseline while the agent edits (warm/prime-warm-engine.ts): `start` read the
 * tree, the server primes its worker from the baseline for that tree, and the agent's first edit
 * lands before the worker reads the files. The seeded run keeps the baseline's results for every
 * file the seeds do not name, though it read the edited text; without reading the tree again
 * afterwards, every later served check said "no new findings" where a cold one found the error
 * (the real tsc, real git; found by the served-shortcut work, issue 40).
 */
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';
import { resolveTaskContext } from '../../src/tasks/context.js';
import { readTreeState, takeSnapshot } from '../../src/snapshot/take-snapshot.js';
import { primeWarmEngine } from '../../src/warm/prime-warm-engine.js';
import { makeWarmComparison, useDebugLines, useRepos, useWarmEngine } from './helpers.js';

const repos = useRepos();
const engine = useWarmEngine();
const debug = useDebugLines();

describe('priming from a baseline while the tree moves', () => {
  it('primes again on the tree as it is, and the served answer is the cold one', async () => {
    const repo = repos.add(
      makeRepo({
        files: {
          'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] } }),
          'src/rate.ts': 'export const rate = (amount: number): number => amount * 2;\n',
          'src/use.ts': "import { rate } from './rate';\n\nexport const doubled: number = rate(2);\n",
        },
      }),
    );
    const context = await resolveTaskContext({ cwd: repo.root });
    const scratch = context.layout.scratch;
    const started = await readTreeState({ root: repo.root, repo: context.repo, scratch });
    const baseline = await takeSnapshot({
      root: repo.root,
      repo: context.repo,
      checks: context.settings.checks,
      scratch,
      tree: started,
    });
    // The agent's first edit, after start read the tree and before the worker reads the files.
    repo.write('src/rate.ts', 'export const rate = (amount: number): string => `${amount}`;\n');
    const warm = engine();
    await primeWarmEngine(warm, context, { tree: started, baseline: baseline.snapshot });
    expect(debug.take()).toContain(
      `warm: the tree moved while ${repo.root} was primed from the baseline; priming it again`,
    );
    const comparison = await makeWarmComparison(warm, repo.root);
    const { warm: runs } = await comparison.compare('the first served check after the edit');
    expect(runs.find((run) => run.name === 'tsc')?.diagnostics.join('\n')).toContain('src/use.ts');
  });
});
