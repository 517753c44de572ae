/**
 * Attempts within one task. Each check of a new tree is an attempt; comparing it with the
 * previous one tells whether the agent is progressing (findings it was shown are gone), not
 * converging on what it was shown (show more roots at once), or stuck (the tree changed and the
 * very same findings came back: stop spending the budget). Progress is not a falling root count: walking a cascade correctly
 * reveals the next files downstream, so the count of roots may rise while every shown finding
 * gets fixed.
 */
import { compareStrings } from '../diagnostic.js';

/** What one attempt leaves for the next; stored in the session state. */
export interface AttemptRecord {
  attempt: number;
  /** How many root units the attempt found. */
  roots: number;
  /** The introduced findings' fingerprints, sorted. */
  fingerprints: string[];
  /** How many editable root units the attempt showed. */
  width: number;
  /**
   * The fingerprints the attempt showed, sorted. Absent in records written before culprit kept
   * them: such an attempt says nothing about progress, so it never widens or counts as stalled.
   */
  shown?: string[];
  /**
   * The check (the finding's `tool`) of each of `shown`, same order: a finding of a check the
   * next attempt defers is neither fixed nor still there. Absent in older records.
   */
  shownTools?: string[];
  /** Consecutive attempts, ending with this one, that fixed nothing the attempt before showed. */
  stalled?: number;
  /**
   * Identity of the tree the attempt checked (a git tree id, or a hash of file hashes). A check
   * of the same tree again is a re-read, not a new attempt: it must not read as stuck.
   */
  tree?: string;
}

export interface AttemptState {
  roots: number;
  fingerprints: readonly string[];
  /** Checks deferred this attempt: what the previous attempt showed of theirs is not known to be fixed. */
  deferred?: ReadonlySet<string>;
}

export interface AttemptDecision {
  attempt: number;
  width: number;
  /** The width grew: nothing the previous attempt showed was fixed. */
  widened: boolean;
  /** The same non-empty set of introduced findings as the previous attempt. */
  stuck: boolean;
  /** How many findings the previous attempt showed are gone now. */
  fixed: number;
  /** Consecutive attempts, ending with this one, that fixed nothing shown the attempt before. */
  stalled: number;
}

/**
 * Numbers the attempt and chooses its width. When the previous attempt showed findings and none
 * of them is gone, the roots it showed are still failing: the agent is not converging one root
 * at a time (the roots are entangled, or many independent causes), so the width grows by
 * `baseWidth`. Fixing what was shown is progress even when it reveals more roots downstream.
 * The width never narrows within a session: an agent that was shown three roots and fixed one
 * should not lose sight of the other two.
 */
export function decideAttempt(
  previous: AttemptRecord | undefined,
  current: AttemptState,
  baseWidth: number,
): AttemptDecision {
  const attempt = (previous?.attempt ?? 0) + 1;
  const deferred = current.deferred ?? new Set<string>();
  const tools = previous?.shownTools;
  const previouslyShown = (previous?.shown ?? []).filter(
    (_, index) => tools === undefined || !deferred.has(tools[index] ?? ''),
  );
  const remaining = new Set(current.fingerprints);
  const fixed = previouslyShown.filter((fingerprint) => !remaining.has(fingerprint)).length;
  const noProgress = previouslyShown.length > 0 && fixed === 0;
  const stalled = noProgress ? (previous?.stalled ?? 0) + 1 : 0;
  const widened = previous !== undefined && noProgress;
  const width = widened
    ? Math.max(previous.width, baseWidth) + baseWidth
    : Math.max(previous?.width ?? baseWidth, baseWidth);
  const stuck = previous !== undefined && hasSameFingerprints(previous.fingerprints, current.fingerprints);
  return { attempt, width, widened, stuck, fixed, stalled };
}

/**
 * The width to use when widening would show nothing new (every root already fits): the
 * previous one, so the frontier does not claim to have widened and the next real widening
 * still grows by one step.
 */
export function keepWidth(
  decision: AttemptDecision,
  previous: AttemptRecord | undefined,
  baseWidth: number,
): AttemptDecision {
  return { ...decision, widened: false, width: Math.max(previous?.width ?? baseWidth, baseWidth) };
}

export function makeAttemptRecord(
  decision: AttemptDecision,
  current: AttemptState,
  shown: readonly { fingerprint: string; tool: string }[],
): AttemptRecord {
  const byFingerprint = new Map(shown.map((finding) => [finding.fingerprint, finding.tool]));
  const fingerprints = sortUnique([...byFingerprint.keys()]);
  return {
    attempt: decision.attempt,
    roots: current.roots,
    fingerprints: sortUnique(current.fingerprints),
    width: decision.width,
    shown: fingerprints,
    shownTools: fingerprints.map((fingerprint) => byFingerprint.get(fingerprint)!),
    stalled: decision.stalled,
  };
}

/** Set equality, and never for an empty set: nothing introduced twice is clean, not stuck. */
function hasSameFingerprints(previous: readonly string[], current: readonly string[]): boolean {
  const a = sortUnique(previous);
  const b = sortUnique(current);
  return b.length > 0 && a.length === b.length && a.every((fingerprint, index) => fingerprint === b[index]);
}

function sortUnique(fingerprints: readonly string[]): string[] {
  return [...new Set(fingerprints)].sort(compareStrings);
}
