/**
 * The held-out timing script (`npm run bench:held-out`), issues 39's and 40's "done when": on a
 * repository of the bench's size that is not the bench's (bench/held-out-repo.ts), on each stack
 * (TypeScript 6 + typescript-eslint, and TypeScript 7 + oxlint's type-aware rules), with a seeded
 * sequence of edits culprit was not tuned on (bench/held-out-edits.ts), as an agent's session
 * meets culprit with CI unset:
 *
 * - the raw tools one after the other: the denominator of every ratio;
 * - a cold check (`CULPRIT_NO_SERVE=1`) after a body edit, HEAD's baseline cached;
 * - `culprit start` with no server running (it starts one, whose warm worker takes the run), and
 *   at once a body edit checked: the first check after start;
 * - each edit of the sequence checked through that server, then the same tree checked cold, which
 *   re-reads the attempt the served check recorded and so makes the same report against the same
 *   attempt before: the two must be equal but for the checks' durations (differences printed);
 * - the two causes of issue 39, each alone on the started tree: a member renamed must be one
 *   `renamed` cause whose sites are every error raw tsc reports, and a function made to return
 *   `any` one cause whose sites include every unsafe-any finding the raw linter adds;
 * - `culprit check` after body edits and the model's turn (the sequence checks right after each
 *   edit), Claude Code Stop hooks after body edits, the server's memory after all that, and the
 *   MCP server's `check` tool after body edits (its own server);
 * - body edits through one more server, with `CULPRIT_DEBUG=time`, right after the edit and after
 *   the model's turn: where a served check's time goes, phase by phase (bench/served-timeline.ts),
 *   printed as a second table.
 *
 * Ratios are printed beside the issues' targets and never asserted; run it alone on an idle
 * machine (each table says the load). `HELD_OUT_STACKS` (default `classic,native`),
 * `HELD_OUT_FILES` (default 800) and `HELD_OUT_SEED` (default 40); `BENCH_KEEP=1` keeps the
 * repositories.
 */
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  describeLoad,
  makeCliEnv,
  makeStopHookInput,
  mcpRounds,
  mcpTurnRounds,
  mcpWarmUpRounds,
  median,
  waitForTurn,
} from './bench-env.js';
import { makeLineEdit, type Edit } from './edits.js';
import type { BenchStack } from './generate-repo.js';
import { makeEditSequence, type EditSequence, type HeldOutEdit } from './held-out-edits.js';
import { generateHeldOutRepo, servicePath, type HeldOutRepo } from './held-out-repo.js';
import { measureProcess, readTreeRssKb, type ProcessMeasure } from './measure-process.js';
import { renderTable, type TableRow } from './render-table.js';
import { startServe, stopStartedServer } from './serve-process.js';
import { makePhaseRows, readPhases, type Phases } from './served-timeline.js';
import { measureMcpChecks } from './start-flow.js';

const cli = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/cli/main.js');
const files = Number(process.env['HELD_OUT_FILES'] ?? '800');
const seed = Number(process.env['HELD_OUT_SEED'] ?? '40');
const stacks = (process.env['HELD_OUT_STACKS'] ?? 'classic,native').split(',') as BenchStack[];

interface Raw {
  totalMs: number;
  tscMs: number;
  lintMs: number;
  peakKb: number;
}

interface Step {
  edit: HeldOutEdit;
  servedMs: number;
  served: boolean;
  verdict: string;
  differences: string[];
  report: Report;
}

