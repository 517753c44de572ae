/**
 * The served shortcut (src/cli/served.ts) against the full command line, through the built CLI
 * and a real server on a small repository checked by real tsc. dist/cli/main.js takes the
 * shortcut; dist/cli/commands.js run as the entry is the full command line (commander) alone.
 * For `check`, `check --json`, `check <file>` and every agent's Stop hook, the shortcut answers
 * with the same stdout, stderr and exit code as the full command line, without loading commander
 * or node's heavier modules (heavyBuiltins);
 * with no server, with CULPRIT_NO_SERVE=1 and for another option it leaves the command to the
 * full command line, with the same outcome again. A stand-in server that records what it is asked
 * hears the very same request from both. Runs dist/: `npm run build` first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../checks/helpers.js';
import { cliPath, runCli, type CliResult } from '../helpers/cli.js';
import { makeRepo, projectRoot } from '../helpers/repo.js';
import { agentDocuments } from '../hooks/documents.js';
import { useServerStops } from './stop-servers.js';
import { findProcessesIn, useRepos } from '../warm/helpers.js';
import { makeServedCheckRequest } from '../../src/serve/ask-server.js';
import { findServeSocket } from '../../src/serve/client.js';
import { makeSocketFolder } from '../../src/serve/paths.js';

const repos = useRepos();
const fullCommandLine = join(projectRoot, 'dist', 'cli', 'commands.js');

/** Outside CI, so `start` starts a server; debug lines are compared too. */
const outsideCi = { CI: '', CULPRIT_DEBUG: '1' };
const answeredByServer = 'serve: answered by the server';

/**
 * What only the full command line loads, or nothing served needs: commander, and node's modules
 * that would cost a served check's client milliseconds of its start-up (child processes, crypto,
 * and node:fs's streams, which importing node:fs as an ES module loads).
 */
const heavyBuiltins = ['child_process', 'crypto', 'internal/fs/streams'];

/** Printed at exit as the last line, `LOADED` and which of them the process loaded. */
const reportLoaded = `data:text/javascript,${encodeURIComponent(
  "import { createRequire } from 'node:module';" +
    'const cache = createRequire("/").cache;' +
    `const heavy = ${JSON.stringify(heavyBuiltins)};` +
    "process.on('exit', () => {" +
    "const loaded = heavy.filter((name) => process.moduleLoadList.includes('NativeModule ' + name));" +
    "if (Object.keys(cache).some((path) => path.includes('/commander/'))) loaded.unshift('commander');" +
    "process.stderr.write(['LOADED', ...loaded].join(' ') + '\\n');" +
    '});',
)}`;

interface Run extends CliResult {
  /** Whether commander was loaded. */
  commander: boolean;
  /** Which of commander and heavyBuiltins were loaded. */
  loaded: string[];
}

function runEntry(entry: string, cwd: string, args: readonly string[], env: NodeJS.ProcessEnv, input = ''): Run {
  const result = spawnSync(process.execPath, ['--import', reportLoaded, entry, ...args], {
    cwd,
    encoding: 'utf8',
    input,
    env: { ...process.env, ...env },
  });
  if (result.error) throw result.error;
  const report = /LOADED(.*)\n$/.exec(result.stderr);
  if (report === null) throw new Error(`no LOADED line at the end of stderr:\n${result.stderr}`);
  const loaded = report[1]!.split(' ').filter((name) => name !== '');
  const stderr = result.stderr.slice(0, report.index);
  return {
    stdout: result.stdout,
    stderr,
    exitCode: result.status ?? -1,
    commander: loaded.includes('commander'),
    loaded,
  };
}

/**
 * A run's outcome without what differs from one run to the next: the checks' durations and the
 * pids of workers; and without the entry's own first debug line (where a check's time begins,
 * cli/main.ts), which commands.js run as the entry does not write.
 */
function outcomeOf(run: Run): CliResult {
  const steady = (text: string) =>
    text
      .replace(/^culprit debug: culprit: started\n/, '')
      .replace(/"durationMs": \d+/g, '"durationMs": N')
      .replace(/\(pid \d+\)/g, '(pid N)')
      .replace(/\d+ ms/g, 'N ms');
  return { stdout: steady(run.stdout), stderr: steady(run.stderr), exitCode: run.exitCode };
}

