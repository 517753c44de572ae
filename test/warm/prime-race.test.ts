/**
 * Priming from a baseline while the agent edits (warm/prime-warm-engine.ts): `start` read the
 * tree, the server primes its worker from the baseline for that tree, and the agent's first edit
 * lands before the worker reads the files. The seeded run keeps the baseline's results for every
 * file the seeds do not name, though it read the edited text; without reading the tree again
 * afterwards, every later served check said "no new findings" where a cold one found the error
 * (the real tsc, real git; found by the served-shortcut work, issue 40). The worker now runs
 * once more and checks the files that moved from their base text, the text their baseline
 * results are for; before, it was stopped and primed again, which an agent checking back to back
 * could keep from ever ending.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { resolveTaskContext } from '../../src/tasks/context.js';
import { readTreeState, takeSnapshot } from '../../src/snapshot/take-snapshot.js';
import { primeWarmEngine } from '../../src/warm/prime-warm-engine.js';
import {
  listFindings,
  makeWarmComparison,
  useDebugLines,
  useRepos,
  useWarmEngine,
  type WarmComparison,
} from './helpers.js';
import type { WarmEngine } from '../../src/warm/warm-engine.js';
import { original, standing, widened } from './scenarios.js';
import { makeWorkspace } from './workspace.js';

/**
 * Every file older than a second when the worker reads it: only the hint and the rebase say what
 * changed (a racily clean file is checked again whatever they say, which would hide a miss).
 */
const settledMs = 1_100;

const repos = useRepos();
const engine = useWarmEngine();
const debug = useDebugLines();

describe('priming from a baseline while the tree moves', () => {
  it('checks the files that moved again in the same worker, and the served answer is the cold one', async () => {
    const repo = repos.add(makeRateRepo());
    const { warm, lines } = await primeAfterEdit(
      repo,
      () => repo.write('src/rate.ts', 'export const rate = (amount: number): string => `${amount}`;\n'),
      settledMs,
    );
    expect(lines).toContain(
      `warm: primed tsc on ${repo.root} from the baseline; the tree moved meanwhile, and 1 file(s) were checked again`,
    );
    expect(lines.filter((line) => line.startsWith('warm: started a worker'))).toHaveLength(1);
    // The moved file's new return type reaches its importer: both are checked again.
    expect(lines).toContain('warm: tsc checked 2 file(s) again after 1 changed file(s)');
    const [primedPid] = warm.workerPids;
    const { pid, warm: runs } = await compareServed(warm, repo);
    expect(pid).toBe(primedPid);
    expect(runs.find((run) => run.name === 'tsc')?.diagnostics.join('\n')).toContain('src/use.ts');
  });

  it('lints the moved file and what its new type reaches again with type-aware ESLint beside tsc', async () => {
    // Project references, a barrel, type-aware typescript-eslint (the warm tests' workspace).
    const repo = repos.add(makeWorkspace('6.0'));
    trackGenerated(repo);
    // A return type widened to any: its unsafe uses are found two hops past the barrel.
    const { warm, lines } = await primeAfterEdit(repo, () =>
      repo.write(
        'packages/a/src/settings.ts',
        original('packages/a/src/settings.ts').replace('loadSettings(): Settings', 'loadSettings(): any'),
      ),
    );
    expect(lines).toContain(
      `warm: primed tsc, eslint on ${repo.root} from the baseline; the tree moved meanwhile, and 1 file(s) were checked again`,
    );
    expect(lines.filter((line) => line.startsWith('warm: started a worker'))).toHaveLength(1);
    const [primedPid] = warm.workerPids;
    const { pid, warm: runs } = await compareServed(warm, repo);
    expect(pid).toBe(primedPid);
    expect(listFindings(runs).filter((finding) => finding.startsWith('eslint '))).toEqual(
      [...widened, standing].sort(),
    );
  });

  it("checks the moved file and every file importing it again on TypeScript 7's session", async () => {
    const repo = repos.add(makeWorkspace('7', false));
    trackGenerated(repo);
    // A field renamed: region.ts, two hops past the barrel, reads the old name.
    const { warm, lines } = await primeAfterEdit(
      repo,
      () =>
        repo.write(
          'packages/a/src/settings.ts',
          original('packages/a/src/settings.ts')
            .replace('{ region: string;', '{ area: string;')
            .replace('region: "eu"', 'area: "eu"'),
        ),
      settledMs,
    );
    expect(lines).toContain(
      `warm: primed tsc on ${repo.root} from the baseline; the tree moved meanwhile, and 1 file(s) were checked again`,
    );
    expect(lines.filter((line) => line.startsWith('warm: started a worker'))).toHaveLength(1);
    const [primedPid] = warm.workerPids;
    const { pid, warm: runs } = await compareServed(warm, repo);
    expect(pid).toBe(primedPid);
    expect(runs.find((run) => run.name === 'tsc')?.diagnostics.join('\n')).toContain('packages/b/src/region.ts');
  });

  it('stops a worker whose seeded run it could not confirm: no check is answered by it', async () => {
    const repo = repos.add(makeRateRepo());
    // Reading the tree again after the seeded run fails: its private index cannot be made.
    const { warm, lines } = await primeAfterEdit(repo, (scratch) => {
      rmSync(scratch, { recursive: true, force: true });
      writeFileSync(scratch, 'not a folder');
    });
    expect(lines.some((line) => line.startsWith(`warm: priming ${repo.root} failed:`))).toBe(true);
    expect(warm.workerPids).toEqual([]);
    expect(warm.isWarm(repo.root)).toBe(false);
  });
});

/**
 * `start` reads the tree and snapshots it; the agent's first edit lands after that and before
 * the worker reads the files; the worker is primed from that baseline for the started tree.
 */
async function primeAfterEdit(
  repo: TestRepo,
  edit: (scratch: string) => void,
  settleMs = 0,
): Promise<{ warm: WarmEngine; lines: string[] }> {
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
  edit(scratch);
  await setTimeout(settleMs);
  const warm = engine();
  await primeWarmEngine(warm, context, { tree: started, baseline: baseline.snapshot });
  return { warm, lines: debug.take() };
}

/** The first served check after the edit: the warm worker's runs, which must be the cold ones. */
async function compareServed(warm: WarmEngine, repo: TestRepo): ReturnType<WarmComparison['compare']> {
  return (await makeWarmComparison(warm, repo.root)).compare('the first served check after the edit');
}

/** Nothing git ignores is compiled (a file git ignores is never taken from a baseline): the priming is seeded. */
function trackGenerated(repo: TestRepo): void {
  repo.write('.gitignore', 'node_modules/\n');
  repo.commit('track the generated files');
}

/** One module and its importer, tsc alone. */
function makeRateRepo(): TestRepo {
  return makeRepo({
    files: {
      'tsconfig.json': JSON.stringify({ compilerOptions: { lib: ['es2022'], strict: true, noEmit: true, types: [] } }),
      'src/rate.ts': 'export const rate = (amount: number): number => amount * 2;\n',
      'src/use.ts': "import { rate } from './rate';\n\nexport const doubled: number = rate(2);\n",
    },
  });
}
