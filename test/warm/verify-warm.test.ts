/**
 * Verification of served checks: the comparison itself on plain runs, a cold run on a copy of the
 * served tree that finds a planted difference (and none without it), and `culprit serve` asked by
 * a client (CULPRIT_VERIFY_WARM=1) to verify one check and not the next.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckRun } from '../../src/checks/check.js';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { readTreeState } from '../../src/snapshot/take-snapshot.js';
import { resolveTaskContext } from '../../src/tasks/context.js';
import { makeWarmEngine } from '../../src/warm/warm-engine.js';
import { compareServedRuns, recordServedRuns, verifyServedRuns } from '../../src/warm/verify-warm.js';
import { waitFor } from '../checks/helpers.js';
import { runCliAsync, startCli, useRepos } from './helpers.js';
import { makeSmallRepo, smallEdits } from './workspace.js';

const repos = useRepos();

const diagnostic = (message: string, line = 3): Diagnostic => ({
  tool: 'tsc',
  code: 'TS2322',
  severity: 'error',
  phase: 'semantic',
  path: 'src/a.ts',
  line,
  column: 1,
  message,
});
const run = (diagnostics: Diagnostic[], fields: Partial<CheckRun> = {}): CheckRun => ({
  name: 'tsc',
  status: 'ok',
  durationMs: 1,
  version: '6.0.2',
  diagnostics,
  imports: { 'src/a.ts': ['src/b.ts'] },
  ...fields,
});

describe('compareServedRuns', () => {
  it('sees no difference in how a union was printed, and every other one', () => {
    expect(
      compareServedRuns(
        [run([diagnostic("Type 'B | A' is not assignable.")])],
        [run([diagnostic("Type 'A | B' is not assignable.")])],
      ),
    ).toEqual([]);
    expect(
      compareServedRuns(
        [run([diagnostic("Type 'A' is bad."), diagnostic("Type 'A' is bad.")])],
        [run([diagnostic("Type 'A' is bad.", 4)], { imports: {} })],
      ),
    ).toEqual([
      "tsc: only served: src/a.ts:3:1 TS2322 Type 'A' is bad. (×2)",
      "tsc: only cold: src/a.ts:4:1 TS2322 Type 'A' is bad.",
      'tsc: import only served: src/a.ts -> src/b.ts',
    ]);
    expect(compareServedRuns([run([], { status: 'failed' })], [run([diagnostic('x')])])).toEqual([
      'tsc: served failed, cold ok',
    ]);
  });
});

describe('verifying a served check', () => {
  const engine = makeWarmEngine();
  afterAll(() => engine.close());

  it('runs cold on a copy of the served tree and logs what differs with how to reproduce it', async () => {
    const repo = repos.add(makeSmallRepo());
    repo.write('src/settings.ts', smallEdits[1]!['src/settings.ts']!);
    const context = await resolveTaskContext({ cwd: repo.root });
    const recorder = recordServedRuns(engine.runChecks);
    const tree = await readTreeState({ root: context.root, repo: context.repo, scratch: context.layout.scratch });
    await recorder.runChecks(context.settings.checks, context.root, tree);
    const served = recorder.take()!;
    // The work tree moves on meanwhile: the copy is of the served tree.
    repo.write('src/settings.ts', 'export const broken = ;\n');
    const lines: string[] = [];
    const input = {
      repo: context.repo,
      scratch: context.layout.scratch,
      root: context.root,
      log: (line: string) => lines.push(line),
    };
    expect(await verifyServedRuns({ ...input, served })).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(/^culprit serve: verify: tree [0-9a-f]{12}: served and cold checks agree \(\d+ ms cold\)$/),
    ]);

    lines.length = 0;
    const planted = served.runs.map((run) =>
      run.name === 'tsc' ? { ...run, diagnostics: [...run.diagnostics, diagnostic("Type 'X' is planted.", 9)] } : run,
    );
    expect(await verifyServedRuns({ ...input, served: { ...served, runs: planted } })).toEqual([
      "tsc: only served: src/a.ts:9:1 TS2322 Type 'X' is planted.",
    ]);
    expect(lines[0]).toBe(
      `culprit serve: verify: tree ${(served.tree as { treeId: string }).treeId}: the served check differs from a cold run:`,
    );
    expect(lines[2]).toContain('reproduce: the cold answer is `CULPRIT_NO_SERVE=1 culprit check --json`');
  });

  it('culprit serve verifies the checks whose client set CULPRIT_VERIFY_WARM=1, after answering them', async () => {
    const repo = repos.add(makeSmallRepo());
    const server = startCli(repo.root, ['serve'], {});
    try {
      expect(await waitFor(() => server.stderr().includes('serving '), 30_000), server.stderr()).toBe(true);
      expect((await runCliAsync(repo.root, ['start'])).exitCode).toBe(0);
      repo.write('src/settings.ts', smallEdits[0]!['src/settings.ts']!);
      const verified = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_VERIFY_WARM: '1' });
      expect(verified.exitCode, verified.stderr).toBe(1);
      expect(
        await waitFor(() => server.stderr().includes('served and cold checks agree'), 120_000),
        server.stderr(),
      ).toBe(true);
      // Without the variable: answered, not verified (--stop waits for anything queued).
      expect((await runCliAsync(repo.root, ['check', '--json'])).stdout).toContain('"verdict"');
    } finally {
      await runCliAsync(repo.root, ['serve', '--stop']);
      await server.exited;
    }
    expect(server.stderr().match(/culprit serve: verify:/g)).toHaveLength(1);
  }, 300_000);
});
