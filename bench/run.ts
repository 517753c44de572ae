/**
 * `npm run bench`: generated repositories (about 800 and 3,000 files, barrels, path aliases and
 * thousands of standing lint findings), measured in one run against the repository's own tools:
 * raw `tsc --noEmit` + `eslint .`; `culprit check` with a cached baseline; warm re-checks through
 * `culprit serve` after a one-line body edit and after an exported-type edit; a Claude Code Stop
 * hook after a body edit, answered by the server; the check that starts the server by itself
 * (outside CI); culprit's own share of a check; peak memory; a warm server's memory over
 * consecutive attempts; the core alone on synthetic findings. Every culprit run is the built CLI (dist/cli/main.js) as a child process.
 * Targets are printed beside the figures, never asserted: a loaded machine moves them.
 *
 * Environment: BENCH_SIZES (default 800,3000), BENCH_ATTEMPTS (warm attempts, default 100),
 * BENCH_MEMORY_SIZE (the size those attempts run on, default the smallest), BENCH_CORE (findings,
 * default 10000,100000), BENCH_CORE_FILES (graph files, default 20000), BENCH_KEEP=1 keeps the
 * generated repositories, BENCH_REMOTE=0 skips the remote cache measurement (a fresh clone's
 * first check against a baseline published to a local turborepo-remote-cache server), BENCH_COMMANDS=0
 * skips the command checks' coverage costs and the 100 MB tool (command-checks.ts), BENCH_NATIVE=0
 * skips the native stack (the smallest size again with TypeScript 7 and oxlint's type-aware rules,
 * against raw `tsc --noEmit` + `oxlint` on it), BENCH_NATIVE=only runs nothing else,
 * BENCH_NATIVE_COLD_ROUNDS (default 3) the native cold check's rounds (each taking turns with the raw tools).
 */
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeCommandCosts, describeFlood, measureCommandCosts, measureFlood } from './command-checks.js';
import { timeCore, type CoreTiming } from './core.js';
import { makeBodyEdit, makeTypeEdit, makeWideBodyEdit, type Edit } from './edits.js';
import { generateRepo, type GeneratedRepo } from './generate-repo.js';
import { describeMeasurement, measureProcess, type ProcessMeasure } from './measure-process.js';
import { renderTable, type TableRow } from './render-table.js';
import {
  describeLoad,
  makeCliEnv,
  makeStopHookInput,
  mcpRounds,
  mcpTurnRounds,
  mcpWarmUpRounds,
  median,
  turnMs,
  waitForTurn,
} from './bench-env.js';
import { startServe, stopStartedServer as stopServerStartedBy, type ServeProcess } from './serve-process.js';
import { measureRemoteBaseline, type RemoteMeasure } from './remote-baseline.js';
import { measureIdleCollection, type IdleCollection } from './idle-collection.js';
import { measureMcpChecks, measureStartFlow, type McpChecks, type StartFlow } from './start-flow.js';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(projectRoot, 'dist', 'cli', 'main.js');

interface BenchSettings {
  sizes: number[];
  attempts: number;
  memorySize: number;
  coreFindings: number[];
  coreFiles: number;
  keep: boolean;
}

interface CheckMeasure {
  wallMs: number;
  /**
   * The checks' own time from `--json`'s checks[].durationMs: cold in full, each check has its
   * worker and they run side by side, so the slowest one; served or from the baseline, one warm
   * worker answers them one after the other, so their sum — but served on the native stack, where
   * TypeScript 7 checks while oxlint's process lints, the slowest again (a lower bound).
   */
  checksMs: number;
  /** A cold check that started from the baseline (its `checks start from the baseline` debug line). */
  fromBaseline: boolean;
  checks: { name: string; durationMs: number }[];
  treePeakKb: number;
  maxRssKb: number | null;
  verdict: string;
  introduced: number;
  standing: number;
  /** Answered by `culprit serve` (its client says so on CULPRIT_DEBUG). */
  served: boolean;
  /** `running <checks> on <tree>` lines: how many times the checks ran, and where. */
  runs: string[];
  /** `baseline.source` of `--json`: started, cache, remote or run. */
  baselineSource: string | null;
  /** Checks that did not complete: `<name> <status>: <error>`. */
  failed: string[];
  /** What writing the ledger cost this check (its `ledger: N ms` debug line); null when it printed none. */
  ledgerMs: number | null;
  stderr: string;
}

interface RawMeasure {
  tsc: ProcessMeasure;
  eslint: ProcessMeasure;
  eslintFindings: number;
  /** The two run one after the other, as an agent runs them. */
  totalMs: number;
  peakKb: number;
}

interface WarmEdits {
  /** The round with the median wall time (the lower one of an even count). */
  median: CheckMeasure;
  first: CheckMeasure;
  rounds: number;
}

interface WarmMemory {
  attempts: number;
  first: { serveKb: number; workersKb: number; totalKb: number };
  last: { serveKb: number; workersKb: number; totalKb: number };
  maxKb: number;
  medianMs: number;
  served: number;
}

/** `culprit hook claude-code` on a Stop, as Claude Code runs it after the model's turn. */
interface HookMeasure {
  wallMs: number;
  served: boolean;
  /** The hook printed the agent's JSON and exited 0. */
  answered: boolean;
}

interface WarmHooks {
  /** After the model's turn (bench-env.ts), as Claude Code runs a Stop hook. */
  median: HookMeasure;
  /** Right after the edit, no turn between. */
  rightAfter: HookMeasure;
  rounds: number;
}