interface Report {
  verdict: string;
  counts: { introduced: number };
  groups: {
    sites: number;
    listed: string[];
    cause?: { symbol: string; change?: { kind: string; before: string; after: string } };
  }[];
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const ratio = (ms: number, raw: Raw) => `${seconds(ms)} (${(ms / raw.totalMs).toFixed(3)}×)`;

function runCli(root: string, args: readonly string[], cold = false, input?: string): Promise<ProcessMeasure> {
  return measureProcess(process.execPath, [cli, ...args], { cwd: root, env: makeCliEnv(!cold), input });
}

function runTsc(repo: HeldOutRepo): Promise<ProcessMeasure> {
  return measureProcess(process.execPath, [join(repo.root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], {
    cwd: repo.root,
  });
}

function runLint(repo: HeldOutRepo, json = false): Promise<ProcessMeasure> {
  const format = json ? ['-f', 'json'] : [];
  return repo.stack === 'native'
    ? measureProcess(join(repo.root, 'node_modules/.bin/oxlint'), [...format, '.'], { cwd: repo.root })
    : measureProcess(process.execPath, [join(repo.root, 'node_modules/eslint/bin/eslint.js'), ...format, '.'], {
        cwd: repo.root,
      });
}

async function measureRaw(repo: HeldOutRepo): Promise<Raw> {
  const tsc = await runTsc(repo);
  if (tsc.exitCode !== 0) throw new Error(`raw tsc failed on the held-out repository:\n${tsc.stdout.slice(0, 3000)}`);
  const lint = await runLint(repo);
  if (!/\d+ problems?|Found \d+ warnings? and \d+ errors?/.test(lint.stdout))
    throw new Error(`the raw linter gave no summary:\n${lint.stdout.slice(-1000)}${lint.stderr.slice(0, 2000)}`);
  const peak = (run: ProcessMeasure) => run.maxRssKb ?? run.treePeakKb;
  return {
    totalMs: tsc.wallMs + lint.wallMs,
    tscMs: tsc.wallMs,
    lintMs: lint.wallMs,
    peakKb: Math.max(peak(tsc), peak(lint)),
  };
}

/** Raw tsc's errors on the tree as it is. */
async function countTscErrors(repo: HeldOutRepo): Promise<number> {
  return [...(await runTsc(repo)).stdout.matchAll(/error TS\d+/g)].length;
}

/** The raw linter's unsafe-any findings (typescript-eslint's and oxlint's `no-unsafe-*`) on the tree as it is. */
async function countUnsafeFindings(repo: HeldOutRepo): Promise<number> {
  const { stdout } = await runLint(repo, true);
  const rules =
    repo.stack === 'native'
      ? (JSON.parse(stdout) as { diagnostics: { code: string }[] }).diagnostics.map((finding) => finding.code)
      : (JSON.parse(stdout) as { messages: { ruleId: string | null }[] }[]).flatMap((file) =>
          file.messages.map((message) => message.ruleId ?? ''),
        );
  return rules.filter((rule) => rule.includes('no-unsafe-')).length;
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
  const report = JSON.parse(served.stdout) as Report;
  const step = {
    edit,
    servedMs: served.wallMs,
    served: served.stderr.includes('answered by the server'),
    verdict: report.verdict,
    differences: listDifferences(comparable(served.stdout), comparable(cold.stdout)),
    report,
  };
  log(
    `  ${edit.describe}: ${step.verdict}, ${seconds(step.servedMs)}${step.served ? '' : ' NOT SERVED'}${step.differences.length === 0 ? ', served = cold' : `\n    DIFFERS: ${step.differences.join('\n    DIFFERS: ')}`}`,
  );
  return step;
}

/** A one-line body edit of a service nothing else edits: a new lint finding, a new tree each variant. */
function makeBodyEdit(repo: HeldOutRepo): Edit {
  const line = '  describe(): string {';
  return makeLineEdit(
    join(repo.root, servicePath(repo.packages - 1, 0)),
    line,
    (variant) => `${line}\n    debugger; // ${variant}`,
  );
}

/**
 * One of issue 39's causes, alone on the started tree: the served report must have one group
 * whose cause names a declaration change of `kind` (any kind when undefined) and whose sites
 * are at least `expected`, every one the raw tool adds.
 */
async function checkCause(
  repo: HeldOutRepo,
  sequence: EditSequence,
  kind: 'rename-member' | 'any-return',
  count: () => Promise<number>,
  baseCount: number,
): Promise<{ step: Step; verdict: string }> {
  sequence.revertAll();
  const edit = sequence.apply(kind);
  const step = await checkServedThenCold(repo.root, edit);
  const expected = (await count()) - baseCount;
  const caused = step.report.groups.filter(
    (group) => group.cause?.change !== undefined && (kind !== 'rename-member' || group.cause.change.kind === 'renamed'),
  );
  const [group] = caused;
  const change = group?.cause?.change;
  const verdict =
    caused.length === 1 && group !== undefined && change !== undefined && group.sites >= expected
      ? `PASS: one ${change.kind} cause (${group.cause!.symbol}: ${change.before} → ${change.after}), ${group.sites} sites for the raw tool's ${expected}`
      : `FAIL: ${caused.length} causes (${caused.map((one) => `${one.cause?.change?.kind} with ${one.sites} sites`).join(', ')}) for the raw tool's ${expected} findings; introduced ${step.report.counts.introduced}`;
  log(`  ${kind}: ${verdict}`);
  sequence.revertAll();
  return { step, verdict };
}

interface StackMeasure {
  raw: Raw;
  cold: number;
  start: { wallMs: number; served: boolean };
  steps: Step[];
  causes: string[];
  hooks: number[];
  hooksAfterTurn: number[];
  /** `culprit check --json` after a body edit and the model's turn (bench-env.ts): an agent's check by the command line. */
  checksAfterTurn: number[];
  mcpAfterTurn: number[];
  heldKb: number;
  mcp: number[];
  /** Where served body edits' time goes (bench/served-timeline.ts): right after the edit, and after the model's turn. */
  phases: [Phases[], Phases[]];
}

async function measureStack(repo: HeldOutRepo): Promise<StackMeasure> {
  const body = makeBodyEdit(repo);
  const sequence = makeEditSequence(repo.root, repo.packages, seed);
  let serverStderr = '';
  try {
    const raw = await measureRaw(repo);
    log(`raw: tsc ${seconds(raw.tscMs)} + lint ${seconds(raw.lintMs)} = ${seconds(raw.totalMs)}`);
    const baseUnsafe = await countUnsafeFindings(repo);

    // The first start of this repository: nothing cached, so the server's worker runs the checks.
    const start = await runCli(repo.root, ['start']);
    serverStderr = start.stderr;
    if (start.exitCode !== 0) throw new Error(`culprit start failed:\n${start.stderr}`);
    body.apply(1);
    const first = await checkServedThenCold(repo.root, {
      kind: 'body',
      file: 'the body edit',
      describe: 'first check after start',
    });
    // A cold check from the started baseline, which is cached now.
    body.apply(2);
    const cold = await runCli(repo.root, ['check', '--json'], true);
    body.revert();
    log(`cold check, cached baseline, body edit: ${ratio(cold.wallMs, raw)}`);

    const steps: Step[] = [first];
    for (let edit = sequence.next(); edit !== undefined; edit = sequence.next())
      steps.push(await checkServedThenCold(repo.root, edit));
    const renamed = await checkCause(repo, sequence, 'rename-member', () => countTscErrors(repo), 0);
    const anyReturn = await checkCause(repo, sequence, 'any-return', () => countUnsafeFindings(repo), baseUnsafe);
    steps.push(renamed.step, anyReturn.step);

    // Stop hooks right after the edit, then after the model's turn (bench-env.ts), as Claude Code runs them.
    const hooks: number[] = [];
    const hooksAfterTurn: number[] = [];
    for (const variant of [11, 12, 13, 14, 15, 16]) {
      body.apply(variant);
      const afterTurn = variant > 13;
      if (afterTurn) await waitForTurn();
      const hook = await runCli(repo.root, ['hook', 'claude-code'], false, makeStopHookInput(repo.root, 'held-out'));
      if (!hook.stderr.includes('answered by the server')) log('  Stop hook NOT SERVED');
      (afterTurn ? hooksAfterTurn : hooks).push(hook.wallMs);
    }
    // The command line's check after the model's turn, as an agent asks it; the sequence above measures it right after.
    const checksAfterTurn: number[] = [];
    for (const variant of [21, 22, 23]) {
      body.apply(variant);
      await waitForTurn();
      const check = await runCli(repo.root, ['check', '--json']);
      if (!check.stderr.includes('answered by the server')) log('  check after the turn NOT SERVED');
      checksAfterTurn.push(check.wallMs);
    }
    body.revert();
    const serverPid = Number(/started a warm server for \S+ \(pid (\d+)/.exec(serverStderr)?.[1] ?? Number.NaN);
    const heldKb = Number.isNaN(serverPid) ? 0 : readTreeRssKb(serverPid);
    await stopStartedServer(cli, repo.root, makeCliEnv(true), serverStderr);
    serverStderr = '';

    const mcp = await measureMcpChecks(cli, repo.root, makeCliEnv(true), body, mcpRounds, {
      rounds: mcpTurnRounds,
      wait: waitForTurn,
    });
    return {
      raw,
      cold: cold.wallMs,
      start: { wallMs: start.wallMs, served: start.stderr.includes('answered by the server') },
      steps,
      causes: [renamed.verdict, anyReturn.verdict],
      hooks,
      hooksAfterTurn,
      checksAfterTurn,
      heldKb,
      mcp: mcp.checkMs,
      mcpAfterTurn: mcp.afterTurnMs,
      phases: await measurePhases(repo, body),
    };
  } finally {
    sequence.revertAll();
    body.revert();
    if (serverStderr !== '') await stopStartedServer(cli, repo.root, makeCliEnv(true), serverStderr);
  }
}

/** Rounds of each column of the phases' table, after one the first edit after priming takes. */
const phaseRounds = 7;

/**
 * Body edits checked through a server of their own that stamps its debug lines with the time, as
 * the clients do (`CULPRIT_DEBUG=time`): right after the edit, then after the model's turn.
 */
async function measurePhases(repo: HeldOutRepo, body: Edit): Promise<[Phases[], Phases[]]> {
  const env = { ...makeCliEnv(true), CULPRIT_DEBUG: 'time' };
  const serve = await startServe(cli, repo.root, env);
  const columns: [Phases[], Phases[]] = [[], []];
  try {
    if (!(await serve.waitForPrimed(300_000))) log('  phases: the server did not say it primed');
    for (let round = 0; round <= 2 * phaseRounds; round += 1) {
      const afterTurn = round > phaseRounds;
      body.apply(31 + round);
      if (afterTurn) await waitForTurn();
      serve.takeLines();
      const spawnedAt = performance.timeOrigin + performance.now();
      const check = await measureProcess(process.execPath, [cli, 'check', '--json'], { cwd: repo.root, env });
      // The server's last lines may come a moment after its client is gone.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const phases = readPhases(spawnedAt, check, serve.takeLines());
      if (phases === undefined) log('  phases: a check NOT SERVED');
      else if (round > 0) columns[afterTurn ? 1 : 0].push(phases);
    }
    return columns;
  } finally {
    body.revert();
    await serve.stop();
  }
}

function makeRows(stack: BenchStack, measure: StackMeasure): TableRow[] {
  const { raw, steps } = measure;
  const native = stack === 'native';
  const [first] = steps;
  const bodies = steps.slice(1).filter((step) => step.edit.kind === 'body');
  const agree = steps.filter((step) => step.differences.length === 0).length;
  return [
    {
      metric: native ? 'raw = tsc 7 --noEmit + oxlint (type-aware)' : 'raw = tsc --noEmit + eslint',
      values: [`${seconds(raw.totalMs)} (tsc ${seconds(raw.tscMs)}, lint ${seconds(raw.lintMs)})`],
      target: '',
    },
    {
      metric: 'cold check, cached baseline, body edit (× raw)',
      values: [ratio(measure.cold, raw)],
      target: native ? '≤ 1.0×' : '',
    },
    {
      metric: 'start, no server running (× raw)',
      values: [`${ratio(measure.start.wallMs, raw)}${measure.start.served ? '' : ', NOT taken by a server'}`],
      target: native ? '' : '≤ 1.1×',
    },
    {
      metric: 'first check right after start (× raw)',
      values: [ratio(first!.servedMs, raw)],
      target: native ? '' : '≤ 0.3×',
    },
    {
      metric: 'served body edit, right after the edit: median (× raw)',
      values: [`${ratio(median(bodies.map((step) => step.servedMs)), raw)} of ${bodies.length}`],
      target: native ? '≤ 0.1×' : '≤ 0.01×',
    },
    {
      metric: "  after the model's turn: median of 3",
      values: [ratio(median(measure.checksAfterTurn), raw)],
      target: '',
    },
    {
      metric: 'served, every edit: median (× raw)',
      values: [ratio(median(steps.map((step) => step.servedMs)), raw)],
      target: '',
    },
    {
      metric: "Stop hook (claude-code), body edit, after the model's turn: median",
      values: [ratio(median(measure.hooksAfterTurn), raw)],
      target: native ? '' : '≤ 0.015×',
    },
    { metric: '  right after the edit', values: [ratio(median(measure.hooks), raw)], target: '' },
    {
      metric: "MCP server's warm check, body edit, after the model's turn: median",
      values: [ratio(median(measure.mcpAfterTurn), raw)],
      target: native ? '' : '≤ 0.01×',
    },
    {
      metric: '  right after the edit, back to back',
      values: [
        `${ratio(median(measure.mcp.slice(mcpWarmUpRounds)), raw)}; warm-up ${measure.mcp.slice(0, mcpWarmUpRounds).map(seconds).join(', ')}`,
      ],
      target: '',
    },
    {
      metric: 'server and worker RSS after the sequence',
      values: [
        `${Math.round(measure.heldKb / 1024)} MB (${(measure.heldKb / raw.peakKb).toFixed(2)}× the raw tools' peak)`,
      ],
      target: '≤ 1.0×',
    },
    {
      metric: 'served answers equal to cold ones',
      values: [`${agree} of ${steps.length}${agree === steps.length ? '' : ' — DIFFERENCES above'}`],
      target: 'all',
    },
    { metric: 'a member renamed', values: [measure.causes[0]!], target: 'one renamed cause, every site' },
    {
      metric: 'a function made to return any',
      values: [measure.causes[1]!],
      target: 'one cause, its unsafe-any sites',
    },
  ];
}

async function main(): Promise<void> {
  log(`culprit held-out timing, ${describeLoad()}, node ${process.version}`);
  const tables: string[] = [];
  for (const stack of stacks) {
    const repo = generateHeldOutRepo(files, stack);
    log(`\n== ${stack}: ${repo.files} files in ${repo.root}, seed ${seed}; ${describeLoad()}`);
    try {
      const measure = await measureStack(repo);
      tables.push(
        `\nheld-out, ${stack}: ${repo.files} files, seed ${seed}; ${describeLoad()} at the end\n${renderTable(['metric', `${repo.files} files`, 'target'], makeRows(stack, measure))}`,
        `\nwhere a served body edit's time goes, ${stack} (CULPRIT_DEBUG=time, medians; bench/served-timeline.ts)\n${renderTable(['phase', 'right after the edit', "after the model's turn", ''], makePhaseRows(measure.phases))}`,
      );
    } finally {
      if (process.env['BENCH_KEEP'] !== '1') rmSync(repo.root, { recursive: true, force: true });
    }
  }
  process.stdout.write(`${tables.join('\n')}\n`);
}

await main();
