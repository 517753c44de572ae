/**
 * Everything a command needs to know about where it runs: the repository root, its git layout,
 * the resolved settings and where state lives. Resolved once per command.
 */
import { resolve } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { loadConfig } from '../config/load-config.js';
import { resolveSettings, type Settings } from '../config/resolve-settings.js';
import { makeUserError } from '../errors.js';
import { findRepository, type Repository } from '../git/git.js';
import { resolveStateLayout, type StateLayout } from '../state/state-dir.js';

export interface TaskOptions {
  /** Where to run; the repository is found from here (default: the current directory). */
  cwd?: string;
  /** Overrides the configured number of root units shown per attempt. */
  maxFiles?: number;
  /** Overrides the configured output limit of the text payload. */
  outputLimit?: number;
}

export interface TaskContext {
  /** The repository's top level (or the directory given, outside git). Paths are relative to it. */
  root: string;
  repo: Repository | null;
  settings: Settings;
  layout: StateLayout;
}

export async function resolveTaskContext(options: TaskOptions = {}): Promise<TaskContext> {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw makeUserError(`not a directory: ${cwd}`);
  const repo = await findRepository(cwd);
  const root = repo?.root ?? cwd;
  const { raw } = loadConfig(root);
  const settings = resolveSettings(root, raw);
  if (options.maxFiles !== undefined) settings.maxFiles = validatePositive('--max-files', options.maxFiles);
  if (options.outputLimit !== undefined) settings.outputLimit = validatePositive('--output-limit', options.outputLimit);
  return { root, repo, settings, layout: resolveStateLayout(root, repo) };
}

function validatePositive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw makeUserError(`${name} must be a positive integer, got ${value}`);
  return value;
}