interface RepoMeasure {
  size: number;
  repo: GeneratedRepo;
  raw: RawMeasure;
  first: CheckMeasure;
  /** Cold, cached baseline, one-line body edit: from the baseline (the default), and with every check in full. */
  cached: CheckMeasure;
  cachedFull: CheckMeasure;
  /** Cold, cached baseline, the exported-type edit. */
  cachedType: CheckMeasure;
  /** A check with no server running, outside CI: it starts the server, runs cold beside its start-up, then has it prime. */
  autostarted: CheckMeasure & { started: boolean };
  warmBody: WarmEdits;
  /** Body edits each checked a model's turn after the edit. */
  warmBodyAfterTurn: WarmEdits;
  warmHook: WarmHooks;
  warmType: WarmEdits;
  memory?: WarmMemory;
  remote?: RemoteMeasure<CheckMeasure>;
  /** `culprit start` with no server running, then a body edit checked at once (start-flow.ts). */
  startFlow: StartFlow<CheckMeasure>;
  mcp: McpChecks;
  loads: string[];
}

function readSettings(): BenchSettings {
  const numbers = (name: string, fallback: string) =>
    (process.env[name] ?? fallback)
      .split(',')
      .map((value) => Number(value.trim()))
      .filter((value) => Number.isInteger(value) && value > 0);
  const sizes = numbers('BENCH_SIZES', '800,3000');
  if (sizes.length === 0)
    throw new Error(`BENCH_SIZES must list file counts, got ${JSON.stringify(process.env['BENCH_SIZES'])}`);
  const memorySize = numbers('BENCH_MEMORY_SIZE', String(Math.min(...sizes)))[0] ?? Math.min(...sizes);
  return {
    sizes,
    attempts: numbers('BENCH_ATTEMPTS', '100')[0] ?? 100,
    memorySize: sizes.includes(memorySize) ? memorySize : Math.min(...sizes),
    coreFindings: numbers('BENCH_CORE', '10000,100000'),
    coreFiles: numbers('BENCH_CORE_FILES', '20000')[0] ?? 20000,
    keep: process.env['BENCH_KEEP'] === '1',
  };
}

const log = (line: string) => process.stdout.write(`${line}\n`);

function describeHook(hook: HookMeasure, raw: RawMeasure): string {
  return `${seconds(hook.wallMs)} (${ratio(hook.wallMs, raw.totalMs)})${hook.served ? '' : ' NOT SERVED'}${hook.answered ? '' : ' NO ANSWER'}`;
}

async function measureHook(root: string): Promise<HookMeasure> {
  const input = makeStopHookInput(root, 'bench');
  const run = await measureProcess(process.execPath, [cli, 'hook', 'claude-code'], {
    cwd: root,
    env: makeCliEnv(true),
    input,
  });
  let answered: boolean;
  try {
    answered = run.exitCode === 0 && typeof JSON.parse(run.stdout) === 'object';
  } catch {
    answered = false;
  }
  return { wallMs: run.wallMs, served: run.stderr.includes('answered by the server'), answered };
}

