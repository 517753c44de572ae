/**
 * Attempts within one task. Each check is an attempt; comparing it with the previous one tells
 * whether the agent is progressing (root causes falling), spread thin (roots not falling: show
 * more of them), or stuck (the very same findings back again: stop spending the budget).
 */
import { compareStrings } from './diagnostic.js';

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
   * Identity of the tree the attempt checked (a git tree id, or a hash of file hashes). A check
   * of the same tree again is a re-read, not a new attempt: it must not read as stuck.
   */
  tree?: string;
}

export interface AttemptState {
  roots: number;
  fingerprints: readonly string[];
}

export interface AttemptDecision {
  attempt: number;
  width: number;
  /** The frontier was widened because the number of roots did not fall. */
  widened: boolean;
  /** The same non-empty set of introduced findings as the previous attempt. */
  stuck: boolean;
}

/**
 * Numbers the attempt and chooses its width. When the previous attempt had roots and this one
 * has no fewer, fixing one root at a time is not converging (many independent causes), so the
 * width grows by `baseWidth`. The width never narrows within a session: an agent that was shown
 * three roots and fixed one should not lose sight of the other two.
 */
export function decideAttempt(previous: AttemptRecord | undefined, current: AttemptState, baseWidth: number): AttemptDecision {
  const attempt = (previous?.attempt ?? 0) + 1;
  const widened = previous !== undefined && previous.roots > 0 && current.roots >= previous.roots;
  const width = widened ? Math.max(previous.width, baseWidth) + baseWidth : Math.max(previous?.width ?? baseWidth, baseWidth);
  const stuck = previous !== undefined && hasSameFingerprints(previous.fingerprints, current.fingerprints);
  return { attempt, width, widened, stuck };
}

export function makeAttemptRecord(decision: AttemptDecision, current: AttemptState): AttemptRecord {
  return {
    attempt: decision.attempt,
    roots: current.roots,
    fingerprints: sortUnique(current.fingerprints),
    width: decision.width,
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
