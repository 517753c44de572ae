/**
 * What an agent hook should do with one check, whatever the agent: make the model act on the
 * payload (block), tell it without blocking (inform), or stay silent (pass). The agents differ
 * only in how they say it (see one file per agent); the policy is here, so all of them end a loop
 * the same way.
 */
import type { Report } from '../core/report/report.js';
import { describeReleasedStop, relayStuck } from '../render/hook-messages.js';

/** What the agent reported: an edit just happened, or the model wants to stop. */
export interface HookTrigger {
  kind: 'edit' | 'stop';
  /** The agent's own name for the event, echoed in its answer where the protocol wants it. */
  event: string;
  /** On a stop: the model is already continuing because a stop hook blocked before. */
  stopHookActive: boolean;
  /** The session's working directory, as the agent reported it. */
  cwd?: string;
  /** After an edit: the tool's own result as text, for agents whose block replaces it. */
  toolOutput?: string;
  /** On a stop: the model's last message, where the agent reports it (Codex does). */
  lastAssistantMessage?: string;
}

export type HookDecision =
  | { action: 'pass' }
  /** Feed `reason` back to the model as something to act on now. */
  | { action: 'block'; reason: string }
  /** Tell the model (where the event allows) and the user, without holding anything up. */
  | { action: 'inform'; message: string };

/** What the hook command prints and how it exits. */
export interface HookAnswer {
  stdout: string;
  exitCode: number;
}

export interface HookAgent {
  /** The trigger in the agent's hook input, or null for events and tools culprit has no business with. */
  readTrigger(input: Record<string, unknown>): HookTrigger | null;
  makeAnswer(trigger: HookTrigger, decision: HookDecision): HookAnswer;
  /**
   * The agent shows its user nothing a stop hook says (`codex exec`), so the user learns that
   * culprit is stuck only from the model's reply: the stop is blocked once to ask for it.
   */
  stuckThroughModel?: boolean;
}

/** What of the agent the policy depends on. */
export type HookPolicy = Pick<HookAgent, 'stuckThroughModel'>;

/**
 * Claude Code turns hook output longer than this into a file and shows the model a preview, so
 * the whole answer (JSON included) stays within it.
 */
export const hookOutputLimit = 10_000;

/**
 * Consecutive attempts that fixed nothing they were shown before a continued stop is let go: one
 * such attempt may be a model that edited around the findings; two in a row is not converging.
 */
export const stalledAttemptsToRelease = 2;

/**
 * However well each round goes, a session this long is not one task converging: a model that
 * fixes one shown finding and makes another each round would otherwise be held forever.
 */
export const maxBlockedAttempts = 40;

const notBlockingAgain = (report: Report) =>
  describeReleasedStop(report.attempt >= maxBlockedAttempts ? 'attempts' : 'stalled', report);

/**
 * The policy, the same for every agent but for what `HookPolicy` says. A clean tree passes.
 * Introduced findings block, except on a stop the model is already continuing from, where they
 * block again while the model makes progress: a finding shown in the previous attempt is gone
 * (walking a cascade reveals new roots downstream, and that is progress too). It lets go once
 * nothing shown was fixed in `stalledAttemptsToRelease` consecutive attempts, or after
 * `maxBlockedAttempts`, so the loop ends. A stuck loop (the same findings as the last attempt)
 * never blocks: the model is told and may stop, unless the agent shows its user nothing of that
 * (`shouldRelayStuck`). A check that could not finish is never reported as clean: the model is
 * told, and a stop is blocked at most once for it.
 */
export function decideHook(
  trigger: HookTrigger,
  report: Report,
  payload: string,
  policy: HookPolicy = {},
): HookDecision {
  switch (report.verdict) {
    case 'clean':
      return { action: 'pass' };
    case 'introduced':
      if (trigger.kind === 'edit' || !trigger.stopHookActive || !isNotConverging(report))
        return { action: 'block', reason: payload };
      return { action: 'inform', message: `${notBlockingAgain(report)}\n\n${payload}` };
    case 'stuck':
      if (policy.stuckThroughModel === true && shouldRelayStuck(trigger, report))
        return { action: 'block', reason: relayStuck(payload) };
      return { action: 'inform', message: payload };
    case 'check-failed':
      if (trigger.kind === 'stop' && !trigger.stopHookActive) return { action: 'block', reason: payload };
      return { action: 'inform', message: payload };
  }
}

function isNotConverging(report: Report): boolean {
  return report.progress.stalled >= stalledAttemptsToRelease || report.attempt >= maxBlockedAttempts;
}

/**
 * Whether to hold a stuck stop so that the model tells the user. Not when its last message
 * already did. A stop nobody blocked may be held (the next stop is a continued one); a continued
 * stop only while `stalled` is under `stalledAttemptsToRelease`. Stuck means nothing the last
 * attempt showed was fixed, so `stalled` is at least 1 whenever it showed something, and the stop
 * after the relay (nothing edited) is one more: one relay per stuck loop, whatever the model
 * replies. `maxBlockedAttempts` bounds a loop that was shown nothing.
 */
function shouldRelayStuck(trigger: HookTrigger, report: Report): boolean {
  if (trigger.kind !== 'stop' || hasToldStuck(trigger.lastAssistantMessage)) return false;
  if (report.attempt >= maxBlockedAttempts) return false;
  return !trigger.stopHookActive || report.progress.stalled < stalledAttemptsToRelease;
}

/** A reply that says culprit is stuck, in whatever words. */
function hasToldStuck(message: string | undefined): boolean {
  return message !== undefined && /\bculprit\b/i.test(message) && /\bstuck\b/i.test(message);
}

/** Room kept for the agents' own wrapping of the payload (JSON keys, a lead sentence). */
const wrapperRoom = 600;

/**
 * Decides and answers, rendering the payload small enough that the whole answer fits
 * `hookOutputLimit`. JSON escaping can lengthen a payload, so when the answer is still too long
 * the payload is rendered again with its limit scaled down by how much the answer overflowed.
 * `fixed` says what `culprit fix` changed before this check (`fixBeforeBlock`): it leads the
 * payload, and a tree the fixes made clean is reported too, since the model's files changed.
 */
export function answerHook(
  agent: HookAgent,
  trigger: HookTrigger,
  report: Report,
  renderPayload: (outputLimit: number) => string,
  outputLimit: number,
  fixed?: string,
): HookAnswer {
  let limit = Math.min(outputLimit, hookOutputLimit - wrapperRoom) - (fixed?.length ?? 0);
  for (;;) {
    const payload = fixed === undefined ? renderPayload(limit) : `${fixed}\n${renderPayload(limit)}`;
    const decision: HookDecision =
      fixed !== undefined && report.verdict === 'clean'
        ? { action: 'inform', message: fixed }
        : decideHook(trigger, report, payload, agent);
    const answer = agent.makeAnswer(trigger, decision);
    if (answer.stdout.length <= hookOutputLimit || limit <= 200) return answer;
    limit = Math.max(200, Math.floor((limit * (hookOutputLimit - 100)) / answer.stdout.length));
  }
}