/** Stop hooks after one-line body edits, each a new attempt, right after the edit and after the model's turn; the medians are reported. */
async function measureHooks(root: string, edit: Edit, raw: RawMeasure): Promise<WarmHooks> {
  const measureRounds = async (variants: readonly number[], turn: boolean): Promise<HookMeasure> => {
    const rounds: HookMeasure[] = [];
    for (const variant of variants) {
      edit.apply(variant);
      if (turn) await waitForTurn();
      const hook = await measureHook(root);
      rounds.push(hook);
      log(
        `  Stop hook (claude-code), one-line body edit (variant ${variant}), ${turn ? `after a ${seconds(turnMs)} turn` : 'right after the edit'}: ${seconds(hook.wallMs)} = ${ratio(hook.wallMs, raw.totalMs)} raw; ${hook.served ? 'served by culprit serve' : 'NOT SERVED'}${hook.answered ? '' : '; NO ANSWER'}`,
      );
    }
    const sorted = [...rounds].sort((a, b) => a.wallMs - b.wallMs);
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  const rightAfter = await measureRounds([4, 5, 6], false);
  const median = await measureRounds([44, 45, 46], true);
  edit.revert();
  return { median, rightAfter, rounds: 6 };
}

/**
 * A check with no server running and CI unset: it starts `culprit serve` in the background and
 * is answered by it. Then the server is stopped (and waited for), so the bench's own takes over.
 */
async function measureAutostart(root: string, edit: Edit, raw: RawMeasure): Promise<RepoMeasure['autostarted']> {
  edit.apply(7);
  const check = await measureCheck(root, true);
  edit.revert();
  const pid = Number(/started a warm server for \S+ \(pid (\d+)/.exec(check.stderr)?.[1] ?? Number.NaN);
  log(
    describeCheck(
      `check that starts the server, one-line body edit (${Number.isNaN(pid) ? 'NO SERVER STARTED' : `server pid ${pid}`})`,
      check,
      raw,
    ),
  );
  await stopStartedServer(root, check.stderr);
  return { ...check, started: !Number.isNaN(pid) };
}

async function measureCheck(
  root: string,
  served: boolean,
  extraEnv: NodeJS.ProcessEnv = {},
  serve?: ServeProcess,
): Promise<CheckMeasure> {
  const run = await measureProcess(process.execPath, [cli, 'check', '--json'], {
    cwd: root,
    env: { ...makeCliEnv(served), ...extraEnv },
  });
  if (!run.stdout.startsWith('{'))
    throw new Error(`culprit check printed no JSON (exit ${run.exitCode}) in ${root}:\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as {
    verdict: string;
    counts: { introduced: number; standing: number };
    checks: { name: string; status: string; durationMs: number; error?: string }[];
    baseline?: { source: string };
  };
  const isServed = run.stderr.includes('answered by the server');
  // A served check logs on the server's stderr, a cold one on its own.
  const ledgerLines = isServed
    ? (serve?.takeLedgerMs() ?? [])
    : [...run.stderr.matchAll(/^culprit debug: ledger: (\d+) ms$/gm)].map((match) => Number(match[1]));
  const durations = report.checks.map((check) => check.durationMs);
  const fromBaseline = run.stderr.includes('culprit debug: checks start from the baseline');
  // Served on the native stack, TypeScript 7's checking runs beside oxlint's process (warm-sessions.ts).
  const overlapping = isServed && report.checks.some((check) => check.name === 'oxlint');
  return {
    wallMs: run.wallMs,
    checksMs:
      (isServed || fromBaseline) && !overlapping
        ? durations.reduce((sum, duration) => sum + duration, 0)
        : Math.max(0, ...durations),
    fromBaseline,
    checks: report.checks.map(({ name, durationMs }) => ({ name, durationMs })),
    treePeakKb: run.treePeakKb,
    maxRssKb: run.maxRssKb,
    verdict: report.verdict,
    introduced: report.counts.introduced,
    standing: report.counts.standing,
    served: isServed,
    runs: run.stderr.split('\n').filter((line) => line.startsWith('culprit debug: running ')),
    baselineSource: report.baseline?.source ?? null,
    failed: report.checks
      .filter((check) => check.status !== 'ok')
      .map((check) => `${check.name} ${check.status}: ${check.error ?? 'no detail'}`),
    ledgerMs: ledgerLines.at(-1) ?? null,
    stderr: run.stderr,
  };
}

async function measureRaw(root: string): Promise<RawMeasure> {
  const tsc = await measureProcess(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'],
    { cwd: root },
  );
  const eslint = await measureProcess(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '.'], {
    cwd: root,
  });
  if (tsc.exitCode !== 0)
    throw new Error(
      `raw tsc failed (exit ${tsc.exitCode}) in ${root}: ${tsc.stdout.slice(0, 2000)}${tsc.stderr.slice(0, 2000)}`,
    );
  const problems = /(\d+) problems?/.exec(eslint.stdout);
  if (problems === null)
    throw new Error(
      `raw eslint reported no problems summary (exit ${eslint.exitCode}) in ${root}: ${eslint.stderr.slice(0, 2000)}`,
    );
  const peak = (measure: ProcessMeasure) => measure.maxRssKb ?? measure.treePeakKb;
  return {
    tsc,
    eslint,
    eslintFindings: Number(problems[1]),
    totalMs: tsc.wallMs + eslint.wallMs,
    peakKb: Math.max(peak(tsc), peak(eslint)),
  };
}

function describeCheck(label: string, check: CheckMeasure, raw: RawMeasure): string {
  const checks = check.checks.map((run) => `${run.name} ${seconds(run.durationMs)}`).join(', ');
  const how = check.served ? 'served by culprit serve' : 'cold';
  const failed = check.failed.length === 0 ? '' : `; FAILED: ${check.failed.join('; ')}`;
  const ledger = check.ledgerMs === null ? 'no ledger line' : `ledger ${check.ledgerMs} ms`;
  return `  ${label}: ${seconds(check.wallMs)} = ${ratio(check.wallMs, raw.totalMs)} raw; ${how}; verdict ${check.verdict}, ${check.introduced} introduced, ${check.standing} standing; checks: ${checks}; check runs: ${check.runs.length}; ${ledger}; peak tree RSS ${megabytes(check.treePeakKb)}${failed}`;
}

async function measureRepo(size: number, settings: BenchSettings): Promise<RepoMeasure> {
  const started = performance.now();
  const repo = generateRepo(size);
  try {
    return await measureGeneratedRepo(repo, size, settings, started);
  } catch (error) {
    if (!settings.keep) rmSync(repo.root, { recursive: true, force: true });
    throw error;
  }
}

async function measureGeneratedRepo(
  repo: GeneratedRepo,
  size: number,
  settings: BenchSettings,
  started: number,
): Promise<RepoMeasure> {
  const loads = [describeLoad()];
  log(`\n== ${repo.files} files in ${repo.root} (generated in ${seconds(performance.now() - started)}); ${loads[0]}`);

  const raw = await measureRaw(repo.root);
  log(
    `  raw tsc --noEmit: ${seconds(raw.tsc.wallMs)}, peak ${megabytes(raw.tsc.maxRssKb ?? raw.tsc.treePeakKb)}; raw eslint .: ${seconds(raw.eslint.wallMs)}, peak ${megabytes(raw.eslint.maxRssKb ?? raw.eslint.treePeakKb)}, ${raw.eslintFindings} findings`,
  );

  // No baseline yet: HEAD's snapshot is taken by this check (and cached for the next ones).
  const first = await measureCheck(repo.root, false);
  log(describeCheck('first check, nothing cached', first, raw));

  const body = makeBodyEdit(repo);
  const type = makeTypeEdit(repo);
  body.apply(1);
  const cached = await measureCheck(repo.root, false);
  log(describeCheck('check with the cached baseline, one-line body edit', cached, raw));
  const cachedFull = await measureCheck(repo.root, false, { CULPRIT_INCREMENTAL: '0' });
  log(describeCheck('the same, every check in full (CULPRIT_INCREMENTAL=0)', cachedFull, raw));
  body.revert();
  type.apply(1);
  const cachedType = await measureCheck(repo.root, false);
  log(describeCheck('check with the cached baseline, exported-type edit', cachedType, raw));
  type.revert();
  loads.push(describeLoad());

  const remote =
    process.env['BENCH_REMOTE'] === '0'
      ? undefined
      : await measureRemoteBaseline(cli, repo, (root, env) => measureCheck(root, false, env));
  if (remote !== undefined) {
    log(`  baseline --publish to turborepo-remote-cache on 127.0.0.1: ${seconds(remote.publishMs)}`);
    log(
      describeCheck(
        `fresh clone's first check, published baseline (baseline ${remote.remote.baselineSource})`,
        remote.remote,
        raw,
      ),
    );
    log(
      describeCheck(
        `same edit, baseline in the local cache (baseline ${remote.cached.baselineSource})`,
        remote.cached,
        raw,
      ),
    );
    log(
      describeCheck(
        `fresh clone's first check, remote off (baseline ${remote.computed.baselineSource})`,
        remote.computed,
        raw,
      ),
    );
  }

  const autostarted = await measureAutostart(repo.root, body, raw);
  const serve = await startServe(cli, repo.root, makeCliEnv(true));
  let warmBody: WarmEdits;
  let warmBodyAfterTurn: WarmEdits;
  let warmHook: WarmHooks;
  let warmType: WarmEdits;
  let memory: WarmMemory | undefined;
  try {
    const prime = await measureCheck(repo.root, true, {}, serve);
    log(describeCheck('served check, the server starting its warm worker', prime, raw));
    if (!(await serve.waitForPrimed(120_000))) log('  the server did not say it was primed within 120 s');
    warmBody = await measureEdits(repo.root, body, 'one-line body edit', raw, bodySteps, serve);
    warmBodyAfterTurn = await measureEditsAfterTurn(repo.root, body, raw, serve);
    warmHook = await measureHooks(repo.root, body, raw);
    warmType = await measureEdits(repo.root, type, 'exported-type edit', raw, typeSteps, serve);
    if (size === settings.memorySize) memory = await measureWarmMemory(repo.root, serve, body, settings.attempts);
  } finally {
    await serve.stop();
  }
  loads.push(describeLoad());
  const startFlow = await measureStartFlow(type, body, {
    runCli: async (args) => {
      const run = await measureProcess(process.execPath, [cli, ...args], { cwd: repo.root, env: makeCliEnv(true) });
      return { wallMs: run.wallMs, stderr: run.stderr, exitCode: run.exitCode };
    },
    measureCheck: () => measureCheck(repo.root, true),
    stopServer: (stderr) => stopStartedServer(repo.root, stderr),
  });
  log(
    `  start, no server running (a tree never snapshotted): ${seconds(startFlow.start.wallMs)} = ${ratio(startFlow.start.wallMs, raw.totalMs)} raw; ${startFlow.start.served ? 'taken by the server it started' : 'NOT SERVED'}`,
  );
  log(describeCheck('first check right after start, one-line body edit', startFlow.firstCheck, raw));
  const mcp = await measureMcpChecks(cli, repo.root, makeCliEnv(true), body, mcpRounds, {
    rounds: mcpTurnRounds,
    wait: waitForTurn,
  });
  log(
    `  culprit mcp: start ${seconds(mcp.startMs)}; check right after a body edit: ${mcp.checkMs.map((ms) => `${seconds(ms)} (${ratio(ms, raw.totalMs)})`).join(', ')}; after a ${seconds(turnMs)} turn: ${mcp.afterTurnMs.map((ms) => `${seconds(ms)} (${ratio(ms, raw.totalMs)})`).join(', ')}`,
  );
  loads.push(describeLoad());
  log(`  ${loads.at(-1)!}`);
  return {
    size,
    repo,
    raw,
    first,
    cached,
    cachedFull,
    cachedType,
    autostarted,
    warmBody,
    warmBodyAfterTurn,
    warmHook,
    warmType,
    ...(memory === undefined ? {} : { memory }),
    ...(remote === undefined ? {} : { remote }),
    startFlow,
    mcp,
    loads,
  };
}

