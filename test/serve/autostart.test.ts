/**
 * The warm server starting itself, through the built CLI on a small repository checked by real
 * tsc: outside CI, `start` starts `culprit serve` for the work tree, waits for it and has its warm
 * worker take the baseline (that one run is what warms it) and says so on stderr; a check starts
 * one too but runs cold beside its start-up, then tells it to prime; the
 * check and the Stop hooks of all three agents after it are answered by that server, each exactly
 * as its cold twin (CULPRIT_NO_SERVE=1) answers the same tree; `serve --status` names it and
 * `serve --stop` ends it with everything it ran. It stays off in CI, with CULPRIT_NO_SERVE=1 and
 * with `"serve": false`; a server of another version (a stand-in speaking the protocol) and one
 * whose configuration changed are replaced by a fresh one; a hook whose server was killed runs
 * cold. Every server a test starts is stopped after it, and no process is left in the repository. The suite runs with CI set (vitest.config.ts), so these tests clear it
 * for the culprits they run. Runs dist/cli/main.js: `npm run build` first (npm test does).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProcessAlive, waitFor } from '../checks/helpers.js';
import { runCli, type CliResult, type JsonReport } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { agentDocuments } from '../hooks/documents.js';
import { useServerStops } from './stop-servers.js';
import { findProcessesIn, runCliAsync, useRepos } from '../warm/helpers.js';
import { findServeSocket } from '../../src/serve/client.js';
import { makeSocketFolder } from '../../src/serve/paths.js';

const repos = useRepos();

/** Outside CI, so a command may start a server; debug lines say who answered. */
const outsideCi = { CI: '', CULPRIT_DEBUG: '1' };
const cold = { CULPRIT_NO_SERVE: '1' };
const started = /culprit: started a warm server for (\S+) \(pid (\d+), log (\S+)\)/;
const answeredByServer = 'serve: answered by the server';
const startedBeside = 'running cold beside its start-up';

const files = {
  'package.json': '{ "name": "autostart", "private": true, "type": "module" }',
  'tsconfig.json': JSON.stringify({
    compilerOptions: { lib: ['es2022'], target: 'es2022', module: 'esnext', strict: true, noEmit: true, types: [] },
    include: ['src'],
  }),
  'src/rate.ts': 'export const rate = (amount: number): number => amount * 2;\n',
  'src/use.ts': "import { rate } from './rate';\nexport const doubled: number = rate(2);\n",
};

const breakingEdit = 'export const rate = (amount: number): string => `${amount}`;\n';

function makeAutostartRepo(): TestRepo {
  return repos.add(makeRepo({ files }));
}

/** The pid and log of the server the command says it started, after checking that the line names the work tree and how to stop it. */
function readStarted(result: CliResult, root: string): { pid: number; log: string } {
  const match = started.exec(result.stderr);
  expect(match, result.stderr).not.toBeNull();
  expect(match![1]).toBe(root);
  expect(result.stderr).toContain('culprit serve --stop');
  return { pid: Number(match![2]), log: match![3]! };
}

const stopped = useServerStops();

/** A report as the tree and the findings make it, without the attempt's number and timings. */
function describeReport(report: JsonReport): unknown {
  return {
    verdict: report.verdict,
    counts: report.counts,
    shown: report.shown,
    checks: report.checks.map(({ name, status }) => ({ name, status })),
  };
}

