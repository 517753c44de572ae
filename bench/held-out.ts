/**
 * Issue 40's held-out timing script (`npm run bench:held-out`): on a repository of the bench's
 * size that is not the bench's (bench/held-out-repo.ts) and a seeded sequence of edits culprit
 * was not tuned on (bench/held-out-edits.ts), as an agent's session meets culprit with CI unset:
 *
 * - the raw tools, `tsc --noEmit` then `eslint .`: the denominator of every ratio;
 * - `culprit start` with no server running (it starts one, whose warm worker takes the run), and
 *   at once a body edit checked: the first check after start;
 * - each edit of the sequence checked through that server, then the same tree checked cold
 *   (`CULPRIT_NO_SERVE=1`, which re-reads the attempt the served check recorded, so it makes the
 *   same report against the same attempt before): the two reports must be equal but for the
 *   checks' durations, and every difference is printed;
 * - a Claude Code Stop hook after body edits, the server's memory after the sequence, and the
 *   MCP server's `check` tool after body edits (its own server, started fresh).
 *
 * Ratios are printed beside the issue's targets and never asserted; run it alone on an idle
 * machine (the header prints the load). `HELD_OUT_FILES` (default 800) and `HELD_OUT_SEED`
 * (default 40) pick the repository's size and the edits; `BENCH_KEEP=1` keeps the repository.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeEditSequence, type HeldOutEdit } from './held-out-edits.js';
import { generateHeldOutRepo, servicePath } from './held-out-repo.js';
import { measureProcess, readTreeRssKb, type ProcessMeasure } from './measure-process.js';
import { renderTable, type TableRow } from './render-table.js';
import { stopStartedServer } from './serve-process.js';
import { measureMcpChecks } from './start-flow.js';

const cli = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/cli/main.js');
const files = Number(process.env['HELD_OUT_FILES'] ?? '800');
const seed = Number(process.env['HELD_OUT_SEED'] ?? '40');

interface Step {
  edit: HeldOutEdit;
  servedMs: number;
  served: boolean;
  verdict: string;
  differences: string[];
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const ratio = (ms: number, rawMs: number) => `${(ms / rawMs).toFixed(3)}×`;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** CI unset (so commands use and start the work tree's server) and debug lines on; cold runs are told so. */
function makeEnv(cold: boolean): NodeJS.ProcessEnv {
  const { CULPRIT_NO_SERVE: _serve, CI: _ci, ...env } = process.env;
  return { ...env, CULPRIT_DEBUG: '1', ...(cold ? { CULPRIT_NO_SERVE: '1' } : {}) };
}

function runCli(root: string, args: readonly string[], cold = false, input?: string): Promise<ProcessMeasure> {
  return measureProcess(process.execPath, [cli, ...args], { cwd: root, env: makeEnv(cold), input });
}

async function measureRaw(root: string): Promise<{ totalMs: number; tscMs: number; eslintMs: number; peakKb: number }> {
  const tsc = await measureProcess(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'],
    {
      cwd: root,
    },
  );
  if (tsc.exitCode !== 0) throw new Error(`raw tsc failed on the held-out repository:\n${tsc.stdout.slice(0, 3000)}`);
  const eslint = await measureProcess(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '.'], {
    cwd: root,
  });
  if (!/\d+ problems?/.test(eslint.stdout))
    throw new Error(`raw eslint gave no summary:\n${eslint.stderr.slice(0, 3000)}`);
  const peak = (run: ProcessMeasure) => run.maxRssKb ?? run.treePeakKb;
  return {
    totalMs: tsc.wallMs + eslint.wallMs,
    tscMs: tsc.wallMs,
    eslintMs: eslint.wallMs,
    peakKb: Math.max(peak(tsc), peak(eslint)),
  };
}

/** A report as the agent reads it, without what differs from run to run by nature: how long each check took. */
function comparable(stdout: string): unknown {
  return JSON.parse(stdout, (key, value: unknown) => (key === 'durationMs' ? undefined : value));
}

