/**
 * What bench/run.ts and bench/held-out.ts run culprit with and say about the machine: the
 * environment of a served or a cold command, the Claude Code Stop document a hook is fed, the
 * load line every table carries, and the median they report.
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';

/** Cold runs are told CULPRIT_NO_SERVE=1; served ones find the work tree's server, or (CI unset) start one. */
export function makeCliEnv(served: boolean): NodeJS.ProcessEnv {
  const { CULPRIT_NO_SERVE: _ignored, CI: _ci, ...env } = process.env;
  return { ...env, CULPRIT_DEBUG: '1', ...(served ? {} : { CULPRIT_NO_SERVE: '1' }) };
}

/** Claude Code's Stop document for a session in `root`, as `culprit hook claude-code` reads it on stdin. */
export function makeStopHookInput(root: string, session: string): string {
  return JSON.stringify({
    session_id: session,
    transcript_path: join(root, '..', `${session}-transcript.jsonl`),
    cwd: root,
    permission_mode: 'default',
    hook_event_name: 'Stop',
    stop_hook_active: false,
  });
}

export function describeLoad(): string {
  const [one, five] = loadavg();
  const cores = availableParallelism();
  const busy = one! > cores ? ` — LOADED: more runnable processes than ${cores} cores, timings are inflated` : '';
  return `load average ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min) on ${cores} cores${busy}`;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * The MCP check rounds, edits back to back right after `start`, and how many of the first are its
 * warm-up, shown apart: they meet the worker priming from the start's baseline and are answered
 * cold. An edit that lands during that priming has the worker check the files that moved again
 * in one more run (warm/prime-warm-engine.ts): one or two rounds in all, on either stack; a third
 * is kept as warm-up for a slow hour. The median is of the rest.
 */
export const mcpRounds = 14;
export const mcpWarmUpRounds = 3;

/**
 * The model's turn between an agent's last edit and what only a turn brings: a Stop hook (Claude
 * Code runs it when the model ends its turn) and an MCP tool call (the model asks for it). One
 * second, shorter than a real model call; BENCH_TURN_MS sets it. A server follows an edit while
 * the model works (warm/follow-edit.ts), so these rows measure what an agent waits for; a check a
 * hook runs right after the edit (PostToolUse) has no turn before it, and the served re-check rows
 * (and each row's "right after the edit" line) measure that case.
 */
export const turnMs = Number(process.env['BENCH_TURN_MS'] ?? '1000');

export function waitForTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, turnMs));
}

/** The MCP rounds after a model's turn, after the back-to-back ones. */
export const mcpTurnRounds = 5;
