/**
 * What a served check asks git, through the built CLI and a real `culprit serve` whose `git` is a
 * script on PATH that logs each command before running the real git: the work tree's tree (`add`
 * into a private index, `write-tree`) and nothing else once the server has HEAD and its kept
 * `git diff-tree --stdin`; HEAD asked again, and the new one compared with, after a commit, a
 * checkout of another branch, update-ref, and refs packed; a file rewritten at the same size right
 * after `git add` wrote the index is seen; after `culprit start`, the work tree's tree only again;
 * and the kept git ends with the server. Runs
 * dist/cli/main.js: `npm run build` first (npm test does).
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from '../checks/helpers.js';
import type { JsonReport } from '../helpers/cli.js';
import { makeLoggingGit } from '../helpers/logging-git.js';
import { makeRepo } from '../helpers/repo.js';
import { useTemporaryDirectories } from '../helpers/temporary-dirs.js';
import { todoFiles } from '../fixtures/sarif-todos.js';
import { findProcessesIn, runCliAsync, startCli, useRepos } from '../warm/helpers.js';

const repos = useRepos();
const makeDir = useTemporaryDirectories();

/** The command of each git culprit ran: `add`, `write-tree`, `cat-file`, and `diff-tree --stdin` told from `diff-tree`. */
function makeGitLog(): { bin: string; take(): string[] } {
  const git = makeLoggingGit(makeDir('culprit-git-log-'));
  return {
    bin: git.bin,
    take: () =>
      git.take().map((call) => (call.startsWith('diff-tree --stdin') ? 'diff-tree --stdin' : call.split(' ')[0]!)),
  };
}

describe('a served check', () => {
  it('asks git for the work tree only, and sees HEAD however it moved', async () => {
    const repo = repos.add(
      makeRepo({
        typescript: false,
        files: {
          ...todoFiles,
          'src/late.js': 'export const late = 1; // DONE: fix\n',
          'culprit.config.json': `${JSON.stringify({ checks: { todos: { command: ['node', 'todo-check.mjs'], format: 'sarif' } } })}\n`,
        },
      }),
    );
    const git = makeGitLog();
    const server = startCli(repo.root, ['serve'], {
      CULPRIT_DEBUG: '1',
      PATH: `${git.bin}:${process.env['PATH'] ?? ''}`,
    });
    try {
      expect(await waitFor(() => server.stderr().includes(`serving ${repo.root} on`), 30_000)).toBe(true);
      // A priming reads the tree too, beside the checks: each is waited for, so the counts are the checks' own.
      const primings = () =>
        server.stderr().match(/culprit debug: warm: (primed |priming .* failed|.* nothing to prime)/g)?.length ?? 0;
      expect(await waitFor(() => primings() === 1, 30_000), server.stderr()).toBe(true);
      const check = async () => {
        const run = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
        expect(run.stderr).toContain('culprit debug: serve: answered by the server');
        const report = JSON.parse(run.stdout) as JsonReport & { baseline: { label: string } };
        return { label: report.baseline.label, verdict: report.verdict, introduced: report.counts.introduced };
      };
      const head = () => `HEAD (${repo.git('rev-parse', '--short=7', 'HEAD').trim()})`;
      const first = repo.git('rev-parse', 'HEAD').trim();

      expect(await check()).toEqual({ label: head(), verdict: 'clean', introduced: 0 });
      git.take();
      repo.write('src/new.js', 'export const later = 2; // TODO: more\n');
      expect(await check()).toEqual({ label: head(), verdict: 'introduced', introduced: 1 });
      // The first diff starts the kept diff-tree; HEAD is the one the server has.
      expect(git.take()).toEqual(['add', 'write-tree', 'diff-tree --stdin']);

      // Rewritten at the same size in the tick `git add` wrote the index in.
      repo.git('add', 'src/late.js');
      repo.write('src/late.js', 'export const late = 1; // TODO: fix\n');
      expect(await check()).toEqual({ label: head(), verdict: 'introduced', introduced: 2 });
      expect(git.take()).toEqual(['add', 'write-tree']);

      repo.commit('todos');
      expect(await check()).toEqual({ label: head(), verdict: 'clean', introduced: 0 });
      expect(git.take()).toContain('cat-file');
      const second = repo.git('rev-parse', 'HEAD').trim();

      repo.git('checkout', '--quiet', '-b', 'other', first);
      expect(await check()).toEqual({ label: head(), verdict: 'clean', introduced: 0 });
      expect(head()).toBe(`HEAD (${first.slice(0, 7)})`);

      // HEAD moved, the work tree not: its TODOs are gone against the new HEAD.
      repo.git('update-ref', 'refs/heads/other', second);
      expect(await check()).toEqual({ label: `HEAD (${second.slice(0, 7)})`, verdict: 'clean', introduced: 0 });

      // Packed: then moved within packed-refs alone, no loose ref before or after.
      repo.git('pack-refs', '--all');
      expect(await check()).toEqual({ label: `HEAD (${second.slice(0, 7)})`, verdict: 'clean', introduced: 0 });
      repo.git('update-ref', 'refs/heads/other', first);
      repo.git('pack-refs', '--all');
      repo.write('src/new.js', 'export const later = 2; // TODO: more\n');
      expect(await check()).toEqual({ label: `HEAD (${first.slice(0, 7)})`, verdict: 'introduced', introduced: 1 });
      git.take();
      repo.write('src/new.js', 'export const later = 3; // TODO: more\n');
      expect(await check()).toEqual({ label: `HEAD (${first.slice(0, 7)})`, verdict: 'introduced', introduced: 1 });
      expect(git.take()).toEqual(['add', 'write-tree']);

      // After start, the same: the started task is the baseline, and HEAD is not asked.
      const start = await runCliAsync(repo.root, ['start', '--json'], { CULPRIT_DEBUG: '1' });
      expect(start.stderr).toContain('culprit debug: serve: answered by the server');
      expect(await waitFor(() => primings() === 2, 30_000), server.stderr()).toBe(true);
      repo.write('src/other.js', 'export const other = 5;\n');
      git.take();
      expect(await check()).toEqual({ label: 'culprit start', verdict: 'clean', introduced: 0 });
      expect(git.take()).toEqual(['add', 'write-tree']);

      const stop = await runCliAsync(repo.root, ['serve', '--stop']);
      expect(stop.exitCode, stop.stderr).toBe(0);
      await server.exited;
      // The kept diff-tree (its working directory is the repository) ended with the server.
      expect(await waitFor(() => findProcessesIn(repo.root).length === 0, 5_000)).toBe(true);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});