/** Stops the server a command started and waits until it is gone. */
function stopStartedServer(root: string, stderr: string): Promise<void> {
  return stopServerStartedBy(cli, root, makeCliEnv(true), stderr);
}

/**
 * Warm edits, each measured: the body edit three times with a different line each time, then
 * reverted; the exported-type edit applied, reverted, applied, reverted (each of those changes
 * the type). The median is reported, and the first one beside it: the first incremental run
 * after the server's first check is where a warm engine's own warm-up shows.
 */
async function measureEdits(
  root: string,
  edit: Edit,
  label: string,
  raw: RawMeasure,
  steps: readonly (number | 'revert')[],
  serve: ServeProcess,
  wait?: () => Promise<void>,
): Promise<WarmEdits> {
  const rounds: CheckMeasure[] = [];
  for (const [index, step] of steps.entries()) {
    if (step === 'revert') edit.revert();
    else edit.apply(step);
    await wait?.();
    const measured = await measureCheck(root, true, {}, serve);
    rounds.push(measured);
    log(
      describeCheck(
        `warm re-check, ${label} (${step === 'revert' ? 'reverted' : `variant ${step}`}), round ${index + 1}`,
        measured,
        raw,
      ),
    );
  }
  edit.revert();
  const sorted = [...rounds].sort((a, b) => a.wallMs - b.wallMs);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, first: rounds[0]!, rounds: rounds.length };
}

/** Body edits each checked a model's turn after the edit, the server following it meanwhile. */
function measureEditsAfterTurn(root: string, body: Edit, raw: RawMeasure, serve: ServeProcess): Promise<WarmEdits> {
  const label = `one-line body edit, checked ${seconds(turnMs)} after it`;
  return measureEdits(root, body, label, raw, [31, 32, 33], serve, waitForTurn);
}

const bodySteps = [1, 2, 3, 'revert'] as const;
const typeSteps = [1, 'revert', 2, 'revert'] as const;

const heldAfterMs = 1500;

/**
 * The server's memory once the idle collections after a check have run: the server's and its
 * warm worker's (each says so on CULPRIT_DEBUG), at most 20 s after the check; a loaded machine
 * takes seconds to collect a worker's heap.
 */
async function readSettledMemory(
  serve: ServeProcess,
  collectionsBefore: number,
): Promise<ReturnType<ServeProcess['readMemory']>> {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await wait(heldAfterMs);
  for (let waited = 0; waited < 20_000 && serve.collections < collectionsBefore + 2; waited += 100) await wait(100);
  return serve.readMemory();
}

