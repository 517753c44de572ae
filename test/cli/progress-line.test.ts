/**
 * The progress line through a real pseudo-terminal (node-pty), its output drawn by a real
 * terminal emulator (xterm's headless one): on a terminal, `culprit start` (cold, and through the
 * server it starts), a cold `culprit check` and `culprit debt start` show their checks running,
 * the files tsc says it has done and the seconds, on one line updated in place, and clear it
 * before they print their answer. With --json, in CI, or piped, nothing of it is written: the
 * output is what it was without the line. Runs dist/cli/main.js: `npm run build` first.
 */
import { Terminal } from '@xterm/headless';
import { spawn as spawnTerminal } from '@lydell/node-pty';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../checks/helpers.js';
import { cliPath, runCli, runCliAsync } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { findProcessesIn, useRepos } from '../warm/helpers.js';
import { smallFiles } from '../warm/workspace.js';

const repos = useRepos();

/** What the terminal showed: each screen after each write, and the last. */
interface TerminalRun {
  screens: string[][];
  final: string[];
  raw: string;
  exitCode: number;
}

/** The culprit CLI on a 120×30 terminal, outside CI unless `env` says otherwise. */
function runInTerminal(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<TerminalRun> {
  const { CI: _ci, CULPRIT_DEBUG: _debug, ...inherited } = process.env;
  const terminal = new Terminal({ cols: 120, rows: 30, allowProposedApi: true });
  const child = spawnTerminal(process.execPath, [cliPath, ...args], {
    cwd,
    cols: 120,
    rows: 30,
    env: { ...inherited, ...env },
  });
  const screens: string[][] = [];
  let raw = '';
  let written = Promise.resolve();
  const readScreen = () => {
    const buffer = terminal.buffer.active;
    return Array.from({ length: buffer.length }, (_, row) => buffer.getLine(row)?.translateToString(true) ?? '');
  };
  child.onData((data) => {
    raw += data;
    written = written.then(
      () =>
        new Promise<void>((resolve) =>
          terminal.write(data, () => {
            screens.push(readScreen());
            resolve();
          }),
        ),
    );
  });
  return new Promise((resolve) => {
    child.onExit(({ exitCode }) => {
      // What came before the exit is drawn before the last screen is read.
      setTimeout(() => void written.then(() => resolve({ screens, final: readScreen(), raw, exitCode })), 100);
    });
  });
}

const progressLine = /^culprit: (\S+ (running|done in).*)$/;

/** The progress lines on a screen. */
function findProgress(screen: readonly string[]): string[] {
  return screen.filter((line) => progressLine.test(line));
}

function expectLineShownThenCleared(run: TerminalRun, checks: readonly string[]): void {
  const shown = run.screens.flatMap(findProgress);
  // One line, updated in place: never two at once.
  for (const screen of run.screens) expect(findProgress(screen).length, screen.join('\n')).toBeLessThanOrEqual(1);
  for (const check of checks)
    expect(
      shown.some((line) => line.includes(`${check} running`)),
      run.raw,
    ).toBe(true);
  expect(findProgress(run.final), run.final.join('\n')).toEqual([]);
}

function makeSmallRepo(): TestRepo {
  return repos.add(makeRepo({ typescript: '6.0', eslint: '10', files: { ...smallFiles } }));
}

const noServer = { CULPRIT_NO_SERVE: '1' };
const breakingEdit = smallFiles['src/settings.ts']!.replace('{ region: string;', '{ area: string;').replace(
  'region: "eu"',
  'area: "eu"',
);

describe('the progress line', () => {
  const stopped: string[] = [];
  afterEach(async () => {
    for (const root of stopped.splice(0)) {
      runCli(root, ['serve', '--stop']);
      expect(await waitFor(() => findProcessesIn(root).length === 0, 20_000)).toBe(true);
    }
  });

  it('shows start and a cold check running on a terminal, with the files tsc has done, and clears it before the answer', async () => {
    const repo = makeSmallRepo();
    const start = await runInTerminal(repo.root, ['start'], noServer);
    expect(start.exitCode, start.raw).toBe(0);
    expectLineShownThenCleared(start, ['tsc', 'eslint']);
    expect(start.screens.flatMap(findProgress).some((line) => /tsc running, \d+\/\d+ files, \d+ s/.test(line))).toBe(
      true,
    );
    expect(start.final.join('\n')).toContain('culprit: baseline taken');

    repo.write('src/settings.ts', breakingEdit);
    const check = await runInTerminal(repo.root, ['check'], noServer);
    expect(check.exitCode, check.raw).toBe(1);
    expectLineShownThenCleared(check, ['tsc']);
    expect(check.final.join('\n')).toContain('TS2339');
  });

  it('shows the checks of a start the server it started runs, sent by that server', async () => {
    const repo = makeSmallRepo();
    stopped.push(repo.root);
    const start = await runInTerminal(repo.root, ['start']);
    expect(start.exitCode, start.raw).toBe(0);
    expectLineShownThenCleared(start, ['tsc', 'eslint']);
    const text = start.final.join('\n');
    expect(text).toContain('culprit: baseline taken');
    expect(text).toMatch(/culprit: started a warm server for /);
  });

  it('shows debt start running', async () => {
    const repo = makeSmallRepo();
    repo.write('src/standing.ts', 'export const unused = (value: string) => {\n  const copy = value;\n};\n');
    repo.commit('standing finding');
    const debt = await runInTerminal(repo.root, ['debt', 'start'], noServer);
    expect(debt.exitCode, debt.raw).toBe(1);
    expectLineShownThenCleared(debt, ['tsc']);
  });

  it('writes nothing of it with --json, in CI, or when stderr is not a terminal', async () => {
    const repo = makeSmallRepo();
    const json = await runInTerminal(repo.root, ['start', '--json'], noServer);
    expect(json.exitCode, json.raw).toBe(0);
    expect(json.raw).not.toMatch(/culprit: \S+ running/);
    // The JSON alone, as a pipe would have it (the terminal turns \n into \r\n).
    expect(JSON.parse(json.raw.trim())).toMatchObject({ complete: true });

    repo.write('src/settings.ts', breakingEdit);
    const inCi = await runInTerminal(repo.root, ['check'], { ...noServer, CI: 'true' });
    expect(inCi.exitCode).toBe(1);
    expect(inCi.raw).not.toMatch(/culprit: \S+ running/);
    expect(inCi.raw).not.toContain('\u001b[2K');

    repo.write(
      'src/settings.ts',
      smallFiles['src/settings.ts']!.replace('loadSettings(): Settings', 'loadSettings(): any'),
    );
    const piped = await runCliAsync(repo.root, ['check'], { env: { ...noServer, CI: '' } });
    expect(piped.exitCode).toBe(1);
    expect(piped.stderr).toBe('');
    expect(piped.stdout).not.toContain('\u001b');
  });
});