function showValue(value: unknown): string {
  return value === undefined ? 'absent' : JSON.stringify(value).slice(0, 120);
}

/** The paths where two JSON values differ, at most `limit`. */
function listDifferences(a: unknown, b: unknown, path = '$', limit = 10, found: string[] = []): string[] {
  if (found.length >= limit) return found;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    if (a !== b) found.push(`${path}: served ${showValue(a)}, cold ${showValue(b)}`);
    return found;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys)
    listDifferences(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}.${key}`,
      limit,
      found,
    );
  return found;
}

async function checkServedThenCold(root: string, edit: HeldOutEdit): Promise<Step> {
  const served = await runCli(root, ['check', '--json']);
  const cold = await runCli(root, ['check', '--json'], true);
  if (!served.stdout.startsWith('{')) throw new Error(`the served check printed no JSON:\n${served.stderr}`);
  if (!cold.stdout.startsWith('{')) throw new Error(`the cold check printed no JSON:\n${cold.stderr}`);
  const differences = listDifferences(comparable(served.stdout), comparable(cold.stdout));
  const { verdict } = JSON.parse(served.stdout) as { verdict: string };
  return {
    edit,
    servedMs: served.wallMs,
    served: served.stderr.includes('answered by the server'),
    verdict,
    differences,
  };
}

/** A one-line body edit of a service nothing edits otherwise: a new ESLint finding, a new tree each variant. */
function makeBodyEdit(root: string, packages: number): { apply(variant: number): void; revert(): void } {
  const path = join(root, servicePath(packages - 1, 0));
  const original = readFileSync(path, 'utf8');
  return {
    apply: (variant) =>
      writeFileSync(
        path,
        original.replace('String(this.items.length);', `String(this.items.length) + '${variant}'; debugger;`),
      ),
    revert: () => writeFileSync(path, original),
  };
}

function stopServer(root: string, startedStderr: string): Promise<void> {
  return stopStartedServer(cli, root, makeEnv(false), startedStderr);
}

function describeLoad(): string {
  const [one, five] = loadavg();
  return `load average ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min) on ${availableParallelism()} cores`;
}

async function main(): Promise<void> {
  log(`culprit held-out timing, ${describeLoad()}, node ${process.version}`);
  const repo = generateHeldOutRepo(files);
  log(`held-out repository: ${repo.files} files in ${repo.root}`);
  const body = makeBodyEdit(repo.root, repo.packages);
  const sequence = makeEditSequence(repo.root, repo.packages, seed);
  let serverStderr = '';
  try {
    const raw = await measureRaw(repo.root);
    log(`raw: tsc ${seconds(raw.tscMs)} + eslint ${seconds(raw.eslintMs)} = ${seconds(raw.totalMs)}`);

    const start = await runCli(repo.root, ['start']);
    serverStderr = start.stderr;
    if (start.exitCode !== 0) throw new Error(`culprit start failed:\n${start.stderr}`);
    const startServed = start.stderr.includes('answered by the server');
    body.apply(1);
    const first = await checkServedThenCold(repo.root, {
      kind: 'body',
      file: 'the body edit',
      describe: 'first check after start',
    });
    body.revert();
    log(
      `start ${seconds(start.wallMs)} (${startServed ? 'taken by the server' : 'NOT SERVED'}); first check after it ${seconds(first.servedMs)}`,
    );

    const steps: Step[] = [first];
    for (let edit = sequence.next(); edit !== undefined; edit = sequence.next()) {
      const step = await checkServedThenCold(repo.root, edit);
      steps.push(step);
      log(
        `  ${edit.describe}: ${step.verdict}, ${seconds(step.servedMs)}${step.served ? '' : ' NOT SERVED'}${step.differences.length === 0 ? ', served = cold' : `\n    DIFFERS: ${step.differences.join('\n    DIFFERS: ')}`}`,
      );
    }
    sequence.revertAll();

    const hooks: number[] = [];
    for (const variant of [11, 12, 13]) {
      body.apply(variant);
      const hook = await runCli(
        repo.root,
        ['hook', 'claude-code'],
        false,
        JSON.stringify({
          session_id: 'held-out',
          transcript_path: join(repo.root, '..', 'held-out-transcript.jsonl'),
          cwd: repo.root,
          permission_mode: 'default',
          hook_event_name: 'Stop',
          stop_hook_active: false,
        }),
      );
      if (!hook.stderr.includes('answered by the server')) log('  Stop hook NOT SERVED');
      hooks.push(hook.wallMs);
    }
    body.revert();
    const serverPid = Number(/started a warm server for \S+ \(pid (\d+)/.exec(serverStderr)?.[1] ?? Number.NaN);
    const heldKb = Number.isNaN(serverPid) ? 0 : readTreeRssKb(serverPid);
    await stopServer(repo.root, serverStderr);
    serverStderr = '';

    const mcp = await measureMcpChecks(cli, repo.root, makeEnv(false), body, 5);
    const bodySteps = steps.slice(1).filter((step) => step.edit.kind === 'body');
    const agree = steps.filter((step) => step.differences.length === 0).length;
    const rows: TableRow[] = [
      { metric: 'raw = tsc + eslint', values: [seconds(raw.totalMs)], target: '' },
      {
        metric: 'start, no server running (× raw)',
        values: [`${seconds(start.wallMs)} (${ratio(start.wallMs, raw.totalMs)})`],
        target: '≤ 1.1×',
      },
      {
        metric: 'first check right after start (× raw)',
        values: [`${seconds(first.servedMs)} (${ratio(first.servedMs, raw.totalMs)})`],
        target: '≤ 0.3×',
      },
      {
        metric: 'served body edit: median (× raw)',
        values: [
          `${seconds(median(bodySteps.map((step) => step.servedMs)))} (${ratio(median(bodySteps.map((step) => step.servedMs)), raw.totalMs)}) of ${bodySteps.length}`,
        ],
        target: '≤ 0.01×',
      },
      {
        metric: 'served, every edit of the sequence: median',
        values: [
          `${seconds(median(steps.slice(1).map((step) => step.servedMs)))} (${ratio(median(steps.slice(1).map((step) => step.servedMs)), raw.totalMs)})`,
        ],
        target: '',
      },
      {
        metric: 'Stop hook (claude-code), body edit: median (× raw)',
        values: [`${seconds(median(hooks))} (${ratio(median(hooks), raw.totalMs)})`],
        target: '≤ 0.015×',
      },
      {
        metric: "MCP server's warm check, body edit: median (× raw)",
        values: [
          `${seconds(median(mcp.checkMs.slice(1)))} (${ratio(median(mcp.checkMs.slice(1)), raw.totalMs)}); first ${seconds(mcp.checkMs[0]!)}`,
        ],
        target: '≤ 0.01×',
      },
      {
        metric: 'server and worker RSS after the sequence',
        values: [`${Math.round(heldKb / 1024)} MB (${(heldKb / raw.peakKb).toFixed(2)}× the raw tools' peak)`],
        target: '≤ 1.0×',
      },
      {
        metric: 'served answers equal to cold ones',
        values: [`${agree} of ${steps.length}${agree === steps.length ? '' : ' — DIFFERENCES above'}`],
        target: 'all',
      },
    ];
    process.stdout.write(
      `\nheld-out: ${repo.files} files, seed ${seed}, ${describeLoad()} at the end\n${renderTable(['metric', `${repo.files} files`, 'target'], rows)}\n`,
    );
  } finally {
    sequence.revertAll();
    body.revert();
    if (serverStderr !== '') await stopServer(repo.root, serverStderr);
    if (process.env['BENCH_KEEP'] !== '1') rmSync(repo.root, { recursive: true, force: true });
  }
}

await main();