async function measureWarmMemory(root: string, serve: ServeProcess, edit: Edit, attempts: number): Promise<WarmMemory> {
  log(`  ${attempts} consecutive warm attempts (a different one-line body edit each):`);
  const times: number[] = [];
  let first: WarmMemory['first'] | undefined;
  let last: WarmMemory['last'] | undefined;
  let maxKb = 0;
  let served = 0;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    edit.apply(1000 + attempt);
    const collectionsBefore = serve.collections;
    const check = await measureCheck(root, true, {}, serve);
    times.push(check.wallMs);
    if (check.served) served += 1;
    // What the server holds while the agent reads the answer: it collects a run's garbage once idle
    // (warm/idle-collector.ts), and an agent takes longer than this to make its next edit.
    const memory = await readSettledMemory(serve, collectionsBefore);
    maxKb = Math.max(maxKb, memory.totalKb);
    first ??= memory;
    last = memory;
    if (attempt === 1 || attempt % 10 === 0) {
      log(
        `    attempt ${attempt}: ${seconds(check.wallMs)}, serve ${megabytes(memory.serveKb)} + worker ${megabytes(memory.workersKb)} = ${megabytes(memory.totalKb)}`,
      );
    }
  }
  edit.revert();
  return { attempts, first: first!, last: last!, maxKb, medianMs: median(times), served };
}

/** `culprit --version`, the median of three: what every CLI invocation pays before it does anything (node's start, loading the CLI's modules). */
async function measureStartup(): Promise<{ cliMs: number; nodeMs: number }> {
  const medianOf = async (args: string[]) => {
    const runs: number[] = [];
    for (let run = 0; run < 3; run += 1)
      runs.push((await measureProcess(process.execPath, args, { cwd: projectRoot })).wallMs);
    return median(runs);
  };
  return { cliMs: await medianOf([cli, '--version']), nodeMs: await medianOf(['-e', '0']) };
}

function measureCore(settings: BenchSettings): CoreTiming[] {
  // One untimed run first: the JIT's warm-up is not the core's cost at any size.
  timeCore(Math.min(...settings.coreFindings), settings.coreFiles);
  return settings.coreFindings.map((findings) => {
    const runs = [0, 1, 2].map(() => timeCore(findings, settings.coreFiles));
    return runs.reduce((best, run) => (run.totalMs < best.totalMs ? run : best));
  });
}

