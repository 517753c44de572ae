/**
 * What the fault tests share: a fast repository checked by a SARIF command (todo-check.mjs behind
 * a wrapper that can hold the check open on request), culprit spawned as a real process, and the
 * inventory of everything a culprit run could leave behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { cliPath } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import { todoFiles } from '../fixtures/sarif-todos.js';
import { isProcessAlive, waitFor } from '../checks/helpers.js';

/**
 * Runs todo-check.mjs, unless told to hold: with CULPRIT_TEST_HOLD=base (in a base copy),
 * after (in the work tree) or all, it starts a sleeping child, records both pids as a file in
 * CULPRIT_TEST_SIGNALS, and never finishes.
 */
export const holdingCheckScript = `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
const hold = process.env.CULPRIT_TEST_HOLD ?? '';
const where = process.cwd() === process.env.CULPRIT_TEST_ROOT ? 'after' : 'base';
if (hold === 'all' || hold === where) {
  const sleeper = spawn('sleep', ['300'], { stdio: 'ignore' });
  writeFileSync(join(process.env.CULPRIT_TEST_SIGNALS, 'held-' + where + '-' + process.pid), JSON.stringify([process.pid, sleeper.pid]));
  setInterval(() => {}, 1000);
} else {
  await import('./todo-check.mjs');
}
`;

export interface FaultRepo {
  repo: TestRepo;
  /** The TMPDIR culprit runs with: base copies go here, and nothing may stay. */
  tmp: string;
  /** Where a held check records its pids. */
  signals: string;
  /** The environment for culprit: TMPDIR, the hold's root and signal folder. */
  env: (extra?: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
  cleanup: () => void;
}

export const todosConfig = { checks: { todos: { command: ['node', 'check.mjs'], format: 'sarif' } } };

/** A repository with standing TODOs, checked by the holding wrapper around todo-check.mjs. */
export function makeFaultRepo(options: { git?: boolean; files?: Record<string, string> } = {}): FaultRepo {
  const repo = makeRepo({
    typescript: false,
    git: options.git ?? true,
    files: {
      ...todoFiles,
      'culprit.config.json': `${JSON.stringify(todosConfig)}\n`,
      'check.mjs': holdingCheckScript,
      ...options.files,
    },
  });
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'culprit-faults-tmp-')));
  const signals = realpathSync(mkdtempSync(join(tmpdir(), 'culprit-faults-signals-')));
  return {
    repo,
    tmp,
    signals,
    // Outside git, state lives in the cache folder: this test's own.
    env: (extra = {}) => ({
      TMPDIR: tmp,
      XDG_CACHE_HOME: join(signals, 'cache'),
      CULPRIT_TEST_ROOT: repo.root,
      CULPRIT_TEST_SIGNALS: signals,
      ...extra,
    }),
    cleanup: () => {
      killAll([...findProcessesIn(tmp), ...findProcessesIn(repo.root)]);
      for (const pids of readHeld(signals)) killAll(pids);
      repo.cleanup();
      rmSync(tmp, { recursive: true, force: true });
      rmSync(signals, { recursive: true, force: true });
    },
  };
}

/** The edit most fault tests make: one new TODO, so a finished check says `introduced`. */
export function writeEdit(fault: FaultRepo): void {
  fault.repo.write('src/tax.js', 'export const rate = 0.2; // TODO: regional rates\n');
}

/**
 * For a test file: makes fault repositories (with the edit unless `edited: false`) and removes
 * them, and whatever their runs left, after each test.
 */
export function useFaultRepos(): (options?: { git?: boolean; edited?: boolean }) => FaultRepo {
  const made: FaultRepo[] = [];
  afterEach(() => {
    for (const fault of made.splice(0)) fault.cleanup();
  });
  return (options = {}) => {
    const fault = makeFaultRepo(options.git === undefined ? {} : { git: options.git });
    made.push(fault);
    if (options.edited ?? true) writeEdit(fault);
    return fault;
  };
}

/** The pid pairs of checks holding now (wrapper, sleeping child). */
export function readHeld(signals: string, prefix = 'held-'): [number, number][] {
  return readdirSync(signals)
    .filter((name) => name.startsWith(prefix))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(signals, name), 'utf8')) as [number, number]];
      } catch {
        return []; // being written
      }
    });
}

export interface Spawned {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** `culprit <args>` as a separate process; its output is collected. */
export function spawnCulprit(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exited };
}

/** Processes whose working directory is `dir` or inside it: check workers and tools run in the tree they check. */
export function findProcessesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      if ((cwd === dir || cwd.startsWith(`${dir}/`)) && isProcessAlive(Number(name))) pids.push(Number(name));
    } catch {
      // Gone, or not ours to inspect.
    }
  }
  return pids;
}

/** Processes in the process group `pgid`. */
export function findProcessGroup(pgid: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') pids.push(Number(name));
    } catch {
      // Gone.
    }
  }
  return pids;
}

export function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Everything a culprit run may create outside its answer: base copies in TMPDIR, private index
 * files and lock files in its state folder, temporary names of atomic writes, running checks.
 * Empty when nothing was left behind.
 */
export function listLeftovers(fault: FaultRepo): string[] {
  const left: string[] = [];
  for (const name of readdirSync(fault.tmp)) left.push(`TMPDIR/${name}`);
  const state = findStateDir(fault.repo.root);
  if (state !== null) {
    for (const dir of ['tmp', 'locks']) {
      const path = join(state, dir);
      if (existsSync(path)) for (const name of readdirSync(path)) left.push(`${dir}/${name}`);
    }
    for (const dir of ['sessions', 'snapshots']) {
      const path = join(state, dir);
      if (existsSync(path))
        for (const name of readdirSync(path)) if (!name.endsWith('.json')) left.push(`${dir}/${name}`);
    }
  }
  for (const name of readdirSync(fault.repo.root)) if (name.endsWith('.tmp')) left.push(name);
  for (const pid of [...findProcessesIn(fault.tmp), ...findProcessesIn(fault.repo.root)]) left.push(`process ${pid}`);
  for (const [wrapper, sleeper] of readHeld(fault.signals)) {
    if (isProcessAlive(wrapper)) left.push(`held check ${wrapper}`);
    if (isProcessAlive(sleeper)) left.push(`its child ${sleeper}`);
  }
  return left;
}

function findStateDir(root: string): string | null {
  const dir = join(root, '.git', 'culprit');
  return existsSync(dir) ? dir : null;
}

/** Every session and snapshot file parses as JSON: nothing half-written is in place of state. */
export function readStateFiles(root: string): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const dir of ['sessions', 'snapshots']) {
    const path = join(root, '.git', 'culprit', dir);
    if (!existsSync(path)) continue;
    for (const name of readdirSync(path))
      files[`${dir}/${name}`] = JSON.parse(readFileSync(join(path, name), 'utf8')) as unknown;
  }
  return files;
}

/** Waits until a check holds (its wrapper recorded itself), then returns its pids. */
export async function waitForHold(
  fault: FaultRepo,
  where: 'base' | 'after',
  timeoutMs = 60_000,
): Promise<[number, number]> {
  const held = () => readHeld(fault.signals, `held-${where}-`)[0];
  if (!(await waitFor(() => held() !== undefined, timeoutMs)))
    throw new Error(`no check held in the ${where} run within ${timeoutMs} ms`);
  return held()!;
}
