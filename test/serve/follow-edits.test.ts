/**
 * A server follows edits ahead of the check (serve/edit-watcher.ts, warm/follow-edit.ts): when a
 * file of its tree changes, the warm worker runs the change at once, and the check that comes
 * after finds nothing left to do (tsc's session finds nothing changed), yet answers what a cold
 * check of the same tree answers. A folder made after the server started is followed too;
 * CULPRIT_SERVE_FOLLOW=0 turns it off. `culprit mcp` follows the edits of the tree its calls found. Real tsc, ESLint and git, through the built CLI
 * (`npm run build` first).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { waitFor } from '../checks/helpers.js';
import type { JsonReport } from '../helpers/cli.js';
import { connectMcp, runCliAsync, startCli, useRepos, type BackgroundCli } from '../warm/helpers.js';
import { makeRepo } from '../helpers/repo.js';
import { makeSmallRepo, smallEdits, smallFiles } from '../warm/workspace.js';
import { useServerStops } from './stop-servers.js';

const repos = useRepos();
const stops = useServerStops();
const followed = /^culprit debug: warm: followed an edit on .* in \d+ ms$/gm;

function countFollowed(server: BackgroundCli): number {
  return [...server.stderr().matchAll(followed)].length;
}

async function startServer(root: string, env: NodeJS.ProcessEnv = {}): Promise<BackgroundCli> {
  stops.push(root);
  const server = startCli(root, ['serve'], { CULPRIT_DEBUG: '1', ...env });
  const primed = await waitFor(() => server.stderr().includes('culprit debug: warm: primed '), 60_000);
  expect(primed, server.stderr()).toBe(true);
  if (env['CULPRIT_SERVE_FOLLOW'] !== '0')
    expect(await waitFor(() => server.stderr().includes('warm: following the edits of'), 10_000)).toBe(true);
  return server;
}

function withoutDurations(report: JsonReport): unknown {
  return { ...report, checks: report.checks.map(({ durationMs: _durationMs, ...check }) => check) };
}

describe('a server following edits', () => {
  it('runs an edit before its check, which finds the work done and answers as a cold check does', async () => {
    const repo = repos.add(makeSmallRepo());
    const start = await runCliAsync(repo.root, ['start', '--json'], { CULPRIT_NO_SERVE: '1' });
    expect(start.exitCode, start.stderr).toBe(0);
    // git's own trace of what the server (and the worker) asked it.
    const trace = join(repo.root, '..', `${basename(repo.root)}-git-trace.log`);
    onTestFinished(() => rmSync(trace, { force: true }));
    const server = await startServer(repo.root, { GIT_TRACE: trace });
    const askedGit = () =>
      [...readFileSync(trace, 'utf8').matchAll(/trace: built-in: git (\w[\w-]*)/g)].map((match) => match[1]!);

    // A first check: the server has found the client's repository (one git rev-parse) before the edit.
    const first = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(first.stderr).toContain('culprit debug: serve: answered by the server');

    // An edit while the priming still reads the tree again is the priming's (it primes again),
    // not followed: the edit is written again, a comment added at its end, until one is followed.
    const edit = Object.entries(smallEdits[0]!);
    for (let round = 0; round < 5 && countFollowed(server) === 0; round += 1) {
      for (const [path, content] of edit) repo.write(path, `${content}${round === 0 ? '' : `// ${round}\n`}`);
      await waitFor(() => countFollowed(server) > 0, 10_000);
    }
    expect(countFollowed(server), server.stderr()).toBeGreaterThanOrEqual(1);
    const before = server.stderr().length;
    const askedBefore = askedGit().length;
    const served = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(served.stderr).toContain('culprit debug: serve: answered by the server');
    // The tree the follow read is confirmed by one git status (git/tree-id.ts), and nothing else is asked.
    expect(askedGit().slice(askedBefore)).toEqual(['status']);
    // The worker's lines reach the server's stderr through a pipe of their own, maybe after the answer.
    const found = 'culprit debug: warm: tsc found nothing changed';
    expect(await waitFor(() => server.stderr().slice(before).includes(found), 10_000), server.stderr()).toBe(true);
    expect(server.stderr().slice(before)).not.toMatch(/tsc checked \d+ file\(s\) again/);
    // The same tree again, cold: it re-reads the attempt the served check recorded, the same report.
    const cold = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_NO_SERVE: '1' });
    const servedReport = JSON.parse(served.stdout) as JsonReport;
    expect(servedReport.verdict).toBe('introduced');
    expect(servedReport.shown.map((finding) => `${finding.path} ${finding.code}`)).toEqual(['src/read.ts TS2339']);
    expect(withoutDurations(servedReport)).toEqual(withoutDurations(JSON.parse(cold.stdout) as JsonReport));
    expect(served.exitCode).toBe(cold.exitCode);

    // A check right after an edit comes while the follow's run is under way: it reads the tree
    // meanwhile, then asks the worker once the run has ended, and answers as a cold check does.
    repo.write('src/read.ts', `${readFileSync(join(repo.root, 'src/read.ts'), 'utf8')}export const late = 1;\n`);
    const rightAfter = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(rightAfter.stderr).toContain('culprit debug: serve: answered by the server');
    const coldAfter = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_NO_SERVE: '1' });
    expect(withoutDurations(JSON.parse(rightAfter.stdout) as JsonReport)).toEqual(
      withoutDurations(JSON.parse(coldAfter.stdout) as JsonReport),
    );

    // A folder made since the server started is watched from when it appears.
    mkdirSync(join(repo.root, 'src', 'extra'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seen = countFollowed(server);
    writeFileSync(join(repo.root, 'src', 'extra', 'note.ts'), 'export const note: number = 1;\n');
    expect(await waitFor(() => countFollowed(server) > seen, 30_000), server.stderr()).toBe(true);
    const edited = countFollowed(server);
    writeFileSync(join(repo.root, 'src', 'extra', 'note.ts'), 'export const note: number = 2;\n');
    expect(await waitFor(() => countFollowed(server) > edited, 30_000), server.stderr()).toBe(true);
  });

  it('reads the line maps of an edited flagged file as it follows the edit, not in the check', async () => {
    // A standing type error on a line the edit rewrites: its finding stands only by the edit's line map.
    const legacy = 'export const count: number = "one";\n';
    const repo = repos.add(
      makeRepo({ typescript: '6.0', eslint: '10', files: { ...smallFiles, 'src/legacy.ts': legacy } }),
    );
    const start = await runCliAsync(repo.root, ['start', '--json'], { CULPRIT_NO_SERVE: '1' });
    expect(start.exitCode, start.stderr).toBe(0);
    const trace = join(repo.root, '..', `${basename(repo.root)}-git-trace.log`);
    onTestFinished(() => rmSync(trace, { force: true }));
    const server = await startServer(repo.root, { GIT_TRACE: trace });
    const lineMapDiffs = () => [...readFileSync(trace, 'utf8').matchAll(/trace: built-in: git .*diff-tree .*-U0 .*/g)];
    // A first check tells the server the base the next check compares against.
    const first = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(first.stderr).toContain('culprit debug: serve: answered by the server');
    const rewritten = (round: number) => `export const count: number = "one"; // ${round}\n`;
    for (let round = 0; round < 5 && countFollowed(server) === 0; round += 1) {
      repo.write('src/legacy.ts', rewritten(round));
      await waitFor(() => countFollowed(server) > 0, 10_000);
    }
    expect(countFollowed(server), server.stderr()).toBeGreaterThanOrEqual(1);
    const diffsBefore = lineMapDiffs().length;
    expect(diffsBefore, server.stderr()).toBeGreaterThanOrEqual(1);
    const before = server.stderr().length;
    const served = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(served.stderr).toContain('culprit debug: serve: answered by the server');
    expect(lineMapDiffs().length).toBe(diffsBefore);
    expect(server.stderr().slice(before)).toMatch(
      /re-anchoring: 1 of 1 files mapped \(1 read ahead\), 1 findings found again/,
    );
    const report = JSON.parse(served.stdout) as JsonReport;
    expect(report.counts).toMatchObject({ introduced: 0, reanchored: 1 });
    const cold = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_NO_SERVE: '1' });
    expect(withoutDurations(report)).toEqual(withoutDurations(JSON.parse(cold.stdout) as JsonReport));
  });

  it('follows nothing with CULPRIT_SERVE_FOLLOW=0', async () => {
    const repo = repos.add(makeSmallRepo());
    const server = await startServer(repo.root, { CULPRIT_SERVE_FOLLOW: '0' });
    // A check first: the priming is over, and the worker would follow the edit after it.
    const first = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(first.stderr).toContain('culprit debug: serve: answered by the server');
    for (const [path, content] of Object.entries(smallEdits[0]!)) repo.write(path, content);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(countFollowed(server)).toBe(0);
    const served = await runCliAsync(repo.root, ['check', '--json'], { CULPRIT_DEBUG: '1' });
    expect(served.stderr).toContain('culprit debug: serve: answered by the server');
    expect(countFollowed(server)).toBe(0);
  });

  it("follows the edits of culprit mcp's tree between tool calls", async () => {
    const repo = repos.add(makeSmallRepo());
    const { client, stderr } = await connectMcp(repo.root);
    try {
      const start = (await client.callTool({ name: 'start', arguments: {} })) as CallToolResult;
      expect(start.isError, JSON.stringify(start.content)).toBeFalsy();
      // Its tree is known from the start's answer on; the folders are watched once git listed them.
      expect(await waitFor(() => stderr().includes('culprit debug: warm: following the edits of'), 10_000)).toBe(true);
      const edit = Object.entries(smallEdits[0]!);
      const followedCount = () => [...stderr().matchAll(followed)].length;
      for (let round = 0; round < 5 && followedCount() === 0; round += 1) {
        for (const [path, content] of edit) repo.write(path, `${content}${round === 0 ? '' : `// ${round}\n`}`);
        await waitFor(() => followedCount() > 0, 10_000);
      }
      expect(followedCount(), stderr()).toBeGreaterThanOrEqual(1);
      const before = stderr().length;
      const check = (await client.callTool({ name: 'check', arguments: {} })) as CallToolResult;
      expect(check.isError, JSON.stringify(check.content)).toBeFalsy();
      expect((check.structuredContent as unknown as JsonReport).verdict).toBe('introduced');
      const found = 'culprit debug: warm: tsc found nothing changed';
      expect(await waitFor(() => stderr().slice(before).includes(found), 10_000), stderr()).toBe(true);
    } finally {
      await client.close();
    }
  });
});
