/**
 * What the check tests compare against: the real `tsc` CLI's output, a listing of every file in a
 * tree, and whether a process is still alive.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { makeRepo, type RepoOptions, type TestRepo } from '../helpers/repo.js';

/** Makes test repositories without git history, each removed after its test. */
export function useCheckRepos(): (options: Omit<RepoOptions, 'git'>) => TestRepo {
  const repos: TestRepo[] = [];
  afterEach(() => {
    for (const repo of repos.splice(0)) repo.cleanup();
  });
  return (options) => {
    const repo = makeRepo({ ...options, git: false });
    repos.push(repo);
    return repo;
  };
}

/** The fields the tsc CLI prints, for comparing sets. */
export type PrintedDiagnostic = Pick<Diagnostic, 'path' | 'line' | 'column' | 'severity' | 'code' | 'message'>;

/** `tsc --noEmit -p <project> --pretty false` with the repository's own TypeScript, parsed. */
export function runTscCli(root: string, project: string, extra: readonly string[] = []): PrintedDiagnostic[] {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project, '--pretty', 'false', ...extra], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return parseTscOutput(result.stdout);
}

export function parseTscOutput(output: string): PrintedDiagnostic[] {
  const printed: PrintedDiagnostic[] = [];
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    const located = /^(.+)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$/.exec(line);
    const global = /^(error|warning) (TS\d+): (.*)$/.exec(line);
    const last = printed.at(-1);
    if (located !== null) {
      const [, path = '', lineNumber = '0', column = '0', severity, code = '', message = ''] = located;
      printed.push({
        path,
        line: Number(lineNumber),
        column: Number(column),
        severity: severity as Diagnostic['severity'],
        code,
        message,
      });
    } else if (global !== null) {
      const [, severity, code = '', message = ''] = global;
      printed.push({ path: null, line: 0, column: 0, severity: severity as Diagnostic['severity'], code, message });
    } else if (last !== undefined && /^\s/.test(line)) {
      // A chained message continues on indented lines.
      last.message += `\n${line}`;
    } else {
      throw new Error(`unexpected tsc output line: ${line}`);
    }
  }
  return sortPrinted(printed);
}

export function toPrinted(diagnostics: readonly Diagnostic[]): PrintedDiagnostic[] {
  return sortPrinted(
    diagnostics.map(({ path, line, column, severity, code, message }) => ({
      path,
      line,
      column,
      severity,
      code,
      message,
    })),
  );
}

function sortPrinted(printed: PrintedDiagnostic[]): PrintedDiagnostic[] {
  return printed.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Every file and folder under `root` (symlinks listed, not followed) with its size: a tree's fingerprint for "nothing was written". */
export function listTree(root: string): string[] {
  const entries: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === '.git') continue;
      const path = join(dir, name);
      const stat = lstatSync(path);
      const relative = `${prefix}${name}`;
      if (stat.isDirectory()) {
        entries.push(`${relative}/`);
        walk(path, `${relative}/`);
      } else {
        entries.push(`${relative} ${stat.isSymbolicLink() ? 'link' : stat.size} ${stat.mtimeMs}`);
      }
    }
  };
  walk(root, '');
  return entries;
}

/** True while the process exists and is not a zombie waiting to be reaped. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Polls until `condition` holds or `timeoutMs` passes; returns whether it held. */
export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

/** A suppression finding as a check reports it: `expect(…).toEqual([suppression('a.py', 2, 15, …)])`. */
export function makeSuppressionFinding(tool: string, phase: Diagnostic['phase']) {
  return (path: string, line: number, column: number, code: string, message: string, scope: object) => ({
    tool,
    code,
    severity: 'error',
    phase,
    path,
    line,
    column,
    message,
    kind: 'suppression',
    suppression: scope,
  });
}
