/**
 * Everything a command needs to know about where it runs: the repository root, its git layout,
 * the resolved settings and where state lives. Resolved once per command.
 */
import { resolve } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { loadConfig } from '../config/load-config.js';
import { resolveSettings, type Settings } from '../config/resolve-settings.js';
import { makeUserError } from '../core/errors.js';
import { findRepository, type Repository } from '../git/git.js';
import { withLockFile } from '../state/lock-file.js';
import { resolveLockWait } from '../state/lock-wait.js';
import { resolveStateLayout, type StateLayout } from '../state/state-dir.js';
import type { NoticeSink } from '../core/task-notice.js';
import type { WarmMemory } from '../warm/warm-memory.js';

export interface TaskOptions {
  /** Where to run; the repository is found from here (default: the current directory). */
  cwd?: string;
  /** Overrides the configured number of root units shown per attempt. */
  maxFiles?: number;
  /** Overrides the configured output limit of the text payload. */
  outputLimit?: number;
  /** What a long-lived culprit (serve, mcp) keeps between commands (warm/warm-memory.ts); none for a cold command. */
  memory?: WarmMemory | undefined;
  /**
   * Where the command says, as a code, that it waits for another culprit or took over a lock left
   * behind (core/task-notice.ts); the edges word it on stderr. None: it says nothing.
   */
  onNotice?: NoticeSink | undefined;
}

export interface TaskContext {
  /** The repository's top level (or the directory given, outside git). Paths are relative to it. */
  root: string;
  repo: Repository | null;
  settings: Settings;
  layout: StateLayout;
  memory?: WarmMemory | undefined;
  onNotice: NoticeSink;
}

/**
 * `mayCheckNothing`: the command compares with a baseline whose checks may be gone now (`check`,
 * `debt check`): no check to run is then each baseline check reported removed, not an error.
 */
export async function resolveTaskContext(
  options: TaskOptions = {},
  { mayCheckNothing = false }: { mayCheckNothing?: boolean } = {},
): Promise<TaskContext> {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw makeUserError(`not a directory: ${cwd}`);
  const repo = await (options.memory?.repositories.find(cwd) ?? findRepository(cwd));
  const root = repo?.root ?? cwd;
  const { raw } = await loadConfig(root);
  const settings = await resolveSettings(root, raw, { mayCheckNothing });
  if (options.maxFiles !== undefined) settings.maxFiles = validatePositive('--max-files', options.maxFiles);
  if (options.outputLimit !== undefined) settings.outputLimit = validatePositive('--output-limit', options.outputLimit);
  const onNotice = options.onNotice ?? ignoreNotice;
  return { root, repo, settings, layout: resolveStateLayout(root, repo), memory: options.memory, onNotice };
}

function ignoreNotice(): void {
  // A caller that gave no sink hears nothing.
}

function validatePositive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw makeUserError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * Runs a command that reads and writes this work tree's session (start, check) or its baseline
 * file, one culprit at a time: attempts are recorded in order and none is lost. A second culprit
 * waits, saying once (`onNotice`) whom it waits for; it gives up with an error naming the holder
 * after the longest a working holder can take (its base and after runs, each at most the longest
 * check timeout, plus a minute), or after `CULPRIT_LOCK_WAIT_MS`.
 */
export function withWorkTreeLock<T>(context: TaskContext, command: string, use: () => Promise<T>): Promise<T> {
  return withLockFile(
    context.layout.lockFile,
    {
      command,
      waitMs: resolveLockWait(context.settings.checks),
      onWait: (holder) => context.onNotice({ code: 'work-tree-wait', holder }),
      onTakeOver: (holder, why) =>
        context.onNotice({ code: 'lock-taken-over', file: context.layout.lockFile, holder, why }),
    },
    use,
  );
}
