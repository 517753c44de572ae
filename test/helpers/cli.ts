/**
 * Runs the built culprit CLI as a user would: a separate process, real arguments, real exit code.
 */
import type { EchoGroup } from '../../src/core/triage/echo-groups.js';
import type { Withheld } from '../../src/core/report/report.js';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './repo.js';

export const cliPath = join(projectRoot, 'dist', 'cli', 'main.js');

export interface CliResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export function runCli(
  cwd: string,
  args: readonly string[],
  options: { input?: string; env?: NodeJS.ProcessEnv } = {},
): CliResult {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    encoding: 'utf8',
    input: options.input,
    env: { ...process.env, ...options.env },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.status ?? -1 };
}

/** runCli without blocking the test's event loop: for culprits running side by side, or beside a server the test watches. */
export function runCliAsync(
  cwd: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ stdout, stderr, exitCode: code ?? -1 }));
  });
}

/** `culprit check --json`, parsed; fails the test with culprit's stderr when the output is not JSON. */
export function checkJson(
  cwd: string,
  extra: readonly string[] = [],
): { exitCode: number; report: JsonReport; stderr: string } {
  const result = runCli(cwd, ['check', '--json', ...extra]);
  let report: JsonReport;
  try {
    report = JSON.parse(result.stdout) as JsonReport;
  } catch {
    throw new Error(
      `culprit check --json printed no JSON (exit ${result.exitCode}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return { exitCode: result.exitCode, report, stderr: result.stderr };
}

export interface JsonFinding {
  tool: string;
  code: string;
  severity: 'error' | 'warning';
  phase: string;
  path: string | null;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
  fingerprint: string;
  kind?: 'suppression' | 'coverage' | 'weakened' | 'check-removed';
  silenced?: { code: string; path: string; line: number; column: number; message: string }[];
}

export interface JsonReport {
  verdict: 'clean' | 'introduced' | 'stuck' | 'check-failed';
  attempt: number;
  counts: {
    introduced: number;
    resolved: number;
    standing: number;
    reworded: number;
    reanchored: number;
    silenced: number;
  };
  shown: JsonFinding[];
  groups: EchoGroup[];
  withheld: Withheld;
  roots: { files: string[]; editable: boolean; selected: boolean; introduced: number; instruction?: string }[];
  checks: { name: string; status: string; durationMs: number; version: string | null; error?: string }[];
  [key: string]: unknown;
}
