/**
 * Runs a command as a child process and measures it: wall time, the peak memory of its whole
 * process tree (sampled from /proc), and, when GNU time is installed, the kernel's exact
 * high-water mark of the largest single process in the tree (`/usr/bin/time -v`, ru_maxrss).
 * culprit runs its checks in worker processes side by side, so only the tree's sum compares
 * with a raw tool's peak; a single process's maximum would leave the other workers out.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProcessMeasure {
  wallMs: number;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Peak of the summed resident set sizes of the process and its descendants, sampled every `sampleMs`. */
  treePeakKb: number;
  /** ru_maxrss of the largest single process (GNU time), or null without /usr/bin/time. */
  maxRssKb: number | null;
}

export interface MeasureOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** How often the process tree's memory is read; 100 ms by default. */
  sampleMs?: number;
  /** Written to the process's stdin (a hook's input); stdin is closed otherwise. */
  input?: string;
}

const gnuTime = '/usr/bin/time';
const pageKb = 4;

export function hasGnuTime(): boolean {
  return existsSync(gnuTime);
}

export function describeMeasurement(): string {
  const single = hasGnuTime()
    ? `${gnuTime} -v (ru_maxrss: the kernel's high-water mark of the largest single process)`
    : 'no /usr/bin/time: single-process peaks unavailable';
  return `wall time: performance.now() around spawn → exit; memory: the process tree's summed RSS from /proc/<pid>/stat, sampled every 100 ms (shared pages counted once per process, so multi-process numbers are slightly pessimistic), and ${single}`;
}

export function measureProcess(
  command: string,
  args: readonly string[],
  options: MeasureOptions,
): Promise<ProcessMeasure> {
  const timed = hasGnuTime();
  const scratch = timed ? mkdtempSync(join(tmpdir(), 'culprit-bench-time-')) : undefined;
  const timeFile = scratch === undefined ? undefined : join(scratch, 'time.txt');
  const [file, argv] =
    timeFile === undefined ? [command, [...args]] : [gnuTime, ['-v', '-o', timeFile, command, ...args]];
  const started = performance.now();
  const child = spawn(file, argv, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // An empty stdin for a command that reads none, as 'ignore' would be.
  child.stdin.end(options.input ?? '');
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  let treePeakKb = 0;
  const sample = () => {
    if (child.pid !== undefined) treePeakKb = Math.max(treePeakKb, readTreeRssKb(child.pid));
  };
  const sampler = setInterval(sample, options.sampleMs ?? 100);
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
    child.once('close', (code) => {
      const wallMs = performance.now() - started;
      clearInterval(sampler);
      const maxRssKb = timeFile === undefined ? null : readMaxRss(timeFile);
      if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
      resolve({
        wallMs,
        exitCode: code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        // A process too short for one sample still has its kernel-measured peak.
        treePeakKb: Math.max(treePeakKb, maxRssKb ?? 0),
        maxRssKb,
      });
    });
  });
}

function readMaxRss(timeFile: string): number | null {
  try {
    const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(timeFile, 'utf8'));
    return match === null ? null : Number(match[1]);
  } catch {
    return null;
  }
}

interface ProcessEntry {
  ppid: number;
  rssKb: number;
}

/** Every process's parent and resident set size, from /proc/<pid>/stat. */
function listProcesses(): Map<number, ProcessEntry> {
  const processes = new Map<number, ProcessEntry>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return processes;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name in parentheses may hold spaces; the fields after it are space-separated:
      // state, ppid, … and rss (in pages) is the 22nd of them.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(name), { ppid: Number(fields[1]), rssKb: Number(fields[21]) * pageKb });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return processes;
}

/** Pids of `pid` and all its descendants. */
export function listProcessTree(pid: number, processes: Map<number, ProcessEntry> = listProcesses()): number[] {
  const children = new Map<number, number[]>();
  for (const [child, { ppid }] of processes) children.set(ppid, [...(children.get(ppid) ?? []), child]);
  const tree: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (!processes.has(next)) continue;
    tree.push(next);
    pending.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** Summed RSS of `pid` and its descendants, in KB (0 once it has ended). */
export function readTreeRssKb(pid: number): number {
  const processes = listProcesses();
  return listProcessTree(pid, processes).reduce((sum, member) => sum + processes.get(member)!.rssKb, 0);
}

/** RSS of each process of the tree rooted at `pid`, in KB. */
export function readTreeMembers(pid: number): { pid: number; rssKb: number }[] {
  const processes = listProcesses();
  return listProcessTree(pid, processes).map((member) => ({ pid: member, rssKb: processes.get(member)!.rssKb }));
}