function makeRows(
  repos: RepoMeasure[],
  core: CoreTiming[],
  startup: { cliMs: number; nodeMs: number },
  settings: BenchSettings,
  idle: IdleCollection,
): TableRow[] {
  const each = (value: (repo: RepoMeasure) => string) => repos.map(value);
  const rows: TableRow[] = [
    {
      metric: 'files (standing eslint findings)',
      values: each((r) => `${r.repo.files} (${r.raw.eslintFindings})`),
      target: '',
    },
    {
      metric: 'raw tsc --noEmit: time, peak RSS',
      values: each((r) => `${seconds(r.raw.tsc.wallMs)}, ${megabytes(r.raw.tsc.maxRssKb ?? r.raw.tsc.treePeakKb)}`),
      target: '',
    },
    {
      metric: 'raw eslint .: time, peak RSS',
      values: each(
        (r) => `${seconds(r.raw.eslint.wallMs)}, ${megabytes(r.raw.eslint.maxRssKb ?? r.raw.eslint.treePeakKb)}`,
      ),
      target: '',
    },
    {
      metric: 'raw = tsc + eslint, one after the other',
      values: each((r) => `${seconds(r.raw.totalMs)}, ${megabytes(r.raw.peakKb)}`),
      target: '',
    },
    {
      metric: 'first check, nothing cached (× raw)',
      values: each(
        (r) => `${seconds(r.first.wallMs)} (${ratio(r.first.wallMs, r.raw.totalMs)}), ${r.first.runs.length} run`,
      ),
      target: 'checks run once',
    },
    {
      metric: 'cold check, cached baseline, body edit (× raw)',
      values: each((r) => describeCold(r.cached, r.raw)),
      target: '≤ 0.5×',
    },
    {
      metric: 'cold check, cached baseline, exported-type edit',
      values: each((r) => describeCold(r.cachedType, r.raw)),
      target: '≤ 0.7×',
    },
    {
      metric: '  body edit, every check in full (INCREMENTAL=0)',
      values: each((r) => describeCold(r.cachedFull, r.raw)),
      target: '≤ 1.05×',
    },
    {
      metric: "  culprit's own work (wall − checks), body edit",
      values: each(
        (r) =>
          `${seconds(r.cached.wallMs - r.cached.checksMs)} (${percent(r.cached.wallMs - r.cached.checksMs, r.cached.wallMs)})`,
      ),
      target: '',
    },
    {
      metric: 'start, no server running (× raw)',
      values: each(
        (r) =>
          `${seconds(r.startFlow.start.wallMs)} (${ratio(r.startFlow.start.wallMs, r.raw.totalMs)})${r.startFlow.start.served ? '' : ' NOT SERVED'}`,
      ),
      target: '≤ 1.1×',
    },
    {
      metric: '  first check right after start, body edit (× raw)',
      values: each((r) => describeWarm(r.startFlow.firstCheck, r.raw)),
      target: '≤ 0.3×',
    },
    {
      metric: 'warm re-check, body edit: median (× raw)',
      values: each((r) => describeWarm(r.warmBody.median, r.raw)),
      target: '≤ 0.01×',
    },
    {
      metric: `  checked ${seconds(turnMs)} after the edit (the server follows it meanwhile)`,
      values: each((r) => describeWarm(r.warmBodyAfterTurn.median, r.raw)),
      target: '',
    },
    {
      metric: "MCP server's warm check, body edit, after the model's turn: median (× raw)",
      values: each((r) => {
        const ms = median(r.mcp.afterTurnMs);
        return `${seconds(ms)} (${ratio(ms, r.raw.totalMs)})`;
      }),
      target: '≤ 0.01×',
    },
    {
      metric: '  right after the edit, back to back',
      values: each((r) => {
        const ms = median(r.mcp.checkMs.slice(mcpWarmUpRounds));
        return `${seconds(ms)} (${ratio(ms, r.raw.totalMs)}); warm-up ${r.mcp.checkMs.slice(0, mcpWarmUpRounds).map(seconds).join(', ')}`;
      }),
      target: '',
    },
    {
      metric: "  culprit's own work (wall − checks)",
      values: each(
        (r) =>
          `${seconds(r.warmBody.median.wallMs - r.warmBody.median.checksMs)} (${percent(r.warmBody.median.wallMs - r.warmBody.median.checksMs, r.warmBody.median.wallMs)})`,
      ),
      target: '',
    },
    {
      metric: "    of which the CLI's start-up (culprit --version)",
      values: [`${seconds(startup.cliMs)} (node alone: ${seconds(startup.nodeMs)})`],
      target: '',
    },
    {
      metric: "Stop hook (claude-code), body edit, after the model's turn: median (× raw)",
      values: each((r) => describeHook(r.warmHook.median, r.raw)),
      target: '≤ 0.015×',
    },
    {
      metric: '  right after the edit',
      values: each((r) => describeHook(r.warmHook.rightAfter, r.raw)),
      target: '',
    },
    {
      metric: 'check that starts the server (× cold cached check)',
      values: each(
        (r) =>
          `${seconds(r.autostarted.wallMs)} (${ratio(r.autostarted.wallMs, r.cached.wallMs)})${r.autostarted.started ? '' : ' NO SERVER STARTED'}${r.autostarted.served ? ' SERVED BY A SERVER ALREADY RUNNING' : ''}`,
      ),
      target: '≤ 1×',
    },
    {
      metric: '  first body edit after the server started',
      values: each((r) => describeWarm(r.warmBody.first, r.raw)),
      target: '',
    },
    {
      metric: 'warm re-check, exported-type edit: median',
      values: each((r) => describeWarm(r.warmType.median, r.raw)),
      target: '≤ 0.3×',
    },
    { metric: '  first exported-type edit', values: each((r) => describeWarm(r.warmType.first, r.raw)), target: '' },
    {
      metric: "ledger's cost, cached check (% of its wall)",
      values: each((r) => describeLedger(r.cached)),
      target: '≤ 5%',
    },
    {
      metric: "ledger's cost, warm body edit: median round",
      values: each((r) => describeLedger(r.warmBody.median)),
      target: '≤ 5%',
    },
    {
      metric: "ledger's cost, warm exported-type edit",
      values: each((r) => describeLedger(r.warmType.median)),
      target: '≤ 5%',
    },
    ...(repos.every((r) => r.remote !== undefined)
      ? [
          {
            metric: "fresh clone's first check, published baseline: × local cache, × computing it",
            values: each((r) => describeRemote(r.remote!)),
            target: '≈ 1× cached, ≤ 0.55× computing',
          },
        ]
      : []),
    {
      metric: 'peak memory, cached check (× raw peak)',
      values: each((r) => `${megabytes(r.cached.treePeakKb)} (${ratio(r.cached.treePeakKb, r.raw.peakKb)})`),
      target: '≤ 1.2×',
    },
  ];
  const memory = repos.find((repo) => repo.memory !== undefined);
  if (memory?.memory !== undefined) {
    const { first, last, maxKb, attempts, medianMs, served } = memory.memory;
    rows.push({
      metric: `warm server RSS, attempt 1 → ${attempts} (${memory.repo.files} files)`,
      values: [
        `${megabytes(first.totalKb)} → ${megabytes(last.totalKb)} (${signedPercent(last.totalKb - first.totalKb, first.totalKb)}), max ${megabytes(maxKb)}; median check ${seconds(medianMs)}, ${served}/${attempts} served`,
      ],
      target: 'flat',
    });
    rows.push({
      metric: `warm server RSS held, max (× raw tools' peak, ${memory.repo.files} files)`,
      values: [`${megabytes(maxKb)} (${ratio(maxKb, memory.raw.peakKb)})`],
      target: '≤ 1.0×',
    });
  }
  rows.push({
    metric: `one idle collection, ${idle.node}: RSS held 2 s after it (× its peak)`,
    values: [`${idle.heldMb} MB of ${idle.peakMb} MB (${(idle.heldMb / idle.peakMb).toFixed(2)}×)`],
    target: '< 0.5×',
  });
  const [small, large] = [core[0], core.at(-1)];
  if (small !== undefined && large !== undefined) {
    rows.push({
      metric: `core: ${core.map((timing) => shortCount(timing.findings)).join(' / ')} findings, ${shortCount(settings.coreFiles)}-file graph`,
      values: [
        `${core.map((timing) => seconds(timing.totalMs)).join(' / ')} (×${(large.totalMs / small.totalMs).toFixed(1)}); attribution alone ${core
          .map((timing) => seconds(timing.attributeMs))
          .join(
            ' / ',
          )} (×${(large.attributeMs / small.attributeMs).toFixed(1)}) for ×${(large.findings / small.findings).toFixed(0)} findings`,
      ],
      target: '100k < 0.5 s, linear',
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const settings = readSettings();
  log(
    `culprit bench: sizes ${settings.sizes.join(', ')}; ${settings.attempts} warm attempts on ${settings.memorySize}; core ${settings.coreFindings.join(', ')} findings on ${settings.coreFiles} files`,
  );
  log(`machine: ${cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}; ${describeLoad()}`);
  log(`measured: ${describeMeasurement()}`);
  log(
    "culprit: the built CLI (dist/cli/main.js) as a child process, --json; culprit's own time in a check = its wall time (process start to exit) − the checks' time from checks[].durationMs: the slowest check when cold (one worker per check, side by side), their sum when served (one warm worker answers them in turn; on the native stack tsc 7 checks while oxlint lints: the slowest)",
  );
  if (process.env['BENCH_NATIVE'] === 'only') {
    log(`\n${await measureNativeStack(settings)}`);
    return;
  }
  const repos: RepoMeasure[] = [];
  try {
    for (const size of settings.sizes) repos.push(await measureRepo(size, settings));
  } finally {
    if (!settings.keep) for (const { repo } of repos) rmSync(repo.root, { recursive: true, force: true });
  }

  log(
    `\n== core: attribute + report on synthetic findings (timeCore, in process; best of 3 after a warm-up run); ${describeLoad()}`,
  );
  const core = measureCore(settings);
  for (const timing of core) {
    log(
      `  ${timing.findings} findings, ${timing.files} files: attribute ${seconds(timing.attributeMs)} + report ${seconds(timing.reportMs)} = ${seconds(timing.totalMs)}`,
    );
  }
  const startup = await measureStartup();
  log(
    `  CLI start-up: culprit --version ${seconds(startup.cliMs)}, node -e 0 ${seconds(startup.nodeMs)} (medians of 3)`,
  );

  const idle = measureIdleCollection(projectRoot);
  log(`  idle collection (${idle.node}): peak ${idle.peakMb} MB, held ${idle.heldMb} MB 2 s after one collection`);
  if (process.env['BENCH_COMMANDS'] !== '0') {
    const files = Number(process.env['BENCH_COMMAND_FILES'] ?? '2000');
    log(
      `\n== command checks: what knowing their coverage costs (medians of 5 after a warm-up; ${files} JavaScript files, ${Math.floor(files / 10)} Python); ${describeLoad()}`,
    );
    for (const line of describeCommandCosts(await measureCommandCosts(files))) log(line);
    log(describeFlood(await measureFlood(cli)));
  }

  const native = process.env['BENCH_NATIVE'] === '0' ? undefined : await measureNativeStack(settings);

  log(`\n== summary (${describeLoad()})`);
  log(
    renderTable(
      ['metric', ...repos.map((repo) => `${repo.repo.files} files`), 'target'],
      makeRows(repos, core, startup, settings, idle),
    ),
  );
  if (native !== undefined) log(`\n${native}`);
}

/**
 * The native stack: the smallest repository generated again with TypeScript 7 and oxlint with its
 * type-aware rules (oxlint-tsgolint), against raw `tsc --noEmit` + `oxlint` on it, one after the
 * other: culprit cold with the cached baseline after the body edit, and served (median of the
 * body edit's rounds). The cold check and the raw tools take turns for `nativeColdRounds`
 * rounds (each a new body edit) and each is the median of its rounds: on two shared cores one
 * pair of runs says more about the load than about culprit. Returns its table.
 */
async function measureNativeStack(settings: BenchSettings): Promise<string> {
  const size = Math.min(...settings.sizes);
  const repo = generateRepo(size, undefined, 'native');
  try {
    log(
      `\n== native stack: ${repo.files} files, TypeScript 7 + oxlint --type-aware, in ${repo.root}; ${describeLoad()}`,
    );
    const raws = [await measureNativeTools(repo.root)];
    const first = await measureCheck(repo.root, false);
    log(describeCheck('first check, nothing cached', first, raws[0]!));
    const body = makeBodyEdit(repo);
    const colds: CheckMeasure[] = [];
    for (let round = 1; round <= nativeColdRounds; round++) {
      body.apply(round);
      colds.push(await measureCheck(repo.root, false));
      log(
        describeCheck(
          `check with the cached baseline, one-line body edit, round ${round}`,
          colds.at(-1)!,
          raws.at(-1)!,
        ),
      );
      if (round < nativeColdRounds) raws.push(await measureNativeTools(repo.root));
    }
    body.revert();
    // The same edit in the module every package imports: its importers see nothing of it.
    const wideBody = makeWideBodyEdit(repo);
    const wides: CheckMeasure[] = [];
    for (let round = 1; round <= nativeColdRounds; round++) {
      wideBody.apply(round);
      wides.push(await measureCheck(repo.root, false));
    }
    wideBody.revert();
    const raw = pickMedian(raws, (measure) => measure.totalMs);
    const cached = pickMedian(colds, (check) => check.wallMs);
    const wide = pickMedian(wides, (check) => check.wallMs);
    const serve = await startServe(cli, repo.root, makeCliEnv(true));
    let warm: WarmEdits;
    let warmAfterTurn: WarmEdits;
    let memory: ReturnType<ServeProcess['readMemory']>;
    try {
      const prime = await measureCheck(repo.root, true, {}, serve);
      log(describeCheck('served check, the server starting its warm worker', prime, raw));
      if (!(await serve.waitForPrimed(120_000))) log('  the server did not say it was primed within 120 s');
      warm = await measureEdits(repo.root, body, 'one-line body edit', raw, bodySteps, serve);
      warmAfterTurn = await measureEditsAfterTurn(repo.root, body, raw, serve);
      memory = serve.readMemory();
    } finally {
      await serve.stop();
    }
    const own = (check: CheckMeasure) =>
      `${seconds(check.wallMs - check.checksMs)} (${percent(check.wallMs - check.checksMs, check.wallMs)})`;
    const checks = (check: CheckMeasure) =>
      check.checks.map((run) => `${run.name} ${seconds(run.durationMs)}`).join(', ');
    return renderTable(
      ['metric (native stack)', `${repo.files} files`, 'target'],
      [
        {
          metric: `raw = tsc 7 --noEmit + oxlint (type-aware), one after the other: median of ${raws.length}`,
          values: [
            `${seconds(raw.totalMs)} (tsc ${seconds(raw.tsc.wallMs)}, oxlint ${seconds(raw.eslint.wallMs)}); all ${raws.map((measure) => seconds(measure.totalMs)).join(', ')}`,
          ],
          target: '',
        },
        {
          metric: `check, cached baseline, body edit: median of ${colds.length} (× raw)`,
          values: [`${describeCold(cached, raw)}; all ${colds.map((check) => seconds(check.wallMs)).join(', ')}`],
          target: '≤ 1.0×',
        },
        // From the baseline tsc runs in a warm worker and oxlint beside it in culprit's process (it finds its reach in the
        // base graph); in full, side by side in their own workers.
        {
          metric: cached.fromBaseline
            ? '  checks (from the baseline, side by side)'
            : '  checks (in full, side by side)',
          values: [checks(cached)],
          target: '',
        },
        { metric: '  what was redone', values: [describeRedone(cached)], target: '' },
        {
          metric: `check, cached baseline, the body edit in the module every package imports: median of ${wides.length} (× raw)`,
          values: [`${describeCold(wide, raw)}; all ${wides.map((check) => seconds(check.wallMs)).join(', ')}`],
          target: '',
        },
        { metric: '  what was redone', values: [describeRedone(wide)], target: '' },
        {
          metric: 'warm re-check, body edit: median (× raw)',
          values: [describeWarm(warm.median, raw)],
          target: '≤ 0.1×',
        },
        { metric: "  checks; culprit's own work", values: [`${checks(warm.median)}; ${own(warm.median)}`], target: '' },
        {
          metric: `  checked ${seconds(turnMs)} after the edit (the server follows it meanwhile)`,
          values: [describeWarm(warmAfterTurn.median, raw)],
          target: '',
        },
        {
          metric: 'warm server RSS after the edits (serve + workers)',
          values: [`${megabytes(memory.totalKb)} (${megabytes(memory.serveKb)} + ${megabytes(memory.workersKb)})`],
          target: '',
        },
      ],
    );
  } finally {
    if (!settings.keep) rmSync(repo.root, { recursive: true, force: true });
  }
}

/** Rounds of the native stack's cold check and raw tools, taking turns (BENCH_NATIVE_COLD_ROUNDS). */
const nativeColdRounds = Number(process.env['BENCH_NATIVE_COLD_ROUNDS'] ?? '3');

/** Raw `tsc --noEmit` of TypeScript 7, then `oxlint .`, on the native stack's repository; throws when either fails. */
async function measureNativeTools(root: string): Promise<RawMeasure> {
  const tsc = await measureProcess(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'],
    {
      cwd: root,
    },
  );
  const oxlint = await measureProcess(join(root, 'node_modules/.bin/oxlint'), ['.'], { cwd: root });
  if (tsc.exitCode !== 0 || !/Found \d+ warnings? and \d+ errors?/.test(oxlint.stdout))
    throw new Error(
      `raw native tools failed in ${root}: tsc exit ${tsc.exitCode}; oxlint: ${oxlint.stdout.slice(-500)}${oxlint.stderr.slice(0, 500)}`,
    );
  const peak = (measure: ProcessMeasure) => measure.maxRssKb ?? measure.treePeakKb;
  log(
    `  raw tsc --noEmit (7): ${seconds(tsc.wallMs)}; raw oxlint .: ${seconds(oxlint.wallMs)}; ${oxlint.stdout.trim().split('\n').at(-2) ?? ''}`,
  );
  return {
    tsc,
    eslint: oxlint,
    eslintFindings: 0,
    totalMs: tsc.wallMs + oxlint.wallMs,
    peakKb: Math.max(peak(tsc), peak(oxlint)),
  };
}

/** The measure with the median value (the lower one of an even count). */
function pickMedian<T>(measures: readonly T[], valueOf: (measure: T) => number): T {
  const sorted = [...measures].sort((a, b) => valueOf(a) - valueOf(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The native sessions' own words on how much they checked again (`tsc 7: checked …`, `oxlint warm: …`). */
function describeRedone(check: CheckMeasure): string {
  const lines = [...check.stderr.matchAll(/^culprit debug: ((?:tsc 7|oxlint warm): .*)$/gm)].map((match) => match[1]!);
  return lines.length === 0 ? 'not said' : lines.join('; ');
}

function describeLedger(check: CheckMeasure): string {
  return check.ledgerMs === null
    ? 'not measured'
    : `${seconds(check.ledgerMs)} (${(Math.round((1000 * check.ledgerMs) / check.wallMs) / 10).toFixed(1)}%)`;
}

function describeRemote(remote: RemoteMeasure<CheckMeasure>): string {
  const sources = [remote.remote, remote.cached, remote.computed].map((check) => check.baselineSource ?? '?').join('/');
  return `${seconds(remote.remote.wallMs)}: ${ratio(remote.remote.wallMs, remote.cached.wallMs)}, ${ratio(remote.remote.wallMs, remote.computed.wallMs)} (baselines ${sources}; runs ${remote.remote.runs.length}/${remote.cached.runs.length}/${remote.computed.runs.length})`;
}

/** A cold check's time against raw, marked when it did not start from the baseline. */
function describeCold(check: CheckMeasure, raw: RawMeasure): string {
  return `${seconds(check.wallMs)} (${ratio(check.wallMs, raw.totalMs)})${check.fromBaseline ? '' : ', in full'}`;
}

function describeWarm(check: CheckMeasure, raw: RawMeasure): string {
  const flags = [...(check.served ? [] : ['NOT SERVED']), ...(check.failed.length === 0 ? [] : ['CHECK FAILED'])];
  return `${seconds(check.wallMs)} (${ratio(check.wallMs, raw.totalMs)})${flags.map((flag) => ` ${flag}`).join('')}`;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function megabytes(kb: number): string {
  return `${Math.round(kb / 1024)} MB`;
}

function ratio(value: number, base: number): string {
  return base <= 0 ? '?' : `${(value / base).toFixed(value / base < 0.1 ? 3 : 2)}×`;
}

function percent(part: number, whole: number): string {
  return whole <= 0 ? '?' : `${Math.round((100 * part) / whole)}%`;
}

function signedPercent(change: number, base: number): string {
  if (base <= 0) return '?';
  const value = (100 * change) / base;
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
}

function shortCount(count: number): string {
  return count >= 1000 && count % 1000 === 0 ? `${count / 1000}k` : String(count);
}

await main();
