/**
 * What the command checks' coverage costs, and how a runaway tool is stopped (issue 35): each
 * tool run as culprit ran it before (findings only) and as it runs now (findings and what it
 * checked), on generated repositories of JavaScript and Python files, as a ratio of medians;
 * and a command that prints 100 MB: the time until the check fails and culprit's peak memory
 * (the measurements the SARIF command and fault tests asserted before; printed, never asserted).
 *
 * Run by `npm run bench` (BENCH_COMMANDS=0 skips it), or alone: `tsx bench/command-checks.ts`.
 * BENCH_COMMAND_FILES sets the files per repository (default 2000 JavaScript, a tenth as many Python).
 * ruff is not installed on culprit's machines; its two extra calls are not measured here.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listPyrightFiles, readPyrightConfig } from '../src/checks/pyright/config.js';
import { findExecutable } from '../src/checks/runner/find-executable.js';
import { measureProcess } from './measure-process.js';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => join(projectRoot, 'node_modules', '.bin', name);
const rounds = 5;

export interface CommandCost {
  tool: string;
  before: string;
  now: string;
  beforeMs: number;
  nowMs: number;
}

export interface FloodMeasure {
  wallMs: number;
  maxRssKb: number | null;
  treePeakKb: number;
  error: string;
}

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function makeRepos(count: number): { js: string; py: string } {
  const js = mkdtempSync(join(tmpdir(), 'culprit-bench-js-'));
  const py = mkdtempSync(join(tmpdir(), 'culprit-bench-py-'));
  const jsFiles: Record<string, string> = { '.oxlintrc.json': '{}', 'biome.json': '{}' };
  for (let index = 0; index < count; index++)
    jsFiles[`src/m${Math.floor(index / 50)}/f${index}.js`] =
      `export function f${index}(a) {\n  if (a == ${index}) debugger;\n  return a + ${index};\n}\n`;
  writeFiles(js, jsFiles);
  const pyFiles: Record<string, string> = { 'mypy.ini': '[mypy]\n', 'pyrightconfig.json': '{}', 'pkg/__init__.py': '' };
  for (let index = 0; index < Math.max(10, Math.floor(count / 10)); index++)
    pyFiles[`pkg/m${index}.py`] = `def f${index}(a: int) -> int:\n    return a + ${index}  # type: ignore[misc]\n`;
  writeFiles(py, pyFiles);
  return { js, py };
}

/** Median wall times of `before` and `now`, run in turn each round after one warm-up of each, so load drifts hit both. */
async function timePair(before: () => Promise<unknown>, now: () => Promise<unknown>): Promise<[number, number]> {
  await before();
  await now();
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const [index, run] of [before, now].entries()) {
      const started = performance.now();
      await run();
      times[index]!.push(performance.now() - started);
    }
  }
  const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  return [median(times[0]), median(times[1])];
}

const spawnIn = (cwd: string) => (command: string, args: readonly string[]) =>
  measureProcess(command, args, { cwd, env: { ...process.env, NO_COLOR: '1' } });