/**
 * The shortcut's run of `args` next to the full command line's, the full one asked first and
 * last: with the tree unchanged, an attempt is repeated, so the second and third answers are alike.
 */
function compareWithFull(
  cwd: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  input = '',
): { shortcut: Run; full: Run } {
  runEntry(fullCommandLine, cwd, args, env, input);
  const shortcut = runEntry(cliPath, cwd, args, env, input);
  const full = runEntry(fullCommandLine, cwd, args, env, input);
  return { shortcut, full };
}

const stopped = useServerStops();

describe('the served shortcut', () => {
  it('answers check, check --json, check <file> and the Stop hooks as the full command line does, without commander; leaves the rest to it', async () => {
    const repo = repos.add(
      makeRepo({
        files: {
          'package.json': '{ "name": "shortcut", "private": true, "type": "module" }',
          'tsconfig.json': JSON.stringify({
            compilerOptions: {
              lib: ['es2022'],
              target: 'es2022',
              module: 'esnext',
              strict: true,
              noEmit: true,
              types: [],
            },
            include: ['src'],
          }),
          'src/rate.ts': 'export const rate = (amount: number): number => amount * 2;\n',
          'src/use.ts': "import { rate } from './rate';\nexport const doubled: number = rate(2);\n",
        },
      }),
    );

    stopped.push(repo.root);
    const start = runEntry(cliPath, repo.root, ['start'], outsideCi);
    expect(start.exitCode, start.stderr).toBe(0);
    expect(start.stderr).toContain('culprit: started a warm server');
    repo.write('src/rate.ts', 'export const rate = (amount: number): string => `${amount}`;\n');

    for (const args of [['check'], ['check', '--json'], ['check', 'src/rate.ts']]) {
      const { shortcut, full } = compareWithFull(repo.root, args, outsideCi);
      expect(shortcut.loaded, args.join(' ')).toEqual([]);
      expect(full.commander).toBe(true);
      expect(shortcut.stderr, args.join(' ')).toContain(answeredByServer);
      expect(outcomeOf(shortcut), args.join(' ')).toEqual(outcomeOf(full));
      expect(shortcut.exitCode, `${args.join(' ')}: ${shortcut.stdout}`).toBe(1);
    }

    for (const documents of agentDocuments) {
      const input = JSON.stringify(documents.stop(repo.root, false));
      const { shortcut, full } = compareWithFull(repo.root, ['hook', documents.agent], outsideCi, input);
      expect(shortcut.loaded, documents.agent).toEqual([]);
      expect(shortcut.stderr, documents.agent).toContain(answeredByServer);
      expect(outcomeOf(shortcut), documents.agent).toEqual(outcomeOf(full));
      expect(shortcut.stdout, documents.agent).toContain("Type 'string' is not assignable to type 'number'");
    }

    // Input the hook cannot read: the shortcut leaves it to the full command line, which reports it with the same input.
    const badHook = compareWithFull(repo.root, ['hook', 'claude-code'], outsideCi, 'not json');
    expect(badHook.shortcut.commander).toBe(true);
    expect(outcomeOf(badHook.shortcut)).toEqual(outcomeOf(badHook.full));
    expect(badHook.shortcut.stderr).toContain('culprit hook claude-code:');

    // Another option, or CULPRIT_NO_SERVE=1: the full command line, served or cold as it decides.
    const otherOption = compareWithFull(repo.root, ['check', '--max-files', '1'], outsideCi);
    expect(otherOption.shortcut.commander).toBe(true);
    expect(otherOption.shortcut.stderr).toContain(answeredByServer);
    expect(outcomeOf(otherOption.shortcut)).toEqual(outcomeOf(otherOption.full));
    const serveOff = compareWithFull(repo.root, ['check', '--json'], { ...outsideCi, CULPRIT_NO_SERVE: '1' });
    expect(serveOff.shortcut.commander).toBe(true);
    expect(serveOff.shortcut.stderr).not.toContain(answeredByServer);
    expect(serveOff.shortcut.exitCode).toBe(1);
    expect(outcomeOf(serveOff.shortcut)).toEqual(outcomeOf(serveOff.full));

    // No server, in CI (none starts): the shortcut leaves check to the full command line, which runs it cold.
    runCli(repo.root, ['serve', '--stop']);
    expect(await waitFor(() => findProcessesIn(repo.root).length === 0, 20_000)).toBe(true);
    const inCi = { CI: 'true', CULPRIT_DEBUG: '1' };
    const noServer = compareWithFull(repo.root, ['check', '--json'], inCi);
    expect(noServer.shortcut.commander).toBe(true);
    expect(outcomeOf(noServer.shortcut)).toEqual(outcomeOf(noServer.full));
    expect(noServer.shortcut.stderr).not.toContain(answeredByServer);
  });

  it('sends the server the very request the full command line sends, for each command line it takes', async () => {
    const repo = repos.add(makeRepo({ files: { 'a.ts': 'export {};\n' } }));
    // A stand-in speaking the protocol, which records what each client asks and answers every request alike.
    const { socket } = await findServeSocket(repo.root);
    expect(makeSocketFolder(socket)).toBeUndefined();
    const heard: unknown[] = [];
    const server = createServer((connection) =>
      connection.once('data', (chunk: Buffer) => {
        heard.push(JSON.parse(chunk.toString('utf8')));
        connection.end(`${JSON.stringify({ kind: 'outcome', stdout: 'served\n', exitCode: 0, stderr: '' })}\n`);
      }),
    );
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    const stop = JSON.stringify(agentDocuments[0]!.stop(repo.root, false));
    const commandLines: [string[], string][] = [
      [['check'], ''],
      [['check', '--json'], ''],
      [['check', 'a.ts', '--json'], ''],
      [['hook', agentDocuments[0]!.agent], stop],
    ];
    try {
      for (const [args, input] of commandLines) {
        const runs = [];
        const began = Date.now();
        for (const entry of [cliPath, fullCommandLine]) {
          runs.push(await runAsync(entry, repo.root, args, input));
          expect(runs.at(-1), args.join(' ')).toEqual({ stdout: 'served\n', exitCode: 0 });
        }
        const [shortcut, full] = heard.splice(0) as { options: { startedAt?: number } }[];
        // Each says when its own process began, within this command line's runs.
        for (const request of [shortcut!, full!]) {
          expect(request.options.startedAt, args.join(' ')).toBeGreaterThanOrEqual(began - 1);
          expect(request.options.startedAt, args.join(' ')).toBeLessThanOrEqual(Date.now());
        }
        expect({ ...shortcut, options: { ...shortcut!.options, startedAt: 0 } }, args.join(' ')).toEqual({
          ...full,
          options: { ...full!.options, startedAt: 0 },
        });
      }
    } finally {
      server.close();
    }
  });
});

describe('the request a process makes', () => {
  it('is the same each time, so the full command line takes the answer the shortcut got for it', () => {
    // A server that refused the shortcut may be gone when the full command line asks: it takes the
    // shortcut's answer instead, but only for the very same request (askWorkTreeServer).
    const first = makeServedCheckRequest({ format: 'text' }, '0.0.0');
    for (let round = 0; round < 50; round += 1) {
      // Apart by a third of a millisecond or so, at every phase of the clock's millisecond.
      const until = performance.now() + 0.37;
      while (performance.now() < until);
      expect(makeServedCheckRequest({ format: 'text' }, '0.0.0'), `round ${round}`).toEqual(first);
    }
  });
});

/** The entry run without blocking the test, so the stand-in server in this process can answer it. */
function runAsync(
  entry: string,
  cwd: string,
  args: readonly string[],
  input: string,
): Promise<{ stdout: string; exitCode: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd, env: { ...process.env, CI: '' } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ stdout, exitCode: code ?? -1 }));
    child.stdin.end(input);
  });
}