describe('culprit serve started by the commands that need it', () => {
  it('start starts it; check and every agent hook are answered by it as cold; --status names it; --stop ends it', async () => {
    const repo = makeAutostartRepo();
    stopped.push(repo.root);
    const start = await runCliAsync(repo.root, ['start'], outsideCi);
    expect(start.exitCode, start.stderr).toBe(0);
    const { pid, log } = readStarted(start, repo.root);
    // start waited for the server it started: its warm worker took the baseline run.
    expect(start.stderr).toContain(answeredByServer);
    expect(start.stderr).not.toContain(startedBeside);
    expect(isProcessAlive(pid)).toBe(true);
    expect(log.startsWith(join(repo.root, '.git', 'culprit', 'serve'))).toBe(true);

    const status = await runCliAsync(repo.root, ['serve', '--status']);
    expect(status.stdout).toMatch(
      new RegExp(
        `^culprit serve: running for ${repo.root} \\(culprit \\S+, pid ${pid}, since \\S+ \\(\\d+ s ago\\)\\); memory \\d+ MB server \\+ \\d+ MB warm workers\\.`,
      ),
    );

    repo.write('src/rate.ts', breakingEdit);
    const served = await runCliAsync(repo.root, ['check', '--json'], outsideCi);
    expect(served.stderr).toContain(answeredByServer);
    expect(served.stderr).not.toMatch(started);
    const coldCheck = await runCliAsync(repo.root, ['check', '--json', '--once-per-tree'], cold);
    expect(served.exitCode).toBe(1);
    expect(coldCheck.exitCode).toBe(1);
    const servedReport = JSON.parse(served.stdout) as JsonReport;
    expect(servedReport.counts.introduced).toBe(1);
    expect(describeReport(servedReport)).toEqual(describeReport(JSON.parse(coldCheck.stdout) as JsonReport));
    // The worker that took the start answered the check, incrementally: one run, not a start and a priming.
    const serverLog = readFileSync(log, 'utf8');
    expect(serverLog.match(/warm: started a worker/g), serverLog).toHaveLength(1);
    expect(serverLog).toContain(`culprit debug: warm: ${repo.root} has a warm worker already; nothing to prime`);
    expect(serverLog).toMatch(/warm: tsc checked \d+ file\(s\) again after 1 changed file\(s\)/);

    for (const documents of agentDocuments) {
      const input = JSON.stringify(documents.stop(repo.root, false));
      const hook = runCli(repo.root, ['hook', documents.agent], { input, env: outsideCi });
      expect(hook.stderr, documents.agent).toContain(answeredByServer);
      const coldHook = runCli(repo.root, ['hook', documents.agent], { input, env: cold });
      expect(coldHook.stderr, documents.agent).not.toContain(answeredByServer);
      expect({ stdout: hook.stdout, exitCode: hook.exitCode }, documents.agent).toEqual({
        stdout: coldHook.stdout,
        exitCode: coldHook.exitCode,
      });
      expect(hook.stdout, documents.agent).toContain("Type 'string' is not assignable to type 'number'");
    }

    const stop = await runCliAsync(repo.root, ['serve', '--stop']);
    expect(stop.stdout).toBe(`culprit serve: stopping the server for ${repo.root} (pid ${pid})\n`);
    expect(await waitFor(() => !isProcessAlive(pid), 20_000)).toBe(true);
    expect(await waitFor(() => findProcessesIn(repo.root).length === 0, 20_000)).toBe(true);
    const after = await runCliAsync(repo.root, ['serve', '--status']);
    expect(after.stdout).toBe(`culprit serve: no server is running for ${repo.root}\n`);
  });

  it('stays off in CI, with CULPRIT_NO_SERVE=1 and with "serve": false', async () => {
    const repo = makeAutostartRepo();
    stopped.push(repo.root);
    const environments = [
      { CI: 'true', CULPRIT_DEBUG: '1' },
      { ...outsideCi, CULPRIT_NO_SERVE: '1' },
    ];
    for (const env of environments) {
      // start as well: outside CI it waits for the server it starts; here it runs cold, starting none.
      for (const command of ['start', 'check']) {
        const run = await runCliAsync(repo.root, [command], env);
        expect(run.exitCode, run.stderr).toBe(0);
        expect(run.stderr).not.toMatch(started);
        expect(run.stderr).not.toContain(answeredByServer);
      }
    }
    repo.write('culprit.config.json', '{ "serve": false }\n');
    const configured = await runCliAsync(repo.root, ['start'], outsideCi);
    expect(configured.exitCode, configured.stderr).toBe(0);
    expect(configured.stderr).not.toMatch(started);
    const status = await runCliAsync(repo.root, ['serve', '--status']);
    expect(status.stdout).toBe(`culprit serve: no server is running for ${repo.root}\n`);
    expect(findProcessesIn(repo.root)).toEqual([]);
  });

  it('replaces a server of another culprit version: it is told to stop, and a fresh one answers', async () => {
    const repo = makeAutostartRepo();
    stopped.push(repo.root);
    // An older culprit's server, as far as the protocol shows it: it refuses the command and is asked to stop.
    const { socket } = await findServeSocket(repo.root);
    // The folder as a server makes it: a folder of the user's alone, or the client would not ask it.
    expect(makeSocketFolder(socket)).toBeUndefined();
    const heard: string[] = [];
    const older = createServer((connection) => {
      connection.once('data', (chunk: Buffer) => {
        const request = JSON.parse(chunk.toString('utf8')) as { command: string };
        heard.push(request.command);
        const answer =
          request.command === 'stop'
            ? { kind: 'stopping', pid: process.pid }
            : { kind: 'refused', reason: 'this server is culprit 0.0.1, the client 0.1.0' };
        connection.end(`${JSON.stringify(answer)}\n`);
        if (request.command === 'stop') older.close();
      });
    });
    await new Promise<void>((resolve) => older.listen(socket, resolve));
    const check = await runCliAsync(repo.root, ['check'], outsideCi);
    older.close();
    expect(check.exitCode, check.stderr).toBe(0);
    expect(heard.slice(0, 2)).toEqual(['check', 'stop']);
    const { pid, log } = readStarted(check, repo.root);
    // The command that starts a server runs cold beside its start-up; the next one is the server's.
    expect(check.stderr).toContain(startedBeside);
    expect(check.stderr).not.toContain(answeredByServer);
    // It primes from the baseline that check took (HEAD's), not by running every check again.
    expect(
      await waitFor(
        () => readFileSync(log, 'utf8').includes(`warm: primed tsc on ${repo.root} from the baseline (tsc)`),
        30_000,
      ),
      readFileSync(log, 'utf8'),
    ).toBe(true);
    const next = await runCliAsync(repo.root, ['check'], outsideCi);
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.stderr).toContain(answeredByServer);
    expect(next.stderr).not.toMatch(started);
    expect(isProcessAlive(pid)).toBe(true);
  });

  it('replaces a server whose configuration changed, and a hook whose server was killed runs cold', async () => {
    const repo = makeAutostartRepo();
    stopped.push(repo.root);
    const first = readStarted(await runCliAsync(repo.root, ['start'], outsideCi), repo.root).pid;

    repo.write('culprit.config.json', '{ "maxFiles": 3 }\n');
    repo.write('src/rate.ts', breakingEdit);
    const check = await runCliAsync(repo.root, ['check'], outsideCi);
    expect(check.exitCode, check.stderr).toBe(1);
    expect(check.stderr).toContain('the tools or the configuration changed since the server started');
    const second = readStarted(check, repo.root).pid;
    expect(second).not.toBe(first);
    expect(check.stderr).toContain(startedBeside);
    expect(await waitFor(() => !isProcessAlive(first), 20_000)).toBe(true);
    const served = await runCliAsync(repo.root, ['check'], outsideCi);
    expect(served.exitCode, served.stderr).toBe(1);
    expect(served.stderr).toContain(answeredByServer);

    process.kill(second, 'SIGKILL');
    expect(await waitFor(() => !isProcessAlive(second), 20_000)).toBe(true);
    const input = JSON.stringify(agentDocuments[0]!.stop(repo.root, false));
    // In CI, so the killed server is not replaced: its socket refuses, and the hook runs cold.
    const hook = runCli(repo.root, ['hook', 'claude-code'], { input, env: { CI: 'true', CULPRIT_DEBUG: '1' } });
    expect(hook.exitCode, hook.stderr).toBe(0);
    expect(hook.stderr).not.toContain(answeredByServer);
    expect(hook.stdout).toContain("Type 'string' is not assignable to type 'number'");
  });
});