export async function measureCommandCosts(count: number): Promise<CommandCost[]> {
  const { js, py } = makeRepos(count);
  const scratch = mkdtempSync(join(tmpdir(), 'culprit-bench-scratch-'));
  const costs: CommandCost[] = [];
  try {
    const inJs = spawnIn(js);
    const inPy = spawnIn(py);
    const oxlint = bin('oxlint');
    const [oxlintBefore, oxlintNow] = await timePair(
      () => inJs(oxlint, ['--format=sarif', '.']),
      () => Promise.all([inJs(oxlint, ['--format=sarif', '.']), inJs(oxlint, ['--debug=files', '.'])]),
    );
    costs.push({
      tool: 'oxlint',
      before: '--format=sarif',
      now: '+ --debug=files beside it',
      beforeMs: oxlintBefore,
      nowMs: oxlintNow,
    });
    const biome = bin('biome');
    const lint = ['lint', '--reporter=sarif', '--max-diagnostics=none', '--colors=off'];
    const summary = `--reporter-file=${join(scratch, 'summary.txt')}`;
    const [biomeBefore, biomeNow] = await timePair(
      () => inJs(biome, [...lint, '.']),
      () => inJs(biome, [...lint, '--verbose', '--reporter=summary', summary, '.']),
    );
    costs.push({
      tool: 'biome',
      before: 'lint --reporter=sarif',
      now: '+ --verbose --reporter=summary --reporter-file',
      beforeMs: biomeBefore,
      nowMs: biomeNow,
    });
    const pyright = bin('pyright');
    const run = () => inPy(pyright, ['--outputjson']);
    const [pyrightBefore, pyrightNow] = await timePair(run, async () => {
      await run();
      listPyrightFiles(py, readPyrightConfig(py, null));
    });
    costs.push({
      tool: 'pyright',
      before: '--outputjson',
      now: "+ culprit's listing of its files (in process, after it)",
      beforeMs: pyrightBefore,
      nowMs: pyrightNow,
    });
    const mypy = findExecutable('mypy', { local: [], roots: [] });
    if (mypy !== null) {
      const base = ['--no-error-summary', '--cache-dir', join(scratch, 'mypy-cache'), '.'];
      const [mypyBefore, mypyNow] = await timePair(
        () => inPy(mypy, base),
        () => inPy(mypy, ['--verbose', ...base]),
      );
      costs.push({
        tool: 'mypy (cache warm)',
        before: 'text output',
        now: '+ --verbose (its log on stderr)',
        beforeMs: mypyBefore,
        nowMs: mypyNow,
      });
    }
  } finally {
    for (const dir of [js, py, scratch]) rmSync(dir, { recursive: true, force: true });
  }
  return costs;
}

/** `culprit start` on a repository whose only check prints 100 MB of stdout. */
export async function measureFlood(cli: string): Promise<FloodMeasure> {
  const root = mkdtempSync(join(tmpdir(), 'culprit-bench-flood-'));
  try {
    writeFiles(root, {
      'flood.mjs':
        "const chunk = Buffer.alloc(1 << 20, 'x');\nlet left = 100;\nconst write = () => { while (left > 0) { left--; if (!process.stdout.write(chunk)) { process.stdout.once('drain', write); return; } } };\nwrite();\n",
      'culprit.config.json': JSON.stringify({ checks: { flood: { command: ['node', 'flood.mjs'] } } }),
    });
    spawnSync('git', ['init', '-q'], { cwd: root });
    const run = await measureProcess(process.execPath, [cli, 'start', '--json'], { cwd: root });
    const start = JSON.parse(run.stdout) as { checks: { error?: string }[] };
    return {
      wallMs: run.wallMs,
      maxRssKb: run.maxRssKb,
      treePeakKb: run.treePeakKb,
      error: start.checks[0]?.error ?? '',
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function describeCommandCosts(costs: readonly CommandCost[]): string[] {
  return costs.map(
    (cost) =>
      `  ${cost.tool}: ${cost.before} ${(cost.beforeMs / 1000).toFixed(2)} s → ${cost.now} ${(cost.nowMs / 1000).toFixed(2)} s, ${(cost.nowMs / cost.beforeMs).toFixed(2)}x`,
  );
}

export function describeFlood(flood: FloodMeasure): string {
  const peak = ((flood.maxRssKb ?? flood.treePeakKb) / 1024).toFixed(0);
  return `  a command printing 100 MB: culprit start failed it in ${(flood.wallMs / 1000).toFixed(2)} s, peak ${peak} MB (target: well under the 400 MB the fault test once asserted); "${flood.error}"`;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = Number(process.env['BENCH_COMMAND_FILES'] ?? '2000');
  for (const line of describeCommandCosts(await measureCommandCosts(count))) process.stdout.write(`${line}\n`);
  process.stdout.write(`${describeFlood(await measureFlood(join(projectRoot, 'dist', 'cli', 'main.js')))}\n`);
}
